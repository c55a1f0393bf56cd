/**
 * Knowledge bases as the runtime, the agents and the settings pages use them: the `retrieve` service and
 * background indexing of uploads, over the database's own full-text index (SQLite FTS5 bm25, PostgreSQL
 * ts_rank_cd: lib/db/queries/chunk-search.ts) and, when a knowledge base has an embedding model, its chunks'
 * vectors (hybrid ranking: lib/knowledge/retriever.ts).
 *
 * Chunk rows are the only truth: the index follows them inside the database (triggers on SQLite, an
 * expression index on PostgreSQL), so there is no cache to rebuild after a restart, and deleting a document
 * (or its knowledge base) removes its chunks from search with the cascade. Knowledge bases are named by key
 * (spec §1 document ids) or row id.
 */
import { createHash } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { keywordRankerOf, loadChunksById, loadChunkVectors, loadEmbeddingModels, searchChunkText } from "@/lib/db/queries/chunk-search";
import { failInterruptedDocuments, findKnowledgeBases, saveDocumentChunks, setDocumentStatus } from "@/lib/db/queries/knowledge";
import { getStoredModelSettings } from "@/lib/db/queries/model-providers";
import { chunkText } from "@/lib/knowledge/chunk-text";
import { extractText } from "@/lib/knowledge/extract-text";
import { createRetriever, type RetrievalResult } from "@/lib/knowledge/retriever";
import { encodeVector } from "@/lib/knowledge/vectors";
import { createLlmClient, type LlmClient } from "@/lib/llm/client";
import { embedTexts } from "@/lib/llm/embeddings";
import { resolveModelConfig } from "@/lib/llm/model-config";
import { serviceError } from "@/lib/net/service-error";
import type { KnowledgeService, RetrievedChunk } from "@/lib/workflow/services";

/** Timeout of the query's embedding request at retrieval, ms (indexing uses the client default, 120 s). */
export const QUERY_EMBEDDING_TIMEOUT_MS = 30_000;

const globalForKnowledge = globalThis as unknown as { switchyardIndexing?: Set<string> };

/** Documents this process is indexing now. */
function activeDocuments(): Set<string> {
  globalForKnowledge.switchyardIndexing ??= new Set();
  return globalForKnowledge.switchyardIndexing;
}

/** The default model provider's client (Settings → Models, env overrides), for embeddings. */
async function embeddingClient(db: Db, timeoutMs?: number): Promise<LlmClient> {
  const config = resolveModelConfig(await getStoredModelSettings(db));
  return createLlmClient(timeoutMs ? { ...config, timeoutMs } : config);
}

export interface KnowledgeSearchRequest {
  /** Knowledge base keys or row ids. */
  kbIds: string[];
  query: string;
  /** Whole number ≥ 1. */
  topK: number;
  /** 0..1; hits scoring below are left out. */
  minScore?: number;
}

/**
 * Searches knowledge bases with the ranking details (mode, keyword / vector / fused scores): "test retrieval".
 * @throws WorkflowError `invalid_config` for an unknown knowledge base, a `topK` that is not a whole number
 * ≥ 1 or a `minScore` outside 0..1; database errors as they come.
 */
export async function searchKnowledge(db: Db, request: KnowledgeSearchRequest): Promise<RetrievalResult> {
  const { topK, minScore } = request;
  if (!Number.isInteger(topK) || topK < 1) throw serviceError("invalid_config", `top_k must be a whole number of at least 1, got ${topK}`);
  if (minScore !== undefined && !(minScore >= 0 && minScore <= 1))
    throw serviceError("invalid_config", `min_score must be between 0 and 1, got ${minScore}`);
  const found = await findKnowledgeBases(db, request.kbIds);
  const unknown = request.kbIds.filter((name) => !found.some((kb) => kb.key === name || kb.id === name));
  if (unknown.length > 0) throw serviceError("invalid_config", `Unknown knowledge base ${unknown.map((name) => `"${name}"`).join(", ")}`);
  const retriever = createRetriever({
    keywordRanker: keywordRankerOf(db),
    keywordSearch: (kbIds, terms, limit) => searchChunkText(db, kbIds, terms, limit),
    embeddingModels: (kbIds) => loadEmbeddingModels(db, kbIds),
    embedQuery: async (model, text) => (await embedTexts(await embeddingClient(db, QUERY_EMBEDDING_TIMEOUT_MS), model, [text]))[0],
    chunkVectors: (kbIds) => loadChunkVectors(db, kbIds),
    chunksById: (chunkIds) => loadChunksById(db, chunkIds),
  });
  const result = await retriever.search({ kbIds: [...new Set(found.map((kb) => kb.id))], query: request.query, topK, minScore });
  if (result.warning) console.warn(`[knowledge] ${result.warning}`);
  return result;
}

