import { KeyRound } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "API keys" };

export default async function Page() {
  await requirePageUser("/settings/api-keys");
  return (
    <div className="mx-auto max-w-5xl px-8 py-8">
      <PageHeader title="API keys" description="Keys for the REST API, webhooks and the MCP endpoint." />
      <EmptyState icon={<KeyRound size={28} aria-hidden="true" />} title="No API keys yet">
        Create a key to start runs and decide approvals from other systems. A key is shown once.
      </EmptyState>
    </div>
  );
}
