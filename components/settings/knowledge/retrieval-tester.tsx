"use client";

import { useState, useTransition } from "react";
import { type TestRetrievalResult, testRetrieval } from "@/app/(app)/settings/knowledge/actions";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { retrievalProblem, retrievalSchema } from "@/app/(app)/settings/knowledge/schema";

const MODE_LABEL = { bm25: "keyword (bm25)", hybrid: "hybrid: keyword + vector, fused by RRF (k = 60)" } as const;

/** A score to 3 decimals, or "—" where the ranking did not place the chunk. */
function formatScore(value: number | null): string {
  return value === null ? "—" : value.toFixed(3);
}

/**
 * "Test retrieval": a query box and the chunks it finds, with sources, the ranking mode used and each chunk's
 * keyword score (bm25 on SQLite, ts_rank_cd on PostgreSQL), vector score (cosine), fused score (RRF) and final score.
 */
export function RetrievalTester({ kbId }: { kbId: string }) {
  const [query, setQuery] = useState("");
  const [topK, setTopK] = useState(5);
  const [result, setResult] = useState<TestRetrievalResult | null>(null);
  const [pending, startTransition] = useTransition();

  const onSearch = (event: React.FormEvent) => {
    event.preventDefault();
    // the same schema as the server: a bad query is reported at once, naming the field (the server checks again)
    const parsed = retrievalSchema.safeParse({ query, topK });
    if (!parsed.success) {
      setResult({ ok: false, ...retrievalProblem(parsed.error) });
      return;
    }
    startTransition(async () => setResult(await testRetrieval(kbId, parsed.data)));
  };
  const fieldErrors = result && !result.ok ? (result.fields ?? {}) : {};

  return (
    <div className="space-y-4">
      <form onSubmit={onSearch} className="flex flex-wrap items-end gap-3" aria-label="Test retrieval">
        <div className="min-w-64 flex-1 space-y-1.5">
          <label htmlFor="retrieval-query" className="block text-sm font-medium">
            Query
          </label>
          <Input
            id="retrieval-query"
            placeholder="How long do customers have to return an item?"
            value={query}
            invalid={Boolean(fieldErrors.query)}
            aria-describedby={fieldErrors.query ? "retrieval-error" : undefined}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <div className="w-24 space-y-1.5">
          <label htmlFor="retrieval-top-k" className="block text-sm font-medium">
            Top k
          </label>
          <Input
            id="retrieval-top-k"
            type="number"
            min={1}
            max={50}
            value={topK}
            invalid={Boolean(fieldErrors.topK)}
            aria-describedby={fieldErrors.topK ? "retrieval-error" : undefined}
            onChange={(event) => setTopK(Number(event.target.value) || 1)}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={pending || !query.trim()}>
          {pending ? "Searching…" : "Search"}
        </Button>
      </form>
      {result ? (
        result.ok ? (
          <div data-testid="retrieval-results" className="space-y-3">
            <p className="text-xs text-zinc-500">
              {result.hits.length} chunk(s) in {result.elapsed_ms} ms · ranking{" "}
              <span data-testid="retrieval-mode" className="font-medium text-zinc-800 dark:text-zinc-200">
                {MODE_LABEL[result.mode]}
              </span>
            </p>
            {result.warning ? (
              <p role="status" className="text-xs text-amber-700 dark:text-amber-400">
                {result.warning}
              </p>
            ) : null}
            {result.hits.length === 0 ? <p className="text-sm text-zinc-500">Nothing matched. Try other words.</p> : null}
            <ol className="space-y-3">
              {result.hits.map((hit, index) => (
                <li key={hit.chunkId} data-testid="retrieval-hit" className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
                  <div className="mb-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-500">
                    <span className="font-semibold text-zinc-800 dark:text-zinc-200">#{index + 1}</span>
                    <span data-testid="hit-document" className="font-medium text-zinc-800 dark:text-zinc-200">
                      {hit.document}
                    </span>
                    <span>chunk {hit.chunk}</span>
                    <span data-testid="hit-score" className="font-medium text-zinc-800 dark:text-zinc-200">
                      score {hit.score.toFixed(3)}
                    </span>
                    <span data-testid="hit-keyword-score" title="Full-text relevance, higher is better">
                      {result.keywordRanker} {formatScore(hit.keywordScore)}
                    </span>
                    <span data-testid="hit-vector-score" title="Cosine similarity to the query's embedding">
                      vector {formatScore(hit.vectorScore)}
                    </span>
                    <span data-testid="hit-fused-score" title="Reciprocal Rank Fusion: sum of 1 / (60 + rank)">
                      fused {hit.fusedScore === null ? "—" : hit.fusedScore.toFixed(4)}
                    </span>
                  </div>
                  <p className="whitespace-pre-wrap text-sm">{hit.text}</p>
                </li>
              ))}
            </ol>
          </div>
        ) : (
          <p id="retrieval-error" role="alert" className="text-sm text-red-600">
            {result.message}
          </p>
        )
      ) : null}
    </div>
  );
}
