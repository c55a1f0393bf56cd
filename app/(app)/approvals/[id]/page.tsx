import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ApprovalCard } from "@/components/approvals/approval-card";
import { RunApprovals } from "@/components/runs/run-approvals";
import { requirePageUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { approvalAssigneeFilter, getApprovalForViewer } from "@/lib/db/queries/approvals";

export const metadata: Metadata = { title: "Approval" };

/**
 * One approval. Pending and assigned to the user (email, role or anyone): the card to decide it. Otherwise
 * its record, read-only. An approval of a run the user may not see is a 404, like a missing one.
 */
export default async function ApprovalPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requirePageUser(`/approvals/${id}`);
  const approval = await getApprovalForViewer(getDb(), user, id);
  if (!approval) notFound();
  const mayDecide = approvalAssigneeFilter(user).assignee.in.includes(approval.assignee);
  return (
    <div className="mx-auto max-w-5xl px-8 py-8">
      <nav className="mb-4 text-sm text-zinc-500">
        <Link href="/approvals" className="hover:text-brand-600 hover:underline">
          Approvals
        </Link>{" "}
        / {approval.title || "Approval"}
      </nav>
      <h1 className="sr-only">{approval.title || "Approval"}</h1>
      {approval.status === "pending" && mayDecide ? (
        <ApprovalCard approval={approval} />
      ) : (
        <>
          {approval.status === "pending" ? (
            <p className="mb-3 rounded-md border border-zinc-200 bg-zinc-50 p-3 text-sm dark:border-zinc-800 dark:bg-zinc-900" role="note">
              This approval is assigned to {approval.assignee}; you can follow it but not decide it.
            </p>
          ) : null}
          <RunApprovals approvals={[approval]} />
          <p className="mt-3 text-sm">
            <Link href={`/runs/${approval.run.id}`} className="text-brand-600 hover:underline">
              Open the run ({approval.run.workflowName}) →
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
