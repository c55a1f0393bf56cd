/**
 * A keyword Retriever on MiniSearch (BM25+, in memory): one index per knowledge base, so term statistics
 * (IDF) are those of the knowledge base searched.
 *
 * Fields: chunk text, and the document name boosted ×2. Terms are lower-cased, English stop words dropped;
 * search matches prefixes of terms of 4+ characters and fuzzy (edit distance ≤ 20 % of the term) for
 * terms of 5+ characters, combined with OR.
 *
 * Scores: MiniSearch's BM25 is unbounded, so `score = raw / (raw + 1)`, a monotonic
 * saturation into 0..1 that does not depend on the other results (a min_score keeps its meaning across
 * queries): raw 1 → 0.5, raw 4 → 0.8, raw 9 → 0.9. The raw BM25 is kept as `rawScore`.
 * Embeddings can be added as another Retriever whose 0..1 cosine scores are fused with these.
 */
import MiniSearch from "minisearch";
import type { Retriever, RetrievalHit } from "./retriever";

interface StoredChunk {
  id: string;
  documentId: string;
  documentName: string;
  position: number;
  text: string;
}

const STOP_WORDS = new Set(
  (
    "a an and are as at be but by can do does for from has have how i if in into is it its me my no not of on or our " +
    "should so than that the their them then there these they this to was we what when where which who why will with you your"
  ).split(" "),
);

function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return STOP_WORDS.has(lower) ? null : lower;
}

function createIndex(): MiniSearch<StoredChunk> {
  return new MiniSearch<StoredChunk>({
    fields: ["text", "documentName"],
    storeFields: ["documentId", "documentName", "position", "text"],
    processTerm,
    tokenize: (text) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean),
    searchOptions: {
      boost: { documentName: 2 },
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      combineWith: "OR",
    },
  });
}

/** Maps a raw BM25 score into 0..1 (see the module comment). */
export function normaliseBm25(raw: number): number {
  return raw <= 0 ? 0 : raw / (raw + 1);
}

/** Creates an empty in-memory BM25 retriever. */
export function createMiniSearchRetriever(): Retriever {
  const indexes = new Map<string, MiniSearch<StoredChunk>>();
  /** documentId → knowledge base id and its chunk ids. */
  const documents = new Map<string, { kbId: string; chunkIds: Set<string> }>();

  return {
    async index(kbId, chunks) {
      let index = indexes.get(kbId);
      if (!index) {
        index = createIndex();
        indexes.set(kbId, index);
      }
      for (const chunk of chunks) {
        const id = chunk.id ?? `${chunk.documentId}:${chunk.position}`;
        if (index.has(id)) index.discard(id);
        index.add({ id, documentId: chunk.documentId, documentName: chunk.documentName, position: chunk.position, text: chunk.text });
        const entry = documents.get(chunk.documentId) ?? { kbId, chunkIds: new Set<string>() };
        entry.chunkIds.add(id);
        documents.set(chunk.documentId, entry);
      }
    },

    async remove(documentId) {
      const entry = documents.get(documentId);
      if (!entry) return;
      const index = indexes.get(entry.kbId);
      for (const id of entry.chunkIds) if (index?.has(id)) index.discard(id);
      documents.delete(documentId);
      if (index && index.documentCount === 0) indexes.delete(entry.kbId);
    },

    async search(kbIds, query, topK, minScore = 0) {
      const hits: RetrievalHit[] = [];
      for (const kbId of new Set(kbIds)) {
        const index = indexes.get(kbId);
        if (!index) continue;
        for (const result of index.search(query)) {
          const score = normaliseBm25(result.score);
          if (score < minScore) continue;
          hits.push({
            chunkId: String(result.id),
            kbId,
            documentId: result.documentId as string,
            document: result.documentName as string,
            chunk: result.position as number,
            score,
            rawScore: result.score,
            text: result.text as string,
          });
        }
      }
      hits.sort((a, b) => b.score - a.score || a.document.localeCompare(b.document) || a.chunk - b.chunk);
      return hits.slice(0, Math.max(0, topK));
    },

    hasKnowledgeBase(kbId) {
      return indexes.has(kbId);
    },
  };
}
