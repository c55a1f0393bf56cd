import type { Metadata } from "next";
import { ApprovalsInbox } from "@/components/approvals/approvals-inbox";
import { ApprovalsTabs } from "@/components/approvals/approvals-tabs";
import { DecidedApprovals } from "@/components/approvals/decided-approvals";
import { PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { countPendingApprovals, listDecidedApprovals, listPendingApprovals } from "@/lib/db/queries/approvals";

export const metadata: Metadata = { title: "Approvals" };

/** The approvals inbox (waiting for me, live) and the decided history. */
export default async function ApprovalsPage({ searchParams }: { searchParams: Promise<{ tab?: string; before?: string }> }) {
  const user = await requirePageUser("/approvals");
  const { tab, before } = await searchParams;
  const db = getDb();
  const decidedTab = tab === "decided";
  return (
    <div className="mx-auto max-w-5xl px-8 py-8">
      <PageHeader title="Approvals" description="Human-intervention steps waiting for your decision, and the decisions made." />
      {decidedTab ? (
        <>
          <ApprovalsTabs current="decided" waiting={await countPendingApprovals(db, user)} />
          <DecidedApprovals {...(await listDecidedApprovals(db, user, { before: typeof before === "string" ? before : null }))} />
        </>
      ) : (
        <WaitingTab user={user} />
      )}
    </div>
  );
}

async function WaitingTab({ user }: { user: { id: string; email: string; role: string } }) {
  const approvals = await listPendingApprovals(getDb(), user);
  return (
    <>
      <ApprovalsTabs current="waiting" waiting={approvals.length} />
      <ApprovalsInbox approvals={approvals} />
    </>
  );
}
