"use client";

import { useState, useTransition } from "react";
import { type RetrievalResult, testRetrieval } from "@/app/(app)/settings/knowledge/actions";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";

/** "Test retrieval": a query box and the chunks it finds, with scores and sources. */
export function RetrievalTester({ kbId }: { kbId: string }) {
  const [query, setQuery] = useState("");
  const [topK, setTopK] = useState(5);
  const [result, setResult] = useState<RetrievalResult | null>(null);
  const [pending, startTransition] = useTransition();

  const onSearch = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => setResult(await testRetrieval(kbId, { query, topK })));
  };

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
              {result.hits.length} chunk(s) in {result.elapsed_ms} ms
            </p>
            {result.hits.length === 0 ? <p className="text-sm text-zinc-500">Nothing matched. Try other words.</p> : null}
            <ol className="space-y-3">
              {result.hits.map((hit, index) => (
                <li
                  key={`${hit.document}-${hit.chunk}`}
                  data-testid="retrieval-hit"
                  className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
                >
                  <div className="mb-1 flex flex-wrap items-center gap-3 text-xs text-zinc-500">
                    <span className="font-semibold text-zinc-800 dark:text-zinc-200">#{index + 1}</span>
                    <span data-testid="hit-document" className="font-medium text-zinc-800 dark:text-zinc-200">
                      {hit.document}
                    </span>
                    <span>chunk {hit.chunk}</span>
                    <span>score {hit.score.toFixed(3)}</span>
                  </div>
                  <p className="whitespace-pre-wrap text-sm">{hit.text}</p>
                </li>
              ))}
            </ol>
          </div>
        ) : (
          <p role="alert" className="text-sm text-red-600">
            {result.message}
          </p>
        )
      ) : null}
    </div>
  );
}
