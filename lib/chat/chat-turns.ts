/**
 * Chat turns over the database (issue 5 "Chat"): a user message starts a turn that runs in this process
 * (the request that started it returns at once); its events are numbered after the conversation's stored
 * ones, streamed live through the turn hub and written to ConversationEvent in batches; its messages are
 * stored as they happen (Message), so the next turn's history and a reload both see them.
 */
import { randomUUID } from "node:crypto";
import type { AgentDefinition } from "@/lib/agent/agent-turn";
import { runAgentTurn } from "@/lib/agent/agent-turn";
import type { AgentEvent, AgentMessage } from "@/lib/agent/types";
import type { Db } from "@/lib/db/client";
import {
  appendConversationEvents,
  appendMessages,
  type ConversationView,
  lastConversationEventSeq,
  listConversationEvents,
  loadMessages,
  setConversationTitle,
} from "@/lib/db/queries/conversations";
import { AppError } from "@/lib/errors";
import type { AgentRuntime } from "@/lib/runtime-agents";
import { assembleTools } from "@/lib/tools/assemble";
import { type ActiveTurn, activeTurn, beginTurn, type ChatEvent, endTurn, followConversation, publish } from "./turn-hub";

/** Events are written at most this often, ms (deltas are many and small). */
const FLUSH_INTERVAL_MS = 100;

export interface ChatUser {
  id: string;
  email: string;
  role: string;
}

const AUTO_AGENT: AgentDefinition = {
  id: null,
  name: "Auto",
  instructions: "",
  model: "smart",
  profile: { toolCategories: null, knowledgeBaseIds: null, connectorIds: null, mcpServerIds: null },
};

/** Writes events in order, batched; `flush()` resolves once everything published so far is stored. */
function createEventWriter(db: Db, conversationId: string) {
  let pending: ChatEvent[] = [];
  let chain = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let failure: unknown = null;
  const write = () => {
    timer = null;
    const batch = pending;
    pending = [];
    if (batch.length === 0) return chain;
    chain = chain.then(() =>
      appendConversationEvents(db, conversationId, batch).catch((error: unknown) => {
        failure = error;
        console.error("[chat] storing events failed", error);
      }),
    );
    return chain;
  };
  return {
    add(event: ChatEvent) {
      pending.push(event);
      timer ??= setTimeout(write, FLUSH_INTERVAL_MS);
    },
    async flush() {
      if (timer) clearTimeout(timer);
      await write();
      if (failure) throw failure;
    },
  };
}

function toStoredMessage(message: AgentMessage) {
  if (message.role === "assistant")
    return {
      role: "assistant" as const,
      content: message.content ?? "",
      ...(message.tool_calls?.length ? { tool_calls: message.tool_calls } : {}),
    };
  if (message.role === "tool") return { role: "tool" as const, content: message.content, tool_call_id: message.tool_call_id };
  return { role: message.role, content: message.content, ...(message.pinned ? { pinned: true } : {}) };
}

/** History as the model sees it: stored messages, system ones left out (the system prompt is rebuilt each turn). */
function toHistory(stored: Awaited<ReturnType<typeof loadMessages>>): AgentMessage[] {
  return stored
    .filter((message) => message.role !== "system")
    .map((message): AgentMessage => {
      if (message.role === "assistant")
        return {
          role: "assistant",
          content: message.content || null,
          ...(message.tool_calls?.length ? { tool_calls: message.tool_calls } : {}),
        };
      if (message.role === "tool") return { role: "tool", tool_call_id: message.tool_call_id ?? "", content: message.content };
      return { role: "user", content: message.content, ...(message.pinned ? { pinned: true } : {}) };
    });
}

/**
 * Starts a turn and returns at once with its id and the seq its events start after.
 * @throws AppError `conflict` when a turn is already running in this conversation; `not_found` for an agent
 *   that is gone; WorkflowError `invalid_config` when no model is configured.
 */
