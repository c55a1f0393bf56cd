"use client";

import { X } from "lucide-react";
import { StatusBadge } from "@/components/runs/status-badge";
import type { RunView } from "./use-run-watcher";

/** The run shown on the canvas: its status, error or time, a link to its trail, and a way to clear it. */
export function RunBanner({ run, onClear }: { run: RunView; onClear: () => void }) {
  return (
    <div
      role="status"
      data-testid="run-banner"
      className="absolute top-3 left-1/2 z-10 flex -translate-x-1/2 items-center gap-2 whitespace-nowrap rounded-lg border border-zinc-200 bg-white px-3 py-1.5 text-sm shadow-md dark:border-zinc-700 dark:bg-zinc-900"
    >
      <span>Run</span>
      <StatusBadge status={run.status} />
      {run.elapsedMs !== null ? (
        <span className="text-xs whitespace-nowrap text-zinc-500 tabular-nums">{(run.elapsedMs / 1000).toFixed(2)} s</span>
      ) : null}
      {run.error ? (
        <span className="max-w-xs truncate text-xs text-red-600 dark:text-red-400" title={run.error.message}>
          {run.error.code}: {run.error.message}
        </span>
      ) : null}
      {run.status === "waiting" ? (
        <a href="/approvals" className="text-xs font-medium text-brand-700 underline dark:text-brand-500">
          Decide in Approvals
        </a>
      ) : null}
      {run.connection === "lost" ? <span className="text-xs text-amber-700">live updates lost</span> : null}
      <a href={`/runs/${run.id}`} className="text-xs font-medium text-brand-700 underline dark:text-brand-500">
        Trail
      </a>
      <button
        type="button"
        onClick={onClear}
        aria-label="Clear the run from the canvas"
        className="inline-flex size-6 items-center justify-center rounded text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800"
      >
        <X size={13} aria-hidden="true" />
      </button>
    </div>
  );
}
