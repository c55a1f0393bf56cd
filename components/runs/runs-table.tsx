import Link from "next/link";
import { Card } from "@/components/ui/page";
import type { RunListItem } from "@/lib/db/queries/runs";
import { formatCount, formatDateTime, formatDuration, TRIGGER_LABELS } from "./format";
import { StatusBadge } from "./status-badge";

const th = "px-4 py-2.5 font-medium";

/** One page of runs: status, workflow, trigger and who, started, duration, tokens. Each row opens the run. */
export function RunsTable({ runs }: { runs: RunListItem[] }) {
  return (
    <Card className="overflow-x-auto p-0">
      <table className="w-full text-left text-sm" data-testid="runs-table">
        <thead className="border-b border-zinc-200 text-xs uppercase text-zinc-500 dark:border-zinc-800">
          <tr>
            <th className={th}>Status</th>
            <th className={th}>Workflow</th>
            <th className={th}>Trigger</th>
            <th className={th}>Created (UTC)</th>
            <th className={`${th} text-right`}>Duration</th>
            <th className={`${th} text-right`}>Tokens</th>
            <th className={th}>Run</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr
              key={run.id}
              className="border-b border-zinc-100 last:border-0 hover:bg-zinc-50 dark:border-zinc-800 dark:hover:bg-zinc-800/50"
              data-run-id={run.id}
            >
              <td className="whitespace-nowrap px-4 py-2">
                <StatusBadge status={run.status} />
                {run.errorCode && run.errorCode !== run.status ? (
                  <span className="ml-2 font-mono text-xs text-red-600 dark:text-red-400">{run.errorCode}</span>
                ) : null}
              </td>
              <td className="px-4 py-2">
                <Link
                  href={`/runs/${run.id}`}
                  className="font-medium text-zinc-900 hover:text-brand-600 hover:underline dark:text-zinc-100"
                >
                  {run.workflowName}
                </Link>
                {run.version !== null ? (
                  <span className="ml-1.5 text-xs text-zinc-500">v{run.version}</span>
                ) : (
                  <span className="ml-1.5 text-xs text-zinc-500">draft</span>
                )}
                {run.depth > 0 ? <span className="ml-1.5 text-xs text-zinc-500">· nested (depth {run.depth})</span> : null}
              </td>
              <td className="whitespace-nowrap px-4 py-2 text-xs">
                {TRIGGER_LABELS[run.triggerKind] ?? run.triggerKind}
                {run.triggeredBy ? <span className="block text-zinc-500">{run.triggeredBy.name}</span> : null}
              </td>
              <td className="whitespace-nowrap px-4 py-2 font-mono text-xs">{formatDateTime(run.createdAt).replace(" UTC", "")}</td>
              <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">{formatDuration(run.durationMs)}</td>
              <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">{formatCount(run.tokens)}</td>
              <td className="whitespace-nowrap px-4 py-2">
                <Link
                  href={`/runs/${run.id}`}
                  className="font-mono text-xs text-brand-600 hover:underline"
                  aria-label={`Open run ${run.id}`}
                  title={run.id}
                >
                  {run.id.slice(0, 10)}…
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
