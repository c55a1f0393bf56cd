/**
 * Chat turns rebuilt from the conversation's events (spec §9 chat types), the same way for stored events
 * (page load) and live ones (SSE): one pure reducer, so a reload shows exactly what streamed.
 */

export interface ChatWireEvent {
  seq: number;
  turnId: string;
  type: string;
  data: Record<string, unknown>;
}

export type TurnItem =
  | { kind: "text"; text: string }
  | {
      kind: "tool";
      callId: string;
      tool: string;
      arguments: unknown;
      status: "running" | "awaiting" | "done" | "error";
      result?: string;
      error?: { code: string; message: string };
      elapsedMs?: number;
    };

export interface ChatTurn {
  id: string;
  userMessage: string;
  items: TurnItem[];
  status: "running" | "completed" | "max_iterations" | "cancelled" | "failed";
  error?: { code: string; message: string } | null;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

export interface ChatState {
  turns: ChatTurn[];
  lastSeq: number;
}

export const emptyChatState: ChatState = { turns: [], lastSeq: 0 };

function updateTurn(state: ChatState, turnId: string, update: (turn: ChatTurn) => ChatTurn): ChatTurn[] {
  return state.turns.map((turn) => (turn.id === turnId ? update(turn) : turn));
}

function updateTool(turn: ChatTurn, callId: string, update: (item: Extract<TurnItem, { kind: "tool" }>) => TurnItem): ChatTurn {
  return { ...turn, items: turn.items.map((item) => (item.kind === "tool" && item.callId === callId ? update(item) : item)) };
}

/** Applies one event; events at or below `lastSeq` are ignored (a resumed stream never repeats text). */
export function applyChatEvent(state: ChatState, event: ChatWireEvent): ChatState {
  if (event.seq <= state.lastSeq) return state;
  const next = { ...state, lastSeq: event.seq };
  const data = event.data;
  switch (event.type) {
    case "turn.started":
      return {
        ...next,
        turns: [...state.turns, { id: event.turnId, userMessage: String(data.message ?? ""), items: [], status: "running" }],
      };
    case "answer.delta":
      return {
        ...next,
        turns: updateTurn(state, event.turnId, (turn) => {
          const last = turn.items.at(-1);
          const text = String(data.text ?? "");
          if (last?.kind === "text") return { ...turn, items: [...turn.items.slice(0, -1), { kind: "text", text: last.text + text }] };
          return { ...turn, items: [...turn.items, { kind: "text", text }] };
        }),
      };
    case "tool.called":
      return {
        ...next,
        turns: updateTurn(state, event.turnId, (turn) => ({
          ...turn,
          items: [
            ...turn.items,
            { kind: "tool", callId: String(data.call_id), tool: String(data.tool), arguments: data.arguments, status: "running" },
          ],
        })),
      };
    case "tool.awaiting_confirmation":
      return {
        ...next,
        turns: updateTurn(state, event.turnId, (turn) =>
          updateTool(turn, String(data.call_id), (item) => ({ ...item, status: "awaiting" })),
        ),
      };
    case "tool.returned":
      return {
        ...next,
        turns: updateTurn(state, event.turnId, (turn) =>
          updateTool(turn, String(data.call_id), (item) => ({
            ...item,
            status: data.error ? "error" : "done",
            ...(typeof data.result === "string" ? { result: data.result } : {}),
            ...(data.error ? { error: data.error as { code: string; message: string } } : {}),
            elapsedMs: Number(data.elapsed_ms ?? 0),
          })),
        ),
      };
    case "turn.ended":
      return {
        ...next,
        turns: updateTurn(state, event.turnId, (turn) => ({
          ...turn,
          status: (data.status as ChatTurn["status"]) ?? "completed",
          error: (data.error as ChatTurn["error"]) ?? null,
          usage: data.usage as ChatTurn["usage"],
          items: turn.items.map((item) =>
            item.kind === "tool" && (item.status === "running" || item.status === "awaiting")
              ? { ...item, status: "error" as const }
              : item,
          ),
        })),
      };
    default:
      return next;
  }
}

export function reduceChatEvents(events: ChatWireEvent[], state: ChatState = emptyChatState): ChatState {
  return events.reduce(applyChatEvent, state);
}
