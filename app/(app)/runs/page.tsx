import { History } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Runs" };

export default async function Page() {
  await requirePageUser("/runs");
  return (
    <div className="mx-auto max-w-5xl px-8 py-8">
      <PageHeader title="Runs" description="Every run with its audit trail: inputs, outputs, errors, timing, tokens and approvals." />
      <EmptyState icon={<History size={28} aria-hidden="true" />} title="No runs yet">
        Run a workflow from the editor, the API, a webhook or a schedule; its trail appears here.
      </EmptyState>
    </div>
  );
}
