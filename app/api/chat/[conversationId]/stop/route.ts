/** POST /api/chat/:conversationId/stop — stops the running turn (`{stopped: true|false}`). */
import { stopChatTurn } from "@/lib/chat/chat-turns";
import { type ChatRouteContext, conversationFor } from "../guard";

export const dynamic = "force-dynamic";

export async function POST(_request: Request, context: ChatRouteContext) {
  const found = await conversationFor(context);
  if (!found.ok) return found.response;
  return Response.json({ stopped: stopChatTurn(found.conversation.id) });
}
