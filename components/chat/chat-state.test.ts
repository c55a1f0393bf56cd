import { describe, expect, it } from "vitest";
import { applyChatEvent, reduceChatEvents } from "./chat-state";

const events = [
  { seq: 1, turnId: "t1", type: "turn.started", data: { message: "What is 6*7?" } },
  { seq: 2, turnId: "t1", type: "step.started", data: { step: 1 } },
  { seq: 3, turnId: "t1", type: "tool.called", data: { call_id: "c1", tool: "calculator", arguments: { expression: "6*7" } } },
  { seq: 4, turnId: "t1", type: "tool.returned", data: { call_id: "c1", tool: "calculator", result: "42", elapsed_ms: 3 } },
  { seq: 5, turnId: "t1", type: "answer.delta", data: { text: "It is " } },
  { seq: 6, turnId: "t1", type: "answer.delta", data: { text: "42." } },
  { seq: 7, turnId: "t1", type: "turn.ended", data: { status: "completed", usage: { prompt_tokens: 10, completion_tokens: 4 } } },
];

describe("chat state", () => {
  it("rebuilds a turn with its tool step and streamed answer", () => {
    const state = reduceChatEvents(events);
    expect(state.lastSeq).toBe(7);
    expect(state.turns).toEqual([
      {
        id: "t1",
        userMessage: "What is 6*7?",
        status: "completed",
        error: null,
        usage: { prompt_tokens: 10, completion_tokens: 4 },
        items: [
          { kind: "tool", callId: "c1", tool: "calculator", arguments: { expression: "6*7" }, status: "done", result: "42", elapsedMs: 3 },
          { kind: "text", text: "It is 42." },
        ],
      },
    ]);
  });

  it("ignores events it already has, so a resumed stream never repeats text", () => {
    const partial = reduceChatEvents(events.slice(0, 5));
    const resumed = reduceChatEvents(events.slice(3), partial);
    expect(resumed).toEqual(reduceChatEvents(events));
    expect(applyChatEvent(resumed, events[4])).toBe(resumed);
  });
});
