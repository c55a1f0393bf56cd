-- AlterTable
ALTER TABLE "KnowledgeBase" ADD COLUMN "embeddingModel" TEXT;

-- RedefineTables
-- (edited: "embedding" was JSON text that nothing wrote, it is not copied into the Float32 BLOB column)
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Chunk" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "documentId" TEXT NOT NULL,
    "knowledgeBaseId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "tokenCount" INTEGER NOT NULL DEFAULT 0,
    "embedding" BLOB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Chunk_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Chunk_knowledgeBaseId_fkey" FOREIGN KEY ("knowledgeBaseId") REFERENCES "KnowledgeBase" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Chunk" ("createdAt", "documentId", "embedding", "id", "knowledgeBaseId", "position", "text", "tokenCount") SELECT "createdAt", "documentId", NULL, "id", "knowledgeBaseId", "position", "text", "tokenCount" FROM "Chunk";
DROP TABLE "Chunk";
ALTER TABLE "new_Chunk" RENAME TO "Chunk";
CREATE INDEX "Chunk_knowledgeBaseId_idx" ON "Chunk"("knowledgeBaseId");
CREATE INDEX "Chunk_documentId_idx" ON "Chunk"("documentId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Full-text search (hand-written: Prisma cannot model FTS5, see lib/db/queries/chunk-search.ts).
-- An external-content FTS5 table over "Chunk"."text", keyed by Chunk's rowid, ranked with bm25(), the porter
-- stemmer over unicode61 so "refunds" finds "refund". Triggers keep it in step with every insert, update and
-- delete of a Chunk row, including the cascade when a Document or KnowledgeBase is deleted.
-- A later migration that redefines "Chunk" (Prisma's new_Chunk copy) drops these triggers and renumbers rowids:
-- it must re-create the three triggers and end with INSERT INTO "ChunkSearch"("ChunkSearch") VALUES ('rebuild')
-- (lib/db/queries/knowledge-search.int.test.ts fails when the triggers are missing or the index is out of step).
CREATE VIRTUAL TABLE "ChunkSearch" USING fts5(
    "text",
    content='Chunk',
    content_rowid='rowid',
    tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER "Chunk_search_insert" AFTER INSERT ON "Chunk" BEGIN
    INSERT INTO "ChunkSearch"(rowid, "text") VALUES (new.rowid, new."text");
END;
CREATE TRIGGER "Chunk_search_delete" AFTER DELETE ON "Chunk" BEGIN
    INSERT INTO "ChunkSearch"("ChunkSearch", rowid, "text") VALUES ('delete', old.rowid, old."text");
END;
CREATE TRIGGER "Chunk_search_update" AFTER UPDATE OF "text" ON "Chunk" BEGIN
    INSERT INTO "ChunkSearch"("ChunkSearch", rowid, "text") VALUES ('delete', old.rowid, old."text");
    INSERT INTO "ChunkSearch"(rowid, "text") VALUES (new.rowid, new."text");
END;
-- index the chunks that already exist
INSERT INTO "ChunkSearch"("ChunkSearch") VALUES ('rebuild');
