/**
 * Knowledge bases as the runtime, the agents and the settings pages use them: the `retrieve` service over
 * one process-wide retriever (lib/knowledge MiniSearch BM25), and background indexing of uploads.
 *
 * Chunk rows are the truth and the in-memory index a cache: before a search each knowledge base's index is
 * checked against a fingerprint of its ready documents (count, last change) and rebuilt from Chunk rows when
 * it differs — after a restart, or when another process (the CLI, a second server) added or deleted documents.
 * Knowledge bases are named by key (spec §1 document ids) or row id.
 */
import { createHash } from "node:crypto";
import type { Db } from "@/lib/db/client";
import {
  failInterruptedDocuments,
  findKnowledgeBases,
  knowledgeBaseFingerprint,
  loadReadyChunks,
  saveDocumentChunks,
  setDocumentStatus,
} from "@/lib/db/queries/knowledge";
import { chunkText } from "@/lib/knowledge/chunk-text";
import { extractText } from "@/lib/knowledge/extract-text";
import { createKnowledgeService } from "@/lib/knowledge/knowledge-service";
import { createMiniSearchRetriever } from "@/lib/knowledge/minisearch-retriever";
import type { Retriever } from "@/lib/knowledge/retriever";
import { serviceError } from "@/lib/net/service-error";
import type { KnowledgeService, RetrievedChunk } from "@/lib/workflow/services";

interface KnowledgeCache {
  retriever: Retriever;
  /** Knowledge base row id → the fingerprint its index was built at and the documents in it. */
  built: Map<string, { fingerprint: string; documentIds: Set<string> }>;
  /** Per knowledge base, the rebuild in progress. */
  building: Map<string, Promise<void>>;
  /** Documents this process is indexing now. */
  active: Set<string>;
}

const globalForKnowledge = globalThis as unknown as { switchyardKnowledge?: KnowledgeCache };

function cache(): KnowledgeCache {
  globalForKnowledge.switchyardKnowledge ??= {
    retriever: createMiniSearchRetriever(),
    built: new Map(),
    building: new Map(),
    active: new Set(),
  };
  return globalForKnowledge.switchyardKnowledge;
}

/** Forgets every index (tests: simulates a restart). */
export function resetKnowledgeIndex(): void {
  globalForKnowledge.switchyardKnowledge = undefined;
}

async function rebuild(db: Db, kbId: string, fingerprint: string): Promise<void> {
  const state = cache();
  const previous = state.built.get(kbId);
  for (const documentId of previous?.documentIds ?? []) await state.retriever.remove(documentId);
  const chunks = await loadReadyChunks(db, kbId);
  await state.retriever.index(kbId, chunks);
  state.built.set(kbId, { fingerprint, documentIds: new Set(chunks.map((chunk) => chunk.documentId)) });
}

/** Brings a knowledge base's index up to date with its Chunk rows (no-op when the fingerprint matches). */
export async function ensureIndexed(db: Db, kbId: string): Promise<void> {
  const state = cache();
  const running = state.building.get(kbId);
  if (running) await running;
  const fingerprint = await knowledgeBaseFingerprint(db, kbId);
  if (state.built.get(kbId)?.fingerprint === fingerprint) return;
  const job = rebuild(db, kbId, fingerprint).finally(() => state.building.delete(kbId));
  state.building.set(kbId, job);
  await job;
}

/**
 * The `retrieve` service (spec §2 KNOWLEDGE_RETRIEVAL): the best `topK` chunks across the knowledge bases,
 * best first, scores 0..1.
 * @throws WorkflowError `invalid_config` for an unknown knowledge base or a `topK` below 1.
 */
export async function retrieve(
  db: Db,
  request: { kbIds: string[]; query: string; topK: number; minScore?: number },
): Promise<RetrievedChunk[]> {
  const found = await findKnowledgeBases(db, request.kbIds);
  const unknown = request.kbIds.filter((name) => !found.some((kb) => kb.key === name || kb.id === name));
  if (unknown.length > 0) throw serviceError("invalid_config", `Unknown knowledge base ${unknown.map((name) => `"${name}"`).join(", ")}`);
  for (const kb of found) await ensureIndexed(db, kb.id);
  const service = createKnowledgeService({ retriever: cache().retriever, knowledgeBaseExists: async () => true });
  return service.retrieve({ kbIds: found.map((kb) => kb.id), query: request.query, topK: request.topK, minScore: request.minScore });
}

/** The KnowledgeService of lib/workflow/services.ts over this database. */
export function createDbKnowledgeService(db: Db): KnowledgeService {
  return { retrieve: (request) => retrieve(db, request) };
}

/** SHA-256 of an upload, hex (Document.contentHash). */
export function contentHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * Extracts, chunks (with overlap, in tokens) and stores one uploaded document: status `indexing`, then
 * `ready` with its Chunk rows, or `failed` with the reason. Never throws; meant to run after the upload
 * request has returned (the page polls the status).
 */
export async function indexDocument(
  db: Db,
  input: { kbId: string; documentId: string; name: string; mimeType: string; bytes: Uint8Array; chunkSize: number; chunkOverlap: number },
): Promise<void> {
  const state = cache();
  state.active.add(input.documentId);
  try {
    await setDocumentStatus(db, input.documentId, "indexing");
    const text = await extractText(input.bytes, input.name, input.mimeType);
    if (!text.trim()) throw serviceError("invalid_config", `${input.name} has no text to index`);
    const chunks = chunkText(text, { size: input.chunkSize, overlap: input.chunkOverlap });
    await saveDocumentChunks(db, input.documentId, input.kbId, chunks);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await setDocumentStatus(db, input.documentId, "failed", message.slice(0, 500)).catch((statusError: unknown) => {
      // the document may have been deleted meanwhile
      console.error("[knowledge] cannot mark document failed", statusError);
    });
  } finally {
    state.active.delete(input.documentId);
  }
}

/** Marks this knowledge base's documents that a dead process left pending/indexing as failed. */
export function failInterruptedIndexing(db: Db, kbId: string): Promise<number> {
  return failInterruptedDocuments(db, kbId, cache().active);
}

/** Drops a deleted document from the index at once (the fingerprint check would also catch it). */
export async function forgetDocuments(documentIds: string[]): Promise<void> {
  const state = cache();
  for (const documentId of documentIds) {
    await state.retriever.remove(documentId);
    for (const entry of state.built.values()) entry.documentIds.delete(documentId);
  }
}
