import Link from "next/link";
import type { RunDetail } from "@/lib/db/queries/runs";
import { formatCost, formatCount, formatDateTime, formatDuration, TRIGGER_LABELS } from "./format";
import { StatusBadge } from "./status-badge";

function Fact({ label, children, testId, wide }: { label: string; children: React.ReactNode; testId?: string; wide?: boolean }) {
  return (
    <div data-testid={testId} className={wide ? "col-span-2" : undefined}>
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium tabular-nums">{children}</dd>
    </div>
  );
}

/** Who or what started the run, from Run.triggerKind, the trigger details and the user. */
function triggerText(run: RunDetail): string {
  const kind = TRIGGER_LABELS[run.triggerKind] ?? run.triggerKind;
  const details = (run.trigger.details ?? {}) as Record<string, unknown>;
  const extra = ["api_key", "api_key_name", "agent_run_id", "schedule_id", "rerun_of"]
    .filter((key) => typeof details[key] === "string")
    .map((key) => `${key.replaceAll("_", " ")} ${details[key] as string}`);
  const who = run.triggeredBy ? `${run.triggeredBy.name} (${run.triggeredBy.email})` : null;
  return [kind, who, ...extra].filter(Boolean).join(" · ");
}

/**
 * The run's header (spec §6): status, workflow and version, trigger and who, started, duration (so far, while
 * active), tokens and cost, and the run's error when it failed.
 */
export function RunHeader({ run, now, actions }: { run: RunDetail; now: number; actions: React.ReactNode }) {
  const active = run.endedAt === null;
  const duration = run.durationMs ?? (run.startedAt ? now - run.startedAt.getTime() : null);
  return (
    <header className="mb-6">
      <nav className="mb-2 text-sm text-zinc-500">
        <Link href="/runs" className="hover:text-brand-600 hover:underline">
          Runs
        </Link>{" "}
        / <span className="font-mono">{run.id}</span>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-xl font-semibold tracking-tight">{run.workflow.name}</h1>
          <span className="text-sm text-zinc-500" data-testid="run-version">
            {run.version === null ? "draft" : `version ${run.version}`}
          </span>
          <span data-testid="run-status">
            <StatusBadge status={run.status} />
          </span>
          {run.depth > 0 && !run.parent ? <span className="text-xs text-zinc-500">nested run (depth {run.depth})</span> : null}
        </div>
        <div className="flex items-center gap-2">{actions}</div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-7 dark:border-zinc-800 dark:bg-zinc-900">
        <Fact label="Trigger" testId="run-trigger" wide>
          <span className="font-normal">{triggerText(run)}</span>
        </Fact>
        <Fact label="Started">{formatDateTime(run.startedAt ?? run.createdAt)}</Fact>
        <Fact label={active ? "Running for" : "Duration"} testId="run-duration">
          {formatDuration(duration)}
        </Fact>
        <Fact label="Tokens (in / out)" testId="run-tokens">
          {formatCount(run.promptTokens)} / {formatCount(run.completionTokens)}
        </Fact>
        <Fact label="Cost">{formatCost(run.cost)}</Fact>
        <Fact label="Nodes">
          <span className="whitespace-nowrap">{run.nodeRuns.filter((n) => n.status === "succeeded").length} succeeded</span> ·{" "}
          <span className="whitespace-nowrap">{run.nodeRuns.filter((n) => n.status === "failed").length} failed</span>
        </Fact>
      </dl>
      {run.error ? (
        <div
          className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm dark:border-red-900 dark:bg-red-950/40"
          role="alert"
          data-testid="run-error"
        >
          <span className="font-mono font-semibold text-red-700 dark:text-red-300">{run.error.code}</span>
          {run.error.nodeId ? (
            <a href={`#node-${run.error.nodeId}`} className="ml-2 font-mono text-xs text-red-700 underline dark:text-red-300">
              at {run.error.nodeId}
            </a>
          ) : null}
          <span className="ml-2 whitespace-pre-wrap text-red-900 dark:text-red-200">{run.error.message}</span>
        </div>
      ) : null}
    </header>
  );
}
