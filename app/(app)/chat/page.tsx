import type { Metadata } from "next";
import Link from "next/link";
import { NewChatForm } from "@/components/chat/new-chat-form";
import { Card, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { listAgents } from "@/lib/db/queries/agents";
import { listConversations } from "@/lib/db/queries/conversations";
import { getDefaultModelProvider } from "@/lib/db/queries/model-providers";
import { ChatShell } from "./chat-shell";

export const metadata: Metadata = { title: "Chat" };

export default async function ChatPage() {
  const user = await requirePageUser("/chat");
  const db = getDb();
  const [conversations, agents, provider] = await Promise.all([
    listConversations(db, user.id),
    listAgents(db, user),
    getDefaultModelProvider(db),
  ]);
  const modelReady = Boolean(provider) || Boolean(process.env.OPENAI_BASE_URL || process.env.OPENAI_API_KEY);
  return (
    <ChatShell conversations={conversations}>
      <div className="mx-auto w-full max-w-2xl px-8 py-8">
        <PageHeader
          title="Chat"
          description="Talk to your agents; they use tools from connectors, MCP servers, knowledge bases, skills and workflows."
        />
        {!modelReady ? (
          <p className="mb-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200">
            No model endpoint yet: set one under{" "}
            <Link href="/settings/models" className="underline">
              Settings → Models
            </Link>{" "}
            first.
          </p>
        ) : null}
        <Card>
          <NewChatForm agents={agents.map((agent) => ({ id: agent.id, name: agent.name, description: agent.description }))} />
        </Card>
        {agents.length === 0 ? (
          <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
            No agents yet — chat in auto mode, or{" "}
            <Link href="/settings/agents" className="underline">
              create an agent
            </Link>{" "}
            with its own instructions and tools.
          </p>
        ) : null}
      </div>
    </ChatShell>
  );
}
