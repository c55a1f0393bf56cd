import Link from "next/link";
import type { ApprovalView } from "@/lib/db/queries/runs";
import { formatDateTime } from "./format";
import { JsonValue } from "./json-value";
import { StatusBadge } from "./status-badge";

/** The run's approvals (spec §6): what was asked of whom, who decided, when and with what note. */
export function RunApprovals({ approvals }: { approvals: ApprovalView[] }) {
  return (
    <ul className="space-y-3" data-testid="run-approvals">
      {approvals.map((a) => (
        <li
          key={a.id}
          className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800"
          data-testid="run-approval"
          data-approval-id={a.id}
        >
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={a.status} />
            <span className="font-medium">{a.title}</span>
            <span className="font-mono text-xs text-zinc-500">node {a.nodeId}</span>
            <span className="text-xs text-zinc-500">· for {a.assignee === "" ? "anyone" : a.assignee}</span>
            {a.status === "pending" ? (
              <Link href={`/approvals/${a.id}`} className="ml-auto text-xs font-medium text-brand-600 hover:underline">
                Decide →
              </Link>
            ) : null}
          </div>
          {a.description ? <p className="mt-2 whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">{a.description}</p> : null}
          <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-3">
            <div>
              <dt className="text-[11px] uppercase tracking-wide text-zinc-500">Asked</dt>
              <dd>{formatDateTime(a.createdAt)}</dd>
            </div>
            <div>
              <dt className="text-[11px] uppercase tracking-wide text-zinc-500">Decided by</dt>
              <dd data-testid="approval-decided-by">{a.decidedByName ?? (a.status === "timed_out" ? "nobody (timed out)" : "—")}</dd>
            </div>
            <div>
              <dt className="text-[11px] uppercase tracking-wide text-zinc-500">Decided at</dt>
              <dd>{formatDateTime(a.decidedAt)}</dd>
            </div>
          </dl>
          {a.note ? (
            <blockquote
              className="mt-2 border-l-2 border-zinc-300 pl-3 italic text-zinc-700 dark:border-zinc-600 dark:text-zinc-300"
              data-testid="approval-note"
            >
              {a.note}
            </blockquote>
          ) : null}
          <details className="mt-2">
            <summary className="cursor-pointer text-xs text-zinc-500">What it was about (upstream outputs)</summary>
            <div className="mt-2">
              <JsonValue value={a.context} label="Context" name={`context of approval ${a.nodeId}`} />
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}
