/**
 * GET /api/chat/:conversationId/stream — the conversation's events over SSE (spec §9 chat types), each with
 * `id: <seq>` and `event: <type>`. `Last-Event-ID` (or `?after=SEQ`) resumes after that event: stored
 * events once, then the running turn's live ones. The stream ends after `turn.ended`, or at once with
 * `event: idle` when no turn is running and nothing newer is stored.
 */
import { followChat } from "@/lib/chat/chat-turns";
import { sseResponse } from "@/lib/sse";
import { type ChatRouteContext, conversationFor } from "../guard";

export const dynamic = "force-dynamic";

function resumeSeq(request: Request): number {
  const text = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after") ?? "0";
  const seq = Number(text.trim());
  return Number.isInteger(seq) && seq > 0 ? seq : 0;
}

export async function GET(request: Request, context: ChatRouteContext) {
  const found = await conversationFor(context);
  if (!found.ok) return found.response;
  const afterSeq = resumeSeq(request);
  return sseResponse(request.signal, async (send, signal) => {
    let last = afterSeq;
    for await (const event of followChat(found.agents.db, found.conversation.id, afterSeq, signal)) {
      send({ id: event.seq, event: event.type, data: { ...event.data, seq: event.seq, turn_id: event.turnId, at: event.at } });
      last = event.seq;
    }
    send({ event: "idle", data: { last_seq: last } });
  });
}