export async function startChatTurn(options: {
  agents: AgentRuntime;
  conversation: ConversationView;
  user: ChatUser;
  content: string;
}): Promise<{ turnId: string; afterSeq: number; done: Promise<void> }> {
  const { agents, conversation, user } = options;
  const db = agents.db;
  const content = options.content.trim();
  if (content === "") throw new AppError("invalid_input", "Write a message first.", { fields: { content: "Write a message first." } });
  let agent = AUTO_AGENT;
  if (conversation.agentId) {
    const saved = await agents.resolveAgent(conversation.agentId, user.id);
    if (!saved) throw new AppError("not_found", "This conversation's agent no longer exists or is not shared with you.");
    agent = saved;
  }
  const model = await agents.model();
  const afterSeq = await lastConversationEventSeq(db, conversation.id);
  const turnId = randomUUID();
  const turn = beginTurn(conversation.id, turnId, afterSeq + 1);
  if (!turn) throw new AppError("conflict", "The assistant is still answering; stop it or wait.");
  const done = runTurn({ agents, conversation, user, content, agent, model, turn, afterSeq });
  return { turnId, afterSeq, done };
}

async function runTurn(params: {
  agents: AgentRuntime;
  conversation: ConversationView;
  user: ChatUser;
  content: string;
  agent: AgentDefinition;
  model: Awaited<ReturnType<AgentRuntime["model"]>>;
  turn: ActiveTurn;
  afterSeq: number;
}): Promise<void> {
  const { agents, conversation, user, content, agent, turn } = params;
  const db = agents.db;
  const writer = createEventWriter(db, conversation.id);
  let seq = params.afterSeq;
  const emit = (event: AgentEvent) => {
    const { type, ...data } = event;
    const chatEvent: ChatEvent = {
      seq: ++seq,
      turnId: turn.turnId,
      type,
      data: data as Record<string, unknown>,
      at: new Date().toISOString(),
    };
    publish(turn, chatEvent);
    writer.add(chatEvent);
  };
  let messageChain = Promise.resolve();
  let scope: Awaited<ReturnType<AgentRuntime["scope"]>> | null = null;
  try {
    emit({ type: "turn.started", message: content, agent_id: agent.id, mode: conversation.mode });
    scope = await agents.scope({ id: user.id, email: user.email, role: user.role }, conversation.id);
    const turnScope = scope;
    if (conversation.title === "New conversation")
      await setConversationTitle(db, conversation.id, content.length > 60 ? `${content.slice(0, 57)}…` : content);
    const history = toHistory(await loadMessages(db, conversation.id));
    await runAgentTurn({
      model: params.model,
      assemble: (request) => assembleTools(request, agents.sources(turnScope)),
      agent,
      mode: conversation.mode,
      history,
      userMessage: content,
      context: {
        userId: user.id,
        actor: { userId: user.id, email: user.email, role: user.role },
        conversationId: conversation.id,
        run: null,
      },
      role: user.role,
      onEvent: emit,
      onMessage: (message) => {
        messageChain = messageChain.then(() => appendMessages(db, conversation.id, [toStoredMessage(message)]));
        return messageChain;
      },
      signal: turn.controller.signal,
    });
  } catch (error) {
    console.error("[chat] turn failed", error);
    const code = typeof (error as { code?: unknown })?.code === "string" ? (error as { code: string }).code : "internal_error";
    emit({
      type: "turn.ended",
      status: "failed",
      usage: { prompt_tokens: 0, completion_tokens: 0 },
      error: { code, message: error instanceof Error ? error.message : String(error) },
    });
  } finally {
    await messageChain.catch((error: unknown) => console.error("[chat] storing messages failed", error));
    await scope?.mcp.close().catch((error: unknown) => console.error("[chat] closing MCP sessions failed", error));
    await writer.flush().catch((error: unknown) => console.error("[chat] flushing events failed", error));
    endTurn(turn);
  }
}

/** Stops the running turn of a conversation; false when none runs. */
export function stopChatTurn(conversationId: string): boolean {
  const turn = activeTurn(conversationId);
  if (!turn) return false;
  turn.controller.abort(new Error("Stopped by the user"));
  return true;
}

/** Decides a call waiting at the confirmation gate; false when nothing is waiting under that id. */
export function confirmToolCall(agents: AgentRuntime, conversationId: string, callId: string, approved: boolean): boolean {
  return agents.confirmations.resolve(`${conversationId}:${callId}`, approved);
}

/** Every event after `afterSeq`, then live ones while a turn runs. */
export function followChat(db: Db, conversationId: string, afterSeq: number, signal: AbortSignal): AsyncGenerator<ChatEvent> {
  return followConversation(conversationId, afterSeq, (after, before) => listConversationEvents(db, conversationId, after, before), signal);
}

export { activeTurn };
