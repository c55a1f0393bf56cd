/**
 * Shared by the chat routes: the signed-in user and their conversation, or the error response.
 */
import { requireUser, type SessionUser } from "@/lib/auth/session";
import { type ConversationView, getConversation } from "@/lib/db/queries/conversations";
import { toErrorResponse } from "@/lib/errors";
import { getAgentRuntime } from "@/lib/runtime-agents";
import type { AgentRuntime } from "@/lib/runtime-agents";

export type ChatRouteContext = { params: Promise<{ conversationId: string }> };

export async function conversationFor(
  context: ChatRouteContext,
): Promise<{ ok: true; user: SessionUser; conversation: ConversationView; agents: AgentRuntime } | { ok: false; response: Response }> {
  try {
    const { conversationId } = await context.params;
    const user = await requireUser();
    const agents = await getAgentRuntime();
    const conversation = await getConversation(agents.db, user.id, conversationId);
    return { ok: true, user, conversation, agents };
  } catch (error) {
    return { ok: false, response: errorResponse(error) };
  }
}

export function errorResponse(error: unknown): Response {
  const { status, body } = toErrorResponse(error);
  if (status >= 500) console.error("[chat]", error);
  return Response.json(body, { status });
}
