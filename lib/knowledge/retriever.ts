/**
 * Retrieval over knowledge-base chunks (spec §2 KNOWLEDGE_RETRIEVAL), over a `RetrievalSource` (the database:
 * lib/db/queries/chunk-search.ts, wired in lib/capabilities/knowledge.ts), so the ranking rules live in one
 * place whatever stores the chunks.
 *
 * Ranking modes:
 * - `bm25`: the full-text index alone (SQLite FTS5 `bm25()`, or PostgreSQL `ts_rank_cd`, its equivalent;
 *   PostgreSQL has no BM25). `score` = normaliseKeywordScore(raw).
 * - `hybrid`, when a knowledge base searched has an embedding model: the keyword ranking and a cosine
 *   ranking of the chunks' stored vectors against the query's embedding (lib/knowledge/vectors.ts), fused by
 *   Reciprocal Rank Fusion (k = 60, lib/knowledge/rank-fusion.ts). `score` = the fused score over its maximum.
 *   If the query cannot be embedded, the search falls back to `bm25` and says why in `warning`.
 */
import { normaliseFused, normaliseKeywordScore, RRF_K, reciprocalRankFusion } from "./rank-fusion";
import { searchTerms } from "./search-query";
import { cosineSimilarity } from "./vectors";

/** A chunk as retrieval returns it. */
export interface ChunkRecord {
  chunkId: string;
  kbId: string;
  documentId: string;
  /** Document name. */
  document: string;
  /** 0-based chunk position within its document. */
  chunk: number;
  text: string;
}

/** A full-text match: the engine's own relevance, ≥ 0, higher is better (FTS5 `-bm25()`, or `ts_rank_cd`). */
export interface KeywordMatch extends ChunkRecord {
  rawScore: number;
}

export interface RetrievalHit extends ChunkRecord {
  /** Relevance in 0..1, higher is better (see the module comment for each mode). */
  score: number;
  /** The keyword engine's raw relevance (bm25 or ts_rank_cd), null when the chunk did not match the words. */
  keywordScore: number | null;
  /** Cosine similarity (-1..1) to the query's embedding, null in `bm25` mode or for a chunk without a vector. */
  vectorScore: number | null;
  /** Raw RRF score Σ 1/(60 + rank), null in `bm25` mode. */
  fusedScore: number | null;
}

export type RankingMode = "bm25" | "hybrid";

export interface RetrievalResult {
  mode: RankingMode;
  /** What the keyword scores are: SQLite FTS5 bm25, or PostgreSQL ts_rank_cd. */
  keywordRanker: "bm25" | "ts_rank_cd";
  hits: RetrievalHit[];
  /** Why a hybrid search fell back to bm25 (the query could not be embedded). */
  warning?: string;
}

export interface RetrievalRequest {
  /** Knowledge base row ids (already resolved and checked). */
  kbIds: string[];
  query: string;
  /** At most this many hits, ≥ 1. */
  topK: number;
  /** Hits scoring below this (0..1) are left out. */
  minScore?: number;
}

/** Where chunks, their index and their vectors come from. */
export interface RetrievalSource {
  keywordRanker: "bm25" | "ts_rank_cd";
  /** Full-text matches of any of `terms` in the knowledge bases, best first, at most `limit`. */
  keywordSearch(kbIds: string[], terms: string[], limit: number): Promise<KeywordMatch[]>;
  /** Each knowledge base's embedding model (null: none). */
  embeddingModels(kbIds: string[]): Promise<Map<string, string | null>>;
  /** The query's embedding by `model`. Throws when the endpoint fails. */
  embedQuery(model: string, text: string): Promise<Float32Array>;
  /** Every stored vector of the knowledge bases' chunks. */
  chunkVectors(kbIds: string[]): Promise<{ chunkId: string; vector: Float32Array }[]>;
  /** Chunks by id (any order; unknown ids left out). */
  chunksById(chunkIds: string[]): Promise<ChunkRecord[]>;
}

/** How many candidates each ranking contributes to the fusion (at least topK). */
export const FUSION_CANDIDATES = 50;

