/**
 * Hooks around real tool calls, with the model over the wire (aimock): PreToolUse block and rewrite,
 * PostToolUse rewrite, priority and pattern filtering, result truncation, connector audit, confirmation gate.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { builtinTools } from "@/lib/tools/builtin";
import { defineTool } from "@/lib/tools/define-tool";
import { ToolSet } from "@/lib/tools/tool-set";
import { type ConnectorCallAudit, confirmationGateHook, connectorAuditHook, truncationHook } from "./builtin-hooks";
import { createConfirmationBroker } from "./confirmation-broker";
import type { ToolHook } from "./hooks";
import { matchesToolPattern } from "./hooks";
import { runAgentLoop } from "./loop";
import { lastUserText, type MockModel, startMockModel, toolMessagesOfTurn } from "./testing/aimock";
import type { AgentEvent } from "./types";

let m: MockModel;
beforeAll(async () => {
  m = await startMockModel();
});
afterAll(async () => {
  await m.mock.stop();
});

const orders = defineTool({
  name: "orders__delete_order",
  description: "Deletes an order",
  category: "connector",
  provider: "connector:orders",
  input: z.object({ order_id: z.string() }),
  run: ({ order_id }) => ({ deleted: order_id }),
});

function tools() {
  const set = new ToolSet();
  for (const tool of builtinTools()) set.add(tool);
  return set.add(orders);
}

function lastTurnTools(question: string) {
  const bodies = m.requests().filter((body) => lastUserText(body as never) === question);
  return toolMessagesOfTurn(bodies.at(-1) as never).map((message) => message.content);
}

function script(question: string, calls: { id: string; name: string; arguments: string }[]) {
  m.mock.on({ userMessage: question, hasToolResult: false }, { toolCalls: calls });
  m.mock.on({ userMessage: question, hasToolResult: true }, { content: "done" });
}

describe("tool hooks", () => {
  it("blocks, rewrites arguments and rewrites results, in priority order, by pattern", async () => {
    const question = "hooks: three calls";
    script(question, [
      { id: "h1", name: "calculator", arguments: '{"expression":"1+1"}' },
      { id: "h2", name: "web_fetch", arguments: '{"url":"https://example.com/"}' },
      { id: "h3", name: "text_utils", arguments: '{"operation":"upper","text":"abc"}' },
    ]);
    const order: string[] = [];
    const hooks: ToolHook[] = [
      {
        kind: "pre",
        name: "no_web",
        match: "web_*",
        run: () => ({ action: "block", code: "policy", reason: "Web access is off for this agent" }),
      },
      {
        kind: "pre",
        name: "second",
        priority: 20,
        match: "calculator",
        run: ({ arguments: args }) => {
          order.push(`second:${args.expression}`);
          return { action: "rewrite", arguments: { expression: `${args.expression}*10` } };
        },
      },
      {
        kind: "pre",
        name: "first",
        priority: 10,
        match: "calculator",
        run: ({ arguments: args }) => {
          order.push(`first:${args.expression}`);
          return { action: "rewrite", arguments: { expression: `(${args.expression})` } };
        },
      },
      { kind: "post", name: "shout", match: "text_*|nothing", run: ({ outcome }) => ({ content: `${outcome.content}!!!` }) },
    ];
    const result = await runAgentLoop({
      model: m.model,
      messages: [{ role: "user", content: question }],
      tools: tools(),
      hooks,
      context: { userId: null },
    });
    expect(result.status).toBe("completed");
    expect(order).toEqual(["first:1+1", "second:(1+1)"]);
    expect(lastTurnTools(question)).toEqual([
      '{"expression":"(1+1)*10","result":20}',
      "Error (policy): Web access is off for this agent",
      "ABC!!!",
    ]);
    expect(result.steps[1]).toMatchObject({ tool: "web_fetch", blocked: true, error: { code: "policy" } });
  });

  it("truncates long results and audits connector calls", async () => {
    const question = "hooks: truncate and audit";
    script(question, [
      { id: "t1", name: "text_utils", arguments: JSON.stringify({ operation: "upper", text: "x".repeat(100) }) },
      { id: "t2", name: "orders__delete_order", arguments: '{"order_id":"42"}' },
    ]);
    const audits: ConnectorCallAudit[] = [];
    const hooks = [truncationHook({ maxChars: 10, match: "text_utils" }), connectorAuditHook(async (entry) => void audits.push(entry))];
    await runAgentLoop({
      model: m.model,
      messages: [{ role: "user", content: question }],
      tools: tools(),
      hooks,
      context: { userId: "u1", actor: { userId: "u1", email: "ada@example.com", role: "member" }, conversationId: "c1" },
    });
    expect(lastTurnTools(question)).toEqual(["XXXXXXXXXX\n…[truncated: showing 10 of 100 characters]", '{"deleted":"42"}']);
    expect(audits).toEqual([
      {
        action: "agent.connector_call",
        actorId: "u1",
        actorEmail: "ada@example.com",
        tool: "orders__delete_order",
        provider: "connector:orders",
        arguments: { order_id: "42" },
        ok: true,
        error: null,
        elapsed_ms: expect.any(Number),
        conversation_id: "c1",
        run_id: null,
      },
    ]);
  });

  it("pauses a gated call until the user confirms, and reports a decline to the model", async () => {
    const question = "hooks: confirm deletes";
    script(question, [
      { id: "g1", name: "orders__delete_order", arguments: '{"order_id":"1"}' },
      { id: "g2", name: "orders__delete_order", arguments: '{"order_id":"2"}' },
    ]);
    const broker = createConfirmationBroker();
    const events: AgentEvent[] = [];
    const onEvent = (event: AgentEvent) => {
      events.push(event);
      if (event.type === "tool.awaiting_confirmation") {
        setTimeout(() => broker.resolve(`conv-9:${event.call_id}`, event.call_id === "g1"), 50);
      }
    };
    const result = await runAgentLoop({
      model: m.model,
      messages: [{ role: "user", content: question }],
      tools: tools(),
      hooks: [confirmationGateHook({ match: "orders__*", broker })],
      context: { userId: "u1", conversationId: "conv-9" },
      onEvent,
    });
    expect(result.status).toBe("completed");
    expect(events.filter((event) => event.type === "tool.awaiting_confirmation")).toEqual([
      { type: "tool.awaiting_confirmation", step: 1, call_id: "g1", tool: "orders__delete_order", arguments: { order_id: "1" } },
      { type: "tool.awaiting_confirmation", step: 1, call_id: "g2", tool: "orders__delete_order", arguments: { order_id: "2" } },
    ]);
    expect(lastTurnTools(question)).toEqual(['{"deleted":"1"}', "Error (declined): The user declined the call to orders__delete_order"]);
    expect(broker.pending()).toEqual([]);
  });

  it("matches tool-name globs", () => {
    expect(matchesToolPattern("orders__*", "orders__get")).toBe(true);
    expect(matchesToolPattern("orders__*", "xorders__get")).toBe(false);
    expect(matchesToolPattern("a?c|web_fetch", "abc")).toBe(true);
    expect(matchesToolPattern("a?c|web_fetch", "web_fetch")).toBe(true);
    expect(matchesToolPattern("a.c", "abc")).toBe(false);
    expect(matchesToolPattern(undefined, "anything")).toBe(true);
  });
});
