/**
 * The KnowledgeService of lib/workflow/services.ts (spec §2 KNOWLEDGE_RETRIEVAL: `kb_ids`, `query`, `top_k`,
 * `min_score` → `results: [{document, chunk, score, text}]`), plus document ingestion over the same
 * Retriever: extract → chunk → index.
 */
import { serviceError } from "@/lib/net/service-error";
import type { KnowledgeService, RetrievedChunk } from "@/lib/workflow/services";
import { type ChunkOptions, chunkText, type TextChunk } from "./chunk-text";
import { extractText } from "./extract-text";
import type { Retriever } from "./retriever";

export interface KnowledgeServiceOptions {
  retriever: Retriever;
  /** Whether a knowledge base id exists (even with no documents). Default: the retriever has chunks for it. */
  knowledgeBaseExists?: (kbId: string) => Promise<boolean>;
}

export interface KnowledgeIngestor extends KnowledgeService {
  /**
   * Extracts, chunks and indexes one document; replaces its earlier chunks.
   * @returns the chunks indexed (store them as Chunk rows: position, text, tokenCount).
   * @throws WorkflowError `invalid_config` for an unsupported or unreadable file.
   */
  addDocument(input: {
    kbId: string;
    documentId: string;
    name: string;
    content: Buffer | Uint8Array | string;
    mimeType?: string | null;
    chunking?: ChunkOptions;
  }): Promise<TextChunk[]>;
  /** Removes a document's chunks from the index. */
  removeDocument(documentId: string): Promise<void>;
}

/**
 * Creates the service. `retrieve` throws WorkflowError `invalid_config` for an unknown knowledge base id or
 * a `topK` below 1; scores are those of the retriever (0..1 for the MiniSearch one).
 */
export function createKnowledgeService(options: KnowledgeServiceOptions): KnowledgeIngestor {
  const { retriever } = options;
  const exists = options.knowledgeBaseExists ?? (async (kbId: string) => retriever.hasKnowledgeBase(kbId));
  return {
    async retrieve({ kbIds, query, topK, minScore }): Promise<RetrievedChunk[]> {
      if (!Number.isInteger(topK) || topK < 1)
        throw serviceError("invalid_config", `top_k must be a whole number of at least 1, got ${topK}`);
      for (const kbId of kbIds) {
        if (!(await exists(kbId))) throw serviceError("invalid_config", `Unknown knowledge base "${kbId}"`);
      }
      const hits = await retriever.search(kbIds, query, topK, minScore);
      return hits.map((hit) => ({ document: hit.document, chunk: hit.chunk, score: hit.score, text: hit.text }));
    },

    async addDocument({ kbId, documentId, name, content, mimeType, chunking }) {
      const text = typeof content === "string" ? content : await extractText(content, name, mimeType);
      const chunks = chunkText(text, chunking);
      await retriever.remove(documentId);
      await retriever.index(
        kbId,
        chunks.map((chunk) => ({ documentId, documentName: name, position: chunk.position, text: chunk.text })),
      );
      return chunks;
    },

    async removeDocument(documentId) {
      await retriever.remove(documentId);
    },
  };
}