export interface Retriever {
  /**
   * The best `topK` chunks across the knowledge bases for `query`, best first; those below `minScore` left
   * out. A query with no searchable word (empty, punctuation, stop words only) returns no hits.
   * @throws what the source throws (database errors); an embedding failure is not thrown (see `warning`).
   */
  search(request: RetrievalRequest): Promise<RetrievalResult>;
}

function byScore(a: RetrievalHit, b: RetrievalHit): number {
  return b.score - a.score || a.document.localeCompare(b.document) || a.chunk - b.chunk;
}

function keywordHit(match: KeywordMatch): RetrievalHit {
  const { rawScore, ...chunk } = match;
  return { ...chunk, score: normaliseKeywordScore(rawScore), keywordScore: rawScore, vectorScore: null, fusedScore: null };
}

/** The vector ranking: chunks by cosine similarity to the query embedding of their knowledge base's model. */
async function vectorRanking(
  source: RetrievalSource,
  models: Map<string, string | null>,
  query: string,
  limit: number,
): Promise<{ chunkId: string; similarity: number }[]> {
  const byModel = new Map<string, string[]>();
  for (const [kbId, model] of models) if (model) byModel.set(model, [...(byModel.get(model) ?? []), kbId]);
  const ranked: { chunkId: string; similarity: number }[] = [];
  for (const [model, kbIds] of byModel) {
    const queryVector = await source.embedQuery(model, query);
    for (const { chunkId, vector } of await source.chunkVectors(kbIds)) {
      // a vector from an earlier model of another size is skipped, not compared
      if (vector.length === queryVector.length) ranked.push({ chunkId, similarity: cosineSimilarity(queryVector, vector) });
    }
  }
  return ranked.sort((a, b) => b.similarity - a.similarity).slice(0, limit);
}

/** Creates the retriever over a source. */
export function createRetriever(source: RetrievalSource): Retriever {
  return {
    async search({ kbIds, query, topK, minScore = 0 }) {
      const mode: RetrievalResult = { mode: "bm25", keywordRanker: source.keywordRanker, hits: [] };
      const terms = searchTerms(query);
      if (terms.length === 0 || kbIds.length === 0) return mode;
      const candidates = Math.max(topK, FUSION_CANDIDATES);
      const keyword = await source.keywordSearch(kbIds, terms, candidates);
      const models = await source.embeddingModels(kbIds);
      const finish = (result: RetrievalResult) => ({
        ...result,
        hits: result.hits
          .filter((hit) => hit.score >= minScore)
          .sort(byScore)
          .slice(0, topK),
      });
      if (![...models.values()].some(Boolean)) return finish({ ...mode, hits: keyword.map(keywordHit) });

      let vectors: { chunkId: string; similarity: number }[];
      try {
        vectors = await vectorRanking(source, models, query, candidates);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return finish({
          ...mode,
          hits: keyword.map(keywordHit),
          warning: `Ranked by keywords only: the query could not be embedded (${reason})`,
        });
      }
      const fused = reciprocalRankFusion([keyword.map((match) => match.chunkId), vectors.map((entry) => entry.chunkId)]);
      const keywordById = new Map(keyword.map((match) => [match.chunkId, match]));
      const similarity = new Map(vectors.map((entry) => [entry.chunkId, entry.similarity]));
      const missing = fused.map((entry) => entry.id).filter((id) => !keywordById.has(id));
      const chunks = new Map<string, ChunkRecord>(keyword.map((match) => [match.chunkId, match]));
      for (const chunk of missing.length > 0 ? await source.chunksById(missing) : []) chunks.set(chunk.chunkId, chunk);
      const hits: RetrievalHit[] = [];
      for (const entry of fused) {
        const chunk = chunks.get(entry.id);
        if (!chunk) continue; // deleted between the two queries
        const { chunkId, kbId, documentId, document, chunk: position, text } = chunk;
        hits.push({
          chunkId,
          kbId,
          documentId,
          document,
          chunk: position,
          text,
          score: normaliseFused(entry.fused, 2, RRF_K),
          keywordScore: keywordById.get(entry.id)?.rawScore ?? null,
          vectorScore: similarity.get(entry.id) ?? null,
          fusedScore: entry.fused,
        });
      }
      return finish({ mode: "hybrid", keywordRanker: source.keywordRanker, hits });
    },
  };
}
