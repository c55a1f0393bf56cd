"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";

const REFRESH_DEBOUNCE_MS = 300;

/**
 * Keeps an active run's page current: follows the run's events over SSE (app/api/runs/[id]/events, spec §9,
 * resuming after `lastSeq`; the browser resends Last-Event-ID on reconnects) and re-renders the page from
 * the server, debounced, as they arrive. Stops after `run.ended`.
 */
export function RunLive({ runId, lastSeq, active }: { runId: string; lastSeq: number; active: boolean }) {
  const router = useRouter();
  const [live, setLive] = useState(false);
  // Where the stream starts; later refreshes bring newer lastSeq values, but the open stream already has them.
  const startSeq = useRef(lastSeq);
  useEffect(() => {
    if (!active) return;
    const source = new EventSource(`/api/runs/${runId}/events?after=${startSeq.current}`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => router.refresh(), REFRESH_DEBOUNCE_MS);
    };
    source.onopen = () => setLive(true);
    source.onmessage = refresh;
    const types = [
      "run.started",
      "node.started",
      "node.retrying",
      "node.waiting",
      "node.ended",
      "node.skipped",
      "approval.decided",
      "run.waiting",
    ];
    for (const type of types) source.addEventListener(type, refresh);
    source.addEventListener("run.ended", () => {
      source.close();
      setLive(false);
      clearTimeout(timer);
      router.refresh();
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [runId, active, router]);
  if (!active) return null;
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-zinc-500" data-testid="run-live" aria-live="polite">
      <span className={`inline-block size-2 rounded-full ${live ? "animate-pulse bg-green-500" : "bg-zinc-300"}`} aria-hidden="true" />
      {live ? "Live" : "Connecting…"}
    </span>
  );
}
