import { MessagesSquare } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Chat" };

export default async function Page() {
  await requirePageUser("/chat");
  return (
    <div className="mx-auto max-w-5xl px-8 py-8">
      <PageHeader
        title="Chat"
        description="Talk to your agents; they use tools from connectors, MCP servers, knowledge bases, skills and workflows."
      />
      <EmptyState icon={<MessagesSquare size={28} aria-hidden="true" />} title="No conversations yet">
        Set a model endpoint under Settings → Models, then start a conversation with an agent or in auto mode.
      </EmptyState>
    </div>
  );
}
