"use client";

import { CheckCircle2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { EmptyState } from "@/components/ui/page";
import type { ApprovalItem } from "@/lib/db/queries/approvals";
import { ApprovalCard } from "./approval-card";

/**
 * The pending approvals, kept current without a reload: app/api/approvals/stream sends the ids of the
 * approvals waiting for this user whenever they change, and the page re-renders from the server. Cards that
 * leave the list (decided here or elsewhere) stay in place for this visit, showing the outcome.
 */
export function ApprovalsInbox({ approvals }: { approvals: ApprovalItem[] }) {
  const router = useRouter();
  const [seen, setSeen] = useState<ApprovalItem[]>(approvals);
  const currentIds = useRef(approvals.map((a) => a.id).join(","));

  useEffect(() => {
    currentIds.current = approvals.map((a) => a.id).join(",");
    setSeen((previous) => {
      const known = new Set(previous.map((a) => a.id));
      const added = approvals.filter((a) => !known.has(a.id));
      return [...added, ...previous].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
    });
  }, [approvals]);

  useEffect(() => {
    const source = new EventSource("/api/approvals/stream");
    source.addEventListener("pending", (event) => {
      const ids = (JSON.parse((event as MessageEvent).data) as { ids: string[] }).ids.join(",");
      if (ids !== currentIds.current) router.refresh();
    });
    return () => source.close();
  }, [router]);

  const pendingIds = new Set(approvals.map((a) => a.id));
  if (seen.length === 0) {
    return (
      <EmptyState icon={<CheckCircle2 size={28} aria-hidden="true" />} title="Nothing waits for you">
        When a run reaches an approval step assigned to you, your role or anyone, it appears here.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4" data-testid="approvals-inbox">
      {seen.map((approval) => (
        <ApprovalCard key={approval.id} approval={approval} gone={!pendingIds.has(approval.id)} />
      ))}
    </div>
  );
}
