/**
 * Full-text search and vectors over Chunk rows, in the database (the SQL lives in the migrations
 * `*_knowledge_search`, since Prisma models neither FTS5 nor expression indexes):
 *
 * - SQLite: the external-content FTS5 table "ChunkSearch" over "Chunk"."text" (porter stemming, unicode61
 *   tokens), kept in step by triggers on Chunk (so a deleted document's chunks leave the index with the
 *   cascade), queried with MATCH and ranked with `bm25()` (lower is better; returned negated, ≥ 0).
 * - PostgreSQL: a GIN index on `to_tsvector('english', "text")`, queried with `websearch_to_tsquery` and
 *   ranked with `ts_rank_cd` (cover density). PostgreSQL has no BM25; ts_rank_cd is its equivalent here.
 *
 * Term statistics (bm25's IDF) are those of the whole table, across knowledge bases; the knowledge-base
 * filter applies to the matches. User text reaches the engines only as sanitised terms
 * (lib/knowledge/search-query.ts) and as bound parameters.
 */
import type { ChunkRecord, KeywordMatch } from "@/lib/knowledge/retriever";
import { toFts5Match, toWebSearchQuery } from "@/lib/knowledge/search-query";
import { decodeVector } from "@/lib/knowledge/vectors";
import type { Db } from "../client";
import { sqliteBindingOf } from "../sqlite-connection";

interface MatchRow {
  chunkId: string;
  kbId: string;
  documentId: string;
  document: string;
  chunk: number | bigint;
  text: string;
  rawScore: number;
}

/** Which engine serves `db`: FTS5 bm25 on SQLite, ts_rank_cd on PostgreSQL. */
export function keywordRankerOf(db: Db): "bm25" | "ts_rank_cd" {
  return sqliteBindingOf(db) ? "bm25" : "ts_rank_cd";
}

const toMatch = (row: MatchRow): KeywordMatch => ({
  chunkId: row.chunkId,
  kbId: row.kbId,
  documentId: row.documentId,
  document: row.document,
  chunk: Number(row.chunk),
  text: row.text,
  rawScore: Number(row.rawScore),
});

/**
 * Chunks of the knowledge bases (row ids) whose text matches any of `terms`, best first, at most `limit`.
 * `rawScore` ≥ 0, higher is better: `-bm25()` on SQLite, `ts_rank_cd` on PostgreSQL. Ties: document name,
 * then chunk position. `terms` must come from `searchTerms` (letters and digits only).
 * @returns [] for no terms or no knowledge bases. @throws the database's error.
 */
export async function searchChunkText(db: Db, kbIds: string[], terms: string[], limit: number): Promise<KeywordMatch[]> {
  if (terms.length === 0 || kbIds.length === 0 || limit < 1) return [];
  if (keywordRankerOf(db) === "bm25") {
    const placeholders = kbIds.map(() => "?").join(", ");
    const rows = await db.$queryRawUnsafe<MatchRow[]>(
      `SELECT c."id" AS "chunkId", c."knowledgeBaseId" AS "kbId", c."documentId" AS "documentId", d."name" AS "document",
              c."position" AS "chunk", c."text" AS "text", -bm25("ChunkSearch") AS "rawScore"
         FROM "ChunkSearch"
         JOIN "Chunk" c ON c.rowid = "ChunkSearch".rowid
         JOIN "Document" d ON d."id" = c."documentId"
        WHERE "ChunkSearch" MATCH ? AND c."knowledgeBaseId" IN (${placeholders})
        ORDER BY bm25("ChunkSearch"), d."name", c."position"
        LIMIT ?`,
      toFts5Match(terms),
      ...kbIds,
      limit,
    );
    return rows.map(toMatch);
  }
  const placeholders = kbIds.map((_, index) => `$${index + 2}`).join(", ");
  const rows = await db.$queryRawUnsafe<MatchRow[]>(
    `SELECT c."id" AS "chunkId", c."knowledgeBaseId" AS "kbId", c."documentId" AS "documentId", d."name" AS "document",
            c."position" AS "chunk", c."text" AS "text",
            ts_rank_cd(to_tsvector('english'::regconfig, c."text"), q)::float8 AS "rawScore"
       FROM "Chunk" c
       JOIN "Document" d ON d."id" = c."documentId",
            websearch_to_tsquery('english'::regconfig, $1) q
      WHERE to_tsvector('english'::regconfig, c."text") @@ q AND c."knowledgeBaseId" IN (${placeholders})
      ORDER BY "rawScore" DESC, d."name", c."position"
      LIMIT $${kbIds.length + 2}`,
    toWebSearchQuery(terms),
    ...kbIds,
    limit,
  );
  return rows.map(toMatch);
}

/** Every stored embedding of the knowledge bases' chunks, decoded (lib/knowledge/vectors.ts). */
export async function loadChunkVectors(db: Db, kbIds: string[]): Promise<{ chunkId: string; vector: Float32Array }[]> {
  if (kbIds.length === 0) return [];
  const rows = await db.chunk.findMany({
    where: { knowledgeBaseId: { in: kbIds }, embedding: { not: null } },
    select: { id: true, embedding: true },
  });
  return rows.map((row) => ({ chunkId: row.id, vector: decodeVector(row.embedding as Uint8Array) }));
}

/** Chunks by id with their document's name (unknown ids left out, any order). */
export async function loadChunksById(db: Db, chunkIds: string[]): Promise<ChunkRecord[]> {
  if (chunkIds.length === 0) return [];
  const rows = await db.chunk.findMany({
    where: { id: { in: chunkIds } },
    select: { id: true, knowledgeBaseId: true, documentId: true, position: true, text: true, document: { select: { name: true } } },
  });
  return rows.map((row) => ({
    chunkId: row.id,
    kbId: row.knowledgeBaseId,
    documentId: row.documentId,
    document: row.document.name,
    chunk: row.position,
    text: row.text,
  }));
}

/** Each knowledge base's embedding model (null: keyword ranking only). */
export async function loadEmbeddingModels(db: Db, kbIds: string[]): Promise<Map<string, string | null>> {
  const rows = await db.knowledgeBase.findMany({ where: { id: { in: kbIds } }, select: { id: true, embeddingModel: true } });
  return new Map(rows.map((row) => [row.id, row.embeddingModel]));
}
