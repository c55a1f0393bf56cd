import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ChatView } from "@/components/chat/chat-view";
import { requirePageUser } from "@/lib/auth/session";
import { activeTurn } from "@/lib/chat/turn-hub";
import { getDb } from "@/lib/db/client";
import { getConversation, listConversationEvents, listConversations } from "@/lib/db/queries/conversations";
import { AppError } from "@/lib/errors";
import { ChatShell } from "../chat-shell";

export const metadata: Metadata = { title: "Chat" };
export const dynamic = "force-dynamic";

export default async function ConversationPage({
  params,
  searchParams,
}: {
  params: Promise<{ conversationId: string }>;
  searchParams: Promise<{ send?: string }>;
}) {
  const { conversationId } = await params;
  const { send } = await searchParams;
  const user = await requirePageUser(`/chat/${conversationId}`);
  const db = getDb();
  const conversation = await getConversation(db, user.id, conversationId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  const [events, conversations] = await Promise.all([listConversationEvents(db, conversation.id, 0), listConversations(db, user.id)]);
  const agentLabel = conversation.agentName ?? "Auto mode";
  return (
    <ChatShell conversations={conversations} activeId={conversation.id}>
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-zinc-200 bg-white px-6 dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="truncate text-base font-semibold">{conversation.title}</h1>
        <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">{agentLabel}</span>
      </header>
      <div className="min-h-0 flex-1">
        <ChatView
          key={conversation.id}
          conversationId={conversation.id}
          agentLabel={agentLabel}
          initialEvents={events.map(({ at: _at, ...event }) => event)}
          live={Boolean(activeTurn(conversation.id))}
          pendingMessage={send && events.length === 0 ? send : undefined}
        />
      </div>
    </ChatShell>
  );
}
