-- AlterTable
ALTER TABLE "KnowledgeBase" ADD COLUMN     "embeddingModel" TEXT;

-- AlterTable
ALTER TABLE "Chunk" DROP COLUMN "embedding",
ADD COLUMN     "embedding" BYTEA;

-- Full-text search (hand-written: Prisma cannot model an expression index, see lib/db/queries/chunk-search.ts).
-- A GIN index on the English tsvector of "Chunk"."text" (stemmed, stop words dropped), queried with
-- websearch_to_tsquery and ranked with ts_rank_cd: PostgreSQL has no BM25, cover density ranking is its
-- equivalent. Queries must use exactly this expression for the index to apply.
CREATE INDEX "Chunk_text_search_idx" ON "Chunk" USING GIN (to_tsvector('english'::regconfig, "text"));
