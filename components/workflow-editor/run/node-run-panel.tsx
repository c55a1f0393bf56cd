"use client";

import { JsonValue } from "@/components/runs/json-value";
import { StatusBadge } from "@/components/runs/status-badge";
import type { NodeRunDetails } from "./use-run-watcher";

/** What the shown run did at this node: status, time, inputs, outputs or error, approval. */
export function NodeRunPanel({ details }: { details: NodeRunDetails }) {
  return (
    <section
      aria-label="This node in the run"
      className="space-y-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
      data-testid="node-run-panel"
    >
      <div className="flex items-center gap-2 text-sm font-medium">
        In this run: <StatusBadge status={details.status} />
        {details.elapsedMs !== undefined ? (
          <span className="text-xs whitespace-nowrap text-zinc-500 tabular-nums">{(details.elapsedMs / 1000).toFixed(2)} s</span>
        ) : null}
        {details.attempt && details.attempt > 1 ? <span className="text-xs text-zinc-500">attempt {details.attempt}</span> : null}
      </div>
      {details.approval && details.status === "waiting" ? (
        <p className="text-xs text-amber-800 dark:text-amber-300">
          Waiting for {details.approval.assignee || "anyone"} to decide in{" "}
          <a className="underline" href="/approvals">
            Approvals
          </a>
          .
        </p>
      ) : null}
      {details.error ? (
        <p className="rounded bg-red-50 p-2 text-xs text-red-900 dark:bg-red-950 dark:text-red-200">
          <code>{details.error.code}</code>: {details.error.message}
        </p>
      ) : null}
      {details.text && details.outputs === undefined ? (
        <p className="text-xs whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">{details.text}</p>
      ) : null}
      {details.inputs !== undefined ? <JsonValue value={details.inputs} label="Inputs" /> : null}
      {details.outputs !== undefined ? <JsonValue value={details.outputs} label="Outputs" /> : null}
    </section>
  );
}
