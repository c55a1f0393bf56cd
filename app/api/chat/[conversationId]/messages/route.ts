/**
 * POST /api/chat/:conversationId/messages `{content}` — starts a turn (202 `{turn_id, after_seq}`); the answer
 * streams from GET …/stream?after=after_seq. 409 `conflict` while a turn is running.
 */
import { z } from "zod";
import { startChatTurn } from "@/lib/chat/chat-turns";
import { AppError } from "@/lib/errors";
import { type ChatRouteContext, conversationFor, errorResponse } from "../guard";

export const dynamic = "force-dynamic";

const bodySchema = z.object({ content: z.string().min(1, "Write a message first.").max(100_000) });

export async function POST(request: Request, context: ChatRouteContext) {
  const found = await conversationFor(context);
  if (!found.ok) return found.response;
  try {
    const parsed = bodySchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success)
      throw new AppError("invalid_input", parsed.error.issues[0]?.message, { fields: { content: parsed.error.issues[0]?.message ?? "" } });
    const { turnId, afterSeq } = await startChatTurn({
      agents: found.agents,
      conversation: found.conversation,
      user: found.user,
      content: parsed.data.content,
    });
    return Response.json({ turn_id: turnId, after_seq: afterSeq }, { status: 202 });
  } catch (error) {
    return errorResponse(error);
  }
}
