/** POST /api/chat/:conversationId/confirm `{call_id, approved}` — decides a tool call waiting at the confirmation gate. */
import { z } from "zod";
import { confirmToolCall } from "@/lib/chat/chat-turns";
import { AppError } from "@/lib/errors";
import { type ChatRouteContext, conversationFor, errorResponse } from "../guard";

export const dynamic = "force-dynamic";

const bodySchema = z.object({ call_id: z.string().min(1), approved: z.boolean() });

export async function POST(request: Request, context: ChatRouteContext) {
  const found = await conversationFor(context);
  if (!found.ok) return found.response;
  const parsed = bodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return errorResponse(new AppError("invalid_input", "Give call_id and approved."));
  const decided = confirmToolCall(found.agents, found.conversation.id, parsed.data.call_id, parsed.data.approved);
  if (!decided) return errorResponse(new AppError("not_found", "No tool call is waiting for that confirmation."));
  return Response.json({ decided: true });
}
