import { Bot } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Agents" };

export default async function Page() {
  await requirePageUser("/settings/agents");
  return (
    <div className="mx-auto max-w-5xl px-8 py-8">
      <PageHeader title="Agents" description="Agents with instructions, a model and the tools they may use." />
      <EmptyState icon={<Bot size={28} aria-hidden="true" />} title="No agents yet">
        Create an agent and give it tools from connectors, MCP servers, knowledge bases and skills.
      </EmptyState>
    </div>
  );
}
