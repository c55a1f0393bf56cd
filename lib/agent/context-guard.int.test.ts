/**
 * Context compaction over the wire: a long history goes over the budget, the fast model summarises the
 * older turns, pinned and recent messages survive verbatim, and the smart model gets the compacted prompt.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ToolSet } from "@/lib/tools/tool-set";
import { countPromptTokens, guardContext, SUMMARY_PREFIX } from "./context-guard";
import { runAgentLoop } from "./loop";
import { type MockModel, startMockModel } from "./testing/aimock";
import type { AgentEvent, AgentMessage } from "./types";

let m: MockModel;
beforeAll(async () => {
  m = await startMockModel();
  m.mock.on(
    { model: "mock-fast-1", systemMessage: "Summarise this earlier part" },
    { content: "The user is planning a trip to Oslo in May; budget 900 EUR." },
  );
  m.mock.on({ userMessage: "compaction: so what is my budget?" }, { content: "Your budget is 900 EUR." });
});
afterAll(async () => {
  await m.mock.stop();
});

function longHistory(): AgentMessage[] {
  const messages: AgentMessage[] = [
    { role: "system", content: "You are a travel assistant." },
    { role: "user", content: "My passport number is X123 (remember this).", pinned: true },
  ];
  for (let i = 0; i < 12; i++) {
    messages.push({ role: "user", content: `Detail ${i}: ${"lorem ipsum dolor sit amet ".repeat(40)}` });
    messages.push({ role: "assistant", content: `Noted detail ${i}. ${"consectetur adipiscing elit ".repeat(40)}` });
  }
  messages.push({ role: "user", content: "compaction: so what is my budget?" });
  return messages;
}

describe("context guard", () => {
  it("compacts older turns with the fast model and keeps pinned and recent messages", async () => {
    const history = longHistory();
    expect(countPromptTokens(history)).toBeGreaterThan(4000);
    const events: AgentEvent[] = [];
    const result = await runAgentLoop({
      model: m.model,
      messages: history,
      tools: new ToolSet(),
      context: { userId: null },
      contextGuard: { maxTokens: 2500, keepRecent: 3 },
      onEvent: (event) => events.push(event),
    });
    expect(result.text).toBe("Your budget is 900 EUR.");
    const bodies = m.requests();
    const summaryCall = bodies.find((body) => body.model === "mock-fast-1")!;
    expect(summaryCall.messages[1].content).toContain("user: Detail 0:");
    expect(summaryCall.messages[1].content).not.toContain("X123");
    const main = bodies.find((body) => body.model === "mock-smart-1")!;
    expect(main.messages.map((message) => message.content?.slice(0, 40))).toEqual([
      "You are a travel assistant.",
      `${SUMMARY_PREFIX}\nThe user is planning a trip to`.slice(0, 40),
      "My passport number is X123 (remember thi",
      history[24].content?.slice(0, 40),
      history[25].content?.slice(0, 40),
      "compaction: so what is my budget?",
    ]);
    const compacted = events.find((event) => event.type === "context.compacted");
    expect(compacted).toMatchObject({ type: "context.compacted", step: 1, removed_messages: 22 });
    expect((compacted as { tokens_after: number }).tokens_after).toBeLessThan(2000);
  });

  it("drops older turns with a marker when the summary call fails", async () => {
    m.mock.nextRequestError(500, { message: "fast model down" });
    const result = await guardContext(longHistory(), undefined, { maxTokens: 2500, keepRecent: 3, model: m.model });
    expect(result.compaction).toMatchObject({ removed: 22, summarised: false });
    expect(result.messages[1]).toEqual({
      role: "system",
      content: `${SUMMARY_PREFIX}\n[22 earlier messages were removed to fit the context window.]`,
    });
  });

  it("leaves a prompt inside the budget untouched", async () => {
    const messages: AgentMessage[] = [{ role: "user", content: "hi" }];
    expect(await guardContext(messages, undefined, { maxTokens: 1000 })).toEqual({ messages, compaction: null });
  });
});
