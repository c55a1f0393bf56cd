/**
 * Combining rankings: Reciprocal Rank Fusion for hybrid (keyword + vector) retrieval, and the 0..1 score of a
 * keyword match.
 *
 * RRF (Cormack, Clarke and Büttcher, "Reciprocal Rank Fusion outperforms Condorcet and individual Rank
 * Learning Methods", SIGIR 2009): score(d) = Σ over the rankings that contain d of 1 / (k + rank(d)), rank
 * 1-based, k = 60 as in the paper. It needs no score calibration between a BM25 list and a cosine list,
 * which live on unrelated scales.
 */

/** The paper's constant k. */
export const RRF_K = 60;

/** One id's fused score and its 1-based rank in each input ranking (null where absent). */
export interface FusedRank {
  id: string;
  /** Σ 1 / (k + rank): at most `rankings.length / (k + 1)`. */
  fused: number;
  ranks: (number | null)[];
}

/**
 * Fuses rankings (ids, best first; an id repeated within one ranking counts at its first place).
 * @returns every id of any ranking, best fused score first; ties keep the order of the first ranking, then
 * the next.
 */
export function reciprocalRankFusion(rankings: readonly (readonly string[])[], k = RRF_K): FusedRank[] {
  const fused = new Map<string, FusedRank>();
  rankings.forEach((ranking, listIndex) => {
    ranking.forEach((id, position) => {
      let entry = fused.get(id);
      if (!entry) {
        entry = { id, fused: 0, ranks: rankings.map(() => null) };
        fused.set(id, entry);
      }
      if (entry.ranks[listIndex] !== null) return;
      entry.ranks[listIndex] = position + 1;
      entry.fused += 1 / (k + position + 1);
    });
  });
  return [...fused.values()].sort((a, b) => b.fused - a.fused);
}

/**
 * A fused RRF score as 0..1: divided by its maximum, `lists / (k + 1)` (first in every ranking → 1).
 * Rank-based: it says how high a chunk ranked, not how well it matched.
 */
export function normaliseFused(fused: number, lists: number, k = RRF_K): number {
  return lists <= 0 ? 0 : Math.min(1, fused / (lists / (k + 1)));
}

/**
 * A keyword relevance (FTS5 `-bm25()`, PostgreSQL `ts_rank_cd`; ≥ 0, unbounded) as 0..1 by the saturation
 * `raw / (raw + 1)`, which does not depend on the other results, so a min_score keeps its meaning across
 * queries: 1 → 0.5, 4 → 0.8, 9 → 0.9.
 */
export function normaliseKeywordScore(raw: number): number {
  return raw <= 0 ? 0 : raw / (raw + 1);
}
