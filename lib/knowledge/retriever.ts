/**
 * Retrieval over knowledge-base chunks, behind an interface so a keyword index (minisearch-retriever.ts),
 * an embedding index, or a hybrid of both can serve the KNOWLEDGE_RETRIEVAL node the same way.
 */

/** A chunk to index (Prisma Chunk + its Document's name). */
export interface ChunkToIndex {
  /** Stable chunk id (Chunk.id); defaults to `${documentId}:${position}`. */
  id?: string;
  documentId: string;
  /** Document name, searched too (a query naming a file finds it). */
  documentName: string;
  /** 0-based position within the document. */
  position: number;
  text: string;
  /** Embedding vector, when an embedding model is configured (unused by keyword retrievers). */
  embedding?: number[];
}

export interface RetrievalHit {
  chunkId: string;
  kbId: string;
  documentId: string;
  /** Document name. */
  document: string;
  /** Chunk position within its document. */
  chunk: number;
  /** Relevance in 0..1, higher is better; comparable across queries and knowledge bases. */
  score: number;
  /** The retriever's own score (e.g. raw BM25), for diagnostics. */
  rawScore: number;
  text: string;
}

export interface Retriever {
  /** Adds chunks to a knowledge base; a chunk whose id is already indexed is replaced. */
  index(kbId: string, chunks: ChunkToIndex[]): Promise<void>;
  /** Removes every chunk of a document (from whichever knowledge base holds it). */
  remove(documentId: string): Promise<void>;
  /**
   * The best `topK` chunks across `kbIds` for `query`, best first, those scoring below `minScore` left out.
   * An empty or stop-word-only query returns [].
   */
  search(kbIds: string[], query: string, topK: number, minScore?: number): Promise<RetrievalHit[]>;
  /** True when the knowledge base has at least one indexed chunk. */
  hasKnowledgeBase(kbId: string): boolean;
}
