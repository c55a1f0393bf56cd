import Link from "next/link";
import { formatDateTime } from "@/components/runs/format";
import { StatusBadge } from "@/components/runs/status-badge";
import { Card, EmptyState } from "@/components/ui/page";
import type { ApprovalItem } from "@/lib/db/queries/approvals";

/** The decided history: what was decided, by whom, when, with which note, and the run it belongs to. */
export function DecidedApprovals({ approvals, nextBefore }: { approvals: ApprovalItem[]; nextBefore: string | null }) {
  if (approvals.length === 0) {
    return <EmptyState title="No decisions yet">Approvals you can see appear here once someone decides them, or they time out.</EmptyState>;
  }
  return (
    <>
      <Card className="overflow-x-auto p-0">
        <table className="w-full text-left text-sm" data-testid="decided-approvals">
          <thead className="border-b border-zinc-200 text-xs uppercase text-zinc-500 dark:border-zinc-800">
            <tr>
              <th className="px-4 py-2.5 font-medium">Decision</th>
              <th className="px-4 py-2.5 font-medium">Approval</th>
              <th className="px-4 py-2.5 font-medium">By</th>
              <th className="px-4 py-2.5 font-medium">When (UTC)</th>
              <th className="px-4 py-2.5 font-medium">Note</th>
              <th className="px-4 py-2.5 font-medium">Run</th>
            </tr>
          </thead>
          <tbody>
            {approvals.map((a) => (
              <tr key={a.id} className="border-b border-zinc-100 align-top last:border-0 dark:border-zinc-800" data-approval-id={a.id}>
                <td className="whitespace-nowrap px-4 py-2">
                  <StatusBadge status={a.status} />
                </td>
                <td className="px-4 py-2">
                  <Link href={`/approvals/${a.id}`} className="font-medium hover:text-brand-600 hover:underline">
                    {a.title || "Approval"}
                  </Link>
                  <span className="block text-xs text-zinc-500">{a.run.workflowName}</span>
                </td>
                <td className="px-4 py-2">{a.decidedByName ?? (a.status === "timed_out" ? "timed out" : "—")}</td>
                <td className="whitespace-nowrap px-4 py-2 font-mono text-xs">{formatDateTime(a.decidedAt).replace(" UTC", "")}</td>
                <td className="max-w-xs whitespace-pre-wrap break-words px-4 py-2">{a.note ?? ""}</td>
                <td className="whitespace-nowrap px-4 py-2">
                  <Link href={`/runs/${a.run.id}`} className="text-brand-600 hover:underline">
                    <StatusBadge status={a.run.status} />
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      {nextBefore ? (
        <div className="mt-4">
          <Link href={`/approvals?tab=decided&before=${encodeURIComponent(nextBefore)}`} className="text-sm text-brand-600 hover:underline">
            Older decisions →
          </Link>
        </div>
      ) : null}
    </>
  );
}