/**
 * The `retrieve` service (spec §2 KNOWLEDGE_RETRIEVAL): the best `topK` chunks across the knowledge bases,
 * best first, scores 0..1 (bm25, or hybrid when a knowledge base has an embedding model).
 * @throws WorkflowError `invalid_config` (see searchKnowledge).
 */
export async function retrieve(db: Db, request: KnowledgeSearchRequest): Promise<RetrievedChunk[]> {
  const { hits } = await searchKnowledge(db, request);
  return hits.map((hit) => ({ document: hit.document, chunk: hit.chunk, score: hit.score, text: hit.text }));
}

/** The KnowledgeService of lib/workflow/services.ts over this database. */
export function createDbKnowledgeService(db: Db): KnowledgeService {
  return { retrieve: (request) => retrieve(db, request) };
}

/** SHA-256 of an upload, hex (Document.contentHash). */
export function contentHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export interface IndexDocumentInput {
  kbId: string;
  documentId: string;
  name: string;
  mimeType: string;
  bytes: Uint8Array;
  /** Tokens per chunk and tokens of overlap (KnowledgeBase.chunkSize / chunkOverlap). */
  chunkSize: number;
  chunkOverlap: number;
  /** The knowledge base's embedding model; null or absent: no vectors. */
  embeddingModel?: string | null;
}

/**
 * Extracts, chunks (with overlap, in tokens), embeds (when the knowledge base has an embedding model; batched,
 * lib/llm/embeddings.ts) and stores one uploaded document: status `indexing`, then `ready` with its Chunk rows
 * (which the full-text index follows), or `failed` with the reason. When only the embedding fails, the
 * document is still stored and searchable by keywords: `ready`, with `error` saying that embedding failed
 * and why. Never throws; meant to run after the upload request has returned (the page polls the status).
 */
export async function indexDocument(db: Db, input: IndexDocumentInput): Promise<void> {
  const active = activeDocuments();
  active.add(input.documentId);
  try {
    await setDocumentStatus(db, input.documentId, "indexing");
    const text = await extractText(input.bytes, input.name, input.mimeType);
    if (!text.trim()) throw serviceError("invalid_config", `${input.name} has no text to index`);
    const chunks = chunkText(text, { size: input.chunkSize, overlap: input.chunkOverlap });
    let vectors: Float32Array[] | null = null;
    let warning: string | null = null;
    if (input.embeddingModel) {
      try {
        vectors = await embedTexts(
          await embeddingClient(db),
          input.embeddingModel,
          chunks.map((chunk) => chunk.text),
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        warning = `Embedding with ${input.embeddingModel} failed, so this document is ranked by keywords only: ${reason}`;
      }
    }
    await saveDocumentChunks(
      db,
      input.documentId,
      input.kbId,
      chunks.map((chunk, index) => ({ ...chunk, embedding: vectors ? encodeVector(vectors[index]) : null })),
      { error: warning?.slice(0, 500) ?? null },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await setDocumentStatus(db, input.documentId, "failed", message.slice(0, 500)).catch((statusError: unknown) => {
      // the document may have been deleted meanwhile
      console.error("[knowledge] cannot mark document failed", statusError);
    });
  } finally {
    active.delete(input.documentId);
  }
}

/** Marks this knowledge base's documents that a dead process left pending/indexing as failed. */
export function failInterruptedIndexing(db: Db, kbId: string): Promise<number> {
  return failInterruptedDocuments(db, kbId, activeDocuments());
}
