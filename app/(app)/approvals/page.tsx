import { CheckCircle2 } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Approvals" };

export default async function Page() {
  await requirePageUser("/approvals");
  return (
    <div className="mx-auto max-w-5xl px-8 py-8">
      <PageHeader title="Approvals" description="Human-intervention steps waiting for your decision." />
      <EmptyState icon={<CheckCircle2 size={28} aria-hidden="true" />} title="Nothing waits for you">
        When a run reaches an approval step assigned to you, your role or anyone, it appears here.
      </EmptyState>
    </div>
  );
}
