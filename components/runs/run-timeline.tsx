import { clsx } from "clsx";
import type { NodeRunView, RunEventView } from "@/lib/db/queries/runs";
import { nodeLabel } from "./node-run-list";
import { formatDuration } from "./format";

const BAR_TONES: Record<string, string> = {
  succeeded: "bg-green-500 dark:bg-green-600",
  failed: "bg-red-500 dark:bg-red-600",
  running: "bg-blue-500 animate-pulse",
  waiting: "bg-amber-400",
  pending: "bg-zinc-300 dark:bg-zinc-600",
  skipped: "bg-zinc-200 dark:bg-zinc-700",
};

const WAIT_STRIPES = "repeating-linear-gradient(45deg, #fde68a, #fde68a 4px, #fcd34d 4px, #fcd34d 8px)";

interface Segment {
  start: number;
  end: number;
}

interface Row {
  nodeId: string;
  nodeType: string;
  status: string;
  attempts: number;
  bar: Segment | null;
  waits: Segment[];
  retries: number[];
  open: boolean;
}

function ms(value: Date | string): number {
  return typeof value === "string" ? Date.parse(value) : value.getTime();
}

/** Rows of the Gantt chart: one per node run, with its wait segments (approvals) and retry instants from the events. */
export function timelineRows(nodeRuns: NodeRunView[], events: RunEventView[], now: number): Row[] {
  const waitStart = new Map<string, number>();
  const waits = new Map<string, Segment[]>();
  const retries = new Map<string, number[]>();
  for (const event of events) {
    const nodeId = typeof event.data.node_id === "string" ? event.data.node_id : null;
    if (!nodeId) continue;
    if (event.type === "node.waiting") waitStart.set(nodeId, ms(event.at));
    if (event.type === "approval.decided" || (event.type === "node.ended" && waitStart.has(nodeId))) {
      const start = waitStart.get(nodeId);
      if (start !== undefined) {
        waits.set(nodeId, [...(waits.get(nodeId) ?? []), { start, end: ms(event.at) }]);
        waitStart.delete(nodeId);
      }
    }
    if (event.type === "node.retrying") retries.set(nodeId, [...(retries.get(nodeId) ?? []), ms(event.at)]);
  }
  return nodeRuns.map((n) => {
    const open = waitStart.get(n.nodeId);
    const nodeWaits = [...(waits.get(n.nodeId) ?? []), ...(open !== undefined ? [{ start: open, end: now }] : [])];
    const start = n.startedAt ? ms(n.startedAt) : null;
    const end = n.endedAt ? ms(n.endedAt) : start !== null ? now : null;
    return {
      nodeId: n.nodeId,
      nodeType: n.nodeType,
      status: n.status,
      attempts: n.attempts,
      bar: start !== null && end !== null ? { start, end: Math.max(start, end) } : null,
      waits: nodeWaits,
      retries: retries.get(n.nodeId) ?? [],
      open: n.endedAt === null && start !== null,
    };
  });
}

/**
 * The run's timeline: a Gantt bar per node run from its start to its end (running ones up to now), on one
 * time axis, so parallel branches show as overlapping bars. Waits for an approval are amber and striped;
 * each retry is a tick with the attempt count beside the node. Skipped nodes are listed without a bar.
 */
