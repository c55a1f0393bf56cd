import type { NodeRunView } from "@/lib/db/queries/runs";
import { formatCost, formatCount, formatDateTime, formatDuration } from "./format";
import { JsonValue } from "./json-value";
import { StatusBadge } from "./status-badge";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-[11px] uppercase tracking-wide text-zinc-500">{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

/** "Title (id)", or the id when the title is the id or missing. */
export function nodeLabel(id: string, title: string | undefined): string {
  return title && title !== id ? `${title} (${id})` : id;
}

/** A node's title as the editor shows it, with its id (what events, errors and templates name) beside it. */
export function NodeName({ id, title }: { id: string; title: string | undefined }) {
  if (!title || title === id) return <span className="font-mono font-medium">{id}</span>;
  return (
    <span className="min-w-0 truncate">
      <span className="font-medium">{title}</span> <span className="font-mono text-xs text-zinc-500">{id}</span>
    </span>
  );
}

/**
 * Every node run of the trail, in the order the nodes started (spec §6): status, attempts, elapsed, model,
 * tokens and cost, the error code and message, and the resolved inputs and outputs shown exactly.
 * Nodes of the graph the run never reached are listed last. Each section is open when the run is small or
 * the node failed; `id="node-<id>"` is the target of the graph's and the timeline's links.
 */
export function NodeRunList({
  nodeRuns,
  notReached,
  openAll,
  titles = {},
}: {
  nodeRuns: NodeRunView[];
  notReached: { id: string; type: string }[];
  openAll: boolean;
  /** Node titles from the run's graph snapshot, by node id (the id is shown beside a title that differs). */
  titles?: Record<string, string>;
}) {
  return (
    <div className="space-y-2" data-testid="node-runs">
      {nodeRuns.map((n) => (
        <details
          key={n.nodeId}
          id={`node-${n.nodeId}`}
          open={openAll || n.status === "failed" || undefined}
          className="group scroll-mt-4 rounded-md border border-zinc-200 dark:border-zinc-800"
          data-testid="node-run"
          data-node-id={n.nodeId}
        >
          <summary className="flex cursor-pointer list-none items-center gap-3 px-3 py-2 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
            <span className="w-6 text-right text-xs tabular-nums text-zinc-400">{n.position + 1}</span>
            <StatusBadge status={n.status} />
            <NodeName id={n.nodeId} title={titles[n.nodeId]} />
            <span className="font-mono text-xs text-zinc-500">{n.nodeType}</span>
            {n.error ? <span className="font-mono text-xs text-red-600 dark:text-red-400">{n.error.code}</span> : null}
            <span className="ml-auto flex gap-4 text-xs tabular-nums text-zinc-500">
              {n.attempts > 1 ? <span className="font-semibold text-red-700 dark:text-red-400">{n.attempts} attempts</span> : null}
              <span>{formatDuration(n.elapsedMs)}</span>
            </span>
          </summary>
          <div className="space-y-3 border-t border-zinc-200 px-3 py-3 dark:border-zinc-800">
            <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4 lg:grid-cols-7">
              <Fact label="Attempts">{n.attempts}</Fact>
              <Fact label="Elapsed">{n.elapsedMs === null ? "—" : `${formatCount(n.elapsedMs)} ms`}</Fact>
              <Fact label="Started">{formatDateTime(n.startedAt)}</Fact>
              <Fact label="Ended">{formatDateTime(n.endedAt)}</Fact>
              <Fact label="Model">{n.model ?? "—"}</Fact>
              <Fact label="Tokens (in / out)">
                {n.promptTokens || n.completionTokens ? `${formatCount(n.promptTokens)} / ${formatCount(n.completionTokens)}` : "—"}
              </Fact>
              <Fact label="Cost">{formatCost(n.cost)}</Fact>
            </dl>
            {n.error ? (
              <div
                className="rounded-md border border-red-200 bg-red-50 p-3 text-sm dark:border-red-900 dark:bg-red-950/40"
                role="note"
                data-testid="node-error"
              >
                <p>
                  <span className="font-mono font-semibold text-red-700 dark:text-red-300">{n.error.code}</span>
                  <span className="ml-2 whitespace-pre-wrap text-red-900 dark:text-red-200">{n.error.message}</span>
                </p>
                {n.error.details !== undefined ? (
                  <div className="mt-2">
                    <JsonValue value={n.error.details} label="Error details" name={`error details of ${n.nodeId}`} />
                  </div>
                ) : null}
              </div>
            ) : null}
            {n.status === "skipped" && n.inputs === null && n.outputs === null ? (
              <p className="text-sm text-zinc-500">Skipped: none of its incoming branches was taken, so it received no inputs.</p>
            ) : (
              <div className="grid gap-3 lg:grid-cols-2">
                <JsonValue value={n.inputs} label="Resolved inputs" name={`inputs of ${n.nodeId}`} />
                <JsonValue value={n.outputs} label="Outputs" name={`outputs of ${n.nodeId}`} />
              </div>
            )}
          </div>
        </details>
      ))}
      {notReached.length ? (
        <p className="px-1 pt-1 text-sm text-zinc-500">
          Not reached: {notReached.map((n) => `${nodeLabel(n.id, titles[n.id])} (${n.type})`).join(", ")}
        </p>
      ) : null}
    </div>
  );
}
