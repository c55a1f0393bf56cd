import Link from "next/link";
import type { RelatedRunView } from "@/lib/db/queries/runs";
import { formatDateTime } from "./format";
import { StatusBadge } from "./status-badge";

function RunLink({ run, testId }: { run: RelatedRunView; testId: string }) {
  return (
    <Link
      href={`/runs/${run.id}`}
      className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800/50"
      data-testid={testId}
    >
      <StatusBadge status={run.status} />
      <span className="font-medium">{run.workflowName}</span>
      <span className="font-mono text-xs text-zinc-500">{run.id}</span>
      <span className="ml-auto text-xs text-zinc-500">{formatDateTime(run.createdAt)}</span>
    </Link>
  );
}

/** Parent and child runs (`run_workflow`, spec §7), linked both ways. */
export function RelatedRuns({ parent, childRuns }: { parent: RelatedRunView | null; childRuns: RelatedRunView[] }) {
  return (
    <div className="space-y-3">
      {parent ? (
        <div>
          <h3 className="mb-1 text-xs font-medium uppercase tracking-wide text-zinc-500">Started by the parent run</h3>
          <RunLink run={parent} testId="parent-run" />
        </div>
      ) : null}
      {childRuns.length ? (
        <div>
          <h3 className="mb-1 text-xs font-medium uppercase tracking-wide text-zinc-500">Child runs ({childRuns.length})</h3>
          {childRuns.map((child) => (
            <RunLink key={child.id} run={child} testId="child-run" />
          ))}
        </div>
      ) : null}
    </div>
  );
}
