/**
 * Conversations (model Conversation), their messages (model Message, the history the model sees) and their
 * events (model ConversationEvent, spec §9 chat event types, numbered per conversation for SSE resume by
 * Last-Event-ID). Conversations belong to one user.
 */
import { AppError } from "@/lib/errors";
import { type Db, parseJson } from "../client";

export interface ConversationView {
  id: string;
  title: string;
  mode: "agent" | "auto";
  agentId: string | null;
  agentName: string | null;
  updatedAt: string;
}

export interface StoredMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: string;
  tool_calls?: { id: string; name: string; arguments: string }[];
  tool_call_id?: string;
  pinned?: boolean;
}

export interface StoredConversationEvent {
  seq: number;
  turnId: string;
  type: string;
  data: Record<string, unknown>;
  at: string;
}

type ConversationRow = Awaited<ReturnType<Db["conversation"]["findFirstOrThrow"]>> & { agent?: { name: string } | null };

function toView(row: ConversationRow): ConversationView {
  return {
    id: row.id,
    title: row.title,
    mode: row.mode === "auto" ? "auto" : "agent",
    agentId: row.agentId,
    agentName: row.agent?.name ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function createConversation(
  db: Db,
  userId: string,
  input: { agentId: string | null; title?: string },
): Promise<ConversationView> {
  const row = await db.conversation.create({
    data: { userId, agentId: input.agentId, mode: input.agentId ? "agent" : "auto", title: input.title ?? "New conversation" },
    include: { agent: { select: { name: true } } },
  });
  return toView(row);
}

/** The user's conversations, most recent first. */
export async function listConversations(db: Db, userId: string, take = 50): Promise<ConversationView[]> {
  const rows = await db.conversation.findMany({
    where: { userId },
    orderBy: { updatedAt: "desc" },
    take,
    include: { agent: { select: { name: true } } },
  });
  return rows.map(toView);
}

/** @throws AppError `not_found` when absent or not the user's. */
export async function getConversation(db: Db, userId: string, id: string): Promise<ConversationView> {
  const row = await db.conversation.findFirst({ where: { id, userId }, include: { agent: { select: { name: true } } } });
  if (!row) throw new AppError("not_found", "That conversation does not exist.");
  return toView(row);
}

export async function deleteConversation(db: Db, userId: string, id: string): Promise<void> {
  await getConversation(db, userId, id);
  await db.conversation.delete({ where: { id } });
}

export async function setConversationTitle(db: Db, id: string, title: string): Promise<void> {
  await db.conversation.update({ where: { id }, data: { title } });
}

/** Appends messages after the last one (seq continues). */
export async function appendMessages(db: Db, conversationId: string, messages: StoredMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await db.$transaction(async (tx) => {
    const last = await tx.message.findFirst({ where: { conversationId }, orderBy: { seq: "desc" }, select: { seq: true } });
    let seq = last?.seq ?? 0;
    for (const message of messages) {
      seq++;
      await tx.message.create({
        data: {
          conversationId,
          seq,
          role: message.role,
          content: message.content,
          toolCalls: message.tool_calls?.length ? JSON.stringify(message.tool_calls) : null,
          toolCallId: message.tool_call_id ?? null,
          pinned: message.pinned ?? false,
        },
      });
    }
    await tx.conversation.update({ where: { id: conversationId }, data: { updatedAt: new Date() } });
  });
}

/** The history, oldest first. */
export async function loadMessages(db: Db, conversationId: string): Promise<StoredMessage[]> {
  const rows = await db.message.findMany({ where: { conversationId }, orderBy: { seq: "asc" } });
  return rows.map((row) => ({
    role: row.role as StoredMessage["role"],
    content: row.content,
    ...(row.toolCalls ? { tool_calls: parseJson<StoredMessage["tool_calls"]>(row.toolCalls, []) } : {}),
    ...(row.toolCallId ? { tool_call_id: row.toolCallId } : {}),
    ...(row.pinned ? { pinned: true } : {}),
  }));
}

/** Stores events with the sequence numbers the caller assigned (unique per conversation). */
export async function appendConversationEvents(
  db: Db,
  conversationId: string,
  events: Omit<StoredConversationEvent, "at">[],
): Promise<void> {
  if (events.length === 0) return;
  await db.conversationEvent.createMany({
    data: events.map((event) => ({
      conversationId,
      seq: event.seq,
      turnId: event.turnId,
      type: event.type,
      data: JSON.stringify(event.data),
    })),
  });
}

/** Events after `afterSeq`, in order (at most `take`). */
export async function listConversationEvents(
  db: Db,
  conversationId: string,
  afterSeq: number,
  beforeSeq?: number,
  take = 100_000,
): Promise<StoredConversationEvent[]> {
  const rows = await db.conversationEvent.findMany({
    where: { conversationId, seq: { gt: afterSeq, ...(beforeSeq !== undefined ? { lt: beforeSeq } : {}) } },
    orderBy: { seq: "asc" },
    take,
  });
  return rows.map((row) => ({
    seq: row.seq,
    turnId: row.turnId,
    type: row.type,
    data: parseJson<Record<string, unknown>>(row.data, {}),
    at: row.at.toISOString(),
  }));
}

/** The last stored event's seq (0 = none). */
export async function lastConversationEventSeq(db: Db, conversationId: string): Promise<number> {
  const row = await db.conversationEvent.findFirst({ where: { conversationId }, orderBy: { seq: "desc" }, select: { seq: true } });
  return row?.seq ?? 0;
}