export function RunTimeline({
  nodeRuns,
  events,
  runStartedAt,
  runEndedAt,
  now,
  titles = {},
}: {
  nodeRuns: NodeRunView[];
  events: RunEventView[];
  runStartedAt: Date | null;
  runEndedAt: Date | null;
  now: number;
  /** Node titles from the run's graph snapshot, by node id. */
  titles?: Record<string, string>;
}) {
  const rows = timelineRows(nodeRuns, events, now);
  const bars = rows.flatMap((r) => (r.bar ? [r.bar] : []));
  if (bars.length === 0) return <p className="text-sm text-zinc-500">No node has started yet.</p>;
  const t0 = Math.min(runStartedAt ? ms(runStartedAt) : Number.POSITIVE_INFINITY, ...bars.map((b) => b.start));
  const t1 = Math.max(runEndedAt ? ms(runEndedAt) : now, ...bars.map((b) => b.end), ...rows.flatMap((r) => r.waits.map((w) => w.end)));
  const span = Math.max(1, t1 - t0);
  const pct = (t: number) => ((t - t0) / span) * 100;
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  return (
    <div data-testid="run-timeline" className="text-xs">
      <div className="relative ml-48 mr-16 h-5 border-b border-zinc-200 dark:border-zinc-700" aria-hidden="true">
        {ticks.map((f) => (
          <span
            key={f}
            className={clsx(
              "absolute whitespace-nowrap tabular-nums text-zinc-500",
              f === 0 ? "" : f === 1 ? "-translate-x-full" : "-translate-x-1/2",
            )}
            style={{ left: `${f * 100}%` }}
          >
            {formatDuration(f * span)}
          </span>
        ))}
      </div>
      <ol className="max-h-[28rem] overflow-y-auto py-1">
        {rows.map((row) => (
          <li
            key={row.nodeId}
            className="flex h-7 items-center"
            data-testid="timeline-row"
            data-node-id={row.nodeId}
            data-status={row.status}
          >
            <a
              href={`#node-${row.nodeId}`}
              className={clsx("w-48 shrink-0 truncate pr-3 hover:text-brand-600", !titles[row.nodeId] && "font-mono")}
              title={`${nodeLabel(row.nodeId, titles[row.nodeId])}, ${row.nodeType}`}
            >
              {titles[row.nodeId] ?? row.nodeId}
              <span className="ml-1 font-mono text-[10px] text-zinc-500">{row.nodeType}</span>
            </a>
            <div className="relative h-4 flex-1 rounded bg-zinc-50 dark:bg-zinc-800/50">
              {row.bar ? (
                <div
                  className={clsx("absolute top-0 h-4 min-w-[3px] rounded", BAR_TONES[row.status] ?? "bg-zinc-400")}
                  style={{ left: `${pct(row.bar.start)}%`, width: `${Math.max(0.3, pct(row.bar.end) - pct(row.bar.start))}%` }}
                  title={`${row.nodeId}: ${row.status}, ${formatDuration(row.bar.end - row.bar.start)}${row.open ? " so far" : ""}`}
                />
              ) : (
                <span className="absolute left-1 top-0 leading-4 text-zinc-400">
                  {row.status === "skipped" ? "skipped" : "not started"}
                </span>
              )}
              {row.waits.map((w) => (
                <div
                  key={w.start}
                  data-testid="timeline-wait"
                  className="absolute top-0 h-4 min-w-[3px] rounded border border-amber-500"
                  style={{ left: `${pct(w.start)}%`, width: `${Math.max(0.3, pct(w.end) - pct(w.start))}%`, background: WAIT_STRIPES }}
                  title={`waited for a decision ${formatDuration(w.end - w.start)}`}
                />
              ))}
              {row.retries.map((t) => (
                <span
                  key={t}
                  data-testid="timeline-retry"
                  className="absolute -top-0.5 h-5 w-0.5 bg-red-700 dark:bg-red-400"
                  style={{ left: `${pct(t)}%` }}
                  title="retry"
                />
              ))}
            </div>
            <span className="w-16 shrink-0 pl-2 text-right tabular-nums text-zinc-500">
              {row.attempts > 1 ? <span className="mr-1 font-semibold text-red-700 dark:text-red-400">×{row.attempts}</span> : null}
              {row.bar ? formatDuration(row.bar.end - row.bar.start) : ""}
            </span>
          </li>
        ))}
      </ol>
      <p className="mt-2 flex flex-wrap gap-4 text-zinc-500">
        <span>
          <span className="mr-1 inline-block size-2.5 rounded-sm bg-green-500 align-middle" />
          succeeded
        </span>
        <span>
          <span className="mr-1 inline-block size-2.5 rounded-sm bg-red-500 align-middle" />
          failed
        </span>
        <span>
          <span className="mr-1 inline-block size-2.5 rounded-sm bg-blue-500 align-middle" />
          running
        </span>
        <span>
          <span className="mr-1 inline-block size-2.5 rounded-sm border border-amber-500 bg-amber-200 align-middle" />
          waiting for approval
        </span>
        <span>
          <span className="mr-1 inline-block h-2.5 w-0.5 bg-red-700 align-middle" />
          retry (×N attempts)
        </span>
      </p>
    </div>
  );
}
