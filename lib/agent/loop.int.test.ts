/**
 * The agent loop over the wire against aimock: scripted tool calls, streamed through lib/llm.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { builtinTools } from "@/lib/tools/builtin";
import { defineTool } from "@/lib/tools/define-tool";
import { ToolSet } from "@/lib/tools/tool-set";
import { runAgentLoop } from "./loop";
import { lastUserText, type MockModel, startMockModel, toolMessagesOfTurn } from "./testing/aimock";
import type { AgentEvent, AgentMessage } from "./types";

let m: MockModel;
type Body = Parameters<typeof lastUserText>[0] & { tools?: unknown[]; model: string };

beforeAll(async () => {
  m = await startMockModel();
});
afterAll(async () => {
  await m.mock.stop();
});

function builtins() {
  const set = new ToolSet();
  for (const tool of builtinTools()) set.add(tool);
  return set;
}

function conversation(text: string): AgentMessage[] {
  return [
    { role: "system", content: "You are a careful assistant." },
    { role: "user", content: text },
  ];
}

function requestsFor(text: string) {
  return m.requests().filter((body) => lastUserText(body as Body) === text) as unknown as Body[];
}

describe("runAgentLoop", () => {
  it("runs a two-tool conversation and streams events in order", async () => {
    const question = "two tools: what is 6*7, and the slug of Hello World?";
    m.mock.on(
      { userMessage: question, hasToolResult: false },
      { toolCalls: [{ id: "call_calc", name: "calculator", arguments: '{"expression":"6*7"}' }] },
    );
    m.mock.onToolResult("call_calc", {
      toolCalls: [{ id: "call_slug", name: "text_utils", arguments: '{"operation":"slug","text":"Hello World"}' }],
    });
    m.mock.onToolResult("call_slug", { content: "6*7 is 42 and the slug is hello-world." }, { chunkSize: 6 });
    const events: AgentEvent[] = [];
    const result = await runAgentLoop({
      model: m.model,
      messages: conversation(question),
      tools: builtins(),
      context: { userId: "u1" },
      onEvent: (event) => events.push(event),
    });

    expect(result.status).toBe("completed");
    expect(result.text).toBe("6*7 is 42 and the slug is hello-world.");
    expect(result.steps.map((step) => [step.tool, step.result])).toEqual([
      ["calculator", '{"expression":"6*7","result":42}'],
      ["text_utils", "hello-world"],
    ]);
    expect(events.map((event) => event.type)).toEqual([
      "step.started",
      "tool.called",
      "tool.returned",
      "step.started",
      "tool.called",
      "tool.returned",
      "step.started",
      ...Array(7).fill("answer.delta"),
      "turn.ended",
    ]);
    expect(events.filter((event) => event.type === "answer.delta").map((event) => (event as { text: string }).text)).toEqual([
      "6*7 is",
      " 42 an",
      "d the ",
      "slug i",
      "s hell",
      "o-worl",
      "d.",
    ]);
    expect(events.find((event) => event.type === "tool.returned")).toEqual({
      type: "tool.returned",
      step: 1,
      call_id: "call_calc",
      tool: "calculator",
      result: '{"expression":"6*7","result":42}',
      elapsed_ms: expect.any(Number),
      receipt: {
        tool: "calculator",
        provider: "builtin",
        category: "math",
        parameters: { expression: "6*7" },
        elapsed_ms: expect.any(Number),
        error: null,
      },
    });
    const bodies = requestsFor(question);
    expect(bodies).toHaveLength(3);
    expect(toolMessagesOfTurn(bodies[2])).toEqual([
      { role: "tool", tool_call_id: "call_calc", content: '{"expression":"6*7","result":42}' },
      { role: "tool", tool_call_id: "call_slug", content: "hello-world" },
    ]);
    expect((bodies[0].tools as { function: { name: string } }[]).map((tool) => tool.function.name)).toEqual([
      "calculator",
      "json_transform",
      "template_render",
      "text_utils",
      "web_fetch",
    ]);
  });

  it("runs parallel tool calls of one turn concurrently, results in call order", async () => {
    const question = "parallel: look up both cities";
    const started: string[] = [];
    const slow = defineTool({
      name: "lookup",
      description: "Looks a city up (slowly)",
      category: "data",
      input: z.object({ city: z.string() }),
      async run({ city }) {
        started.push(city);
        await new Promise((resolve) => setTimeout(resolve, 400));
        return `${city}: ok`;
      },
    });
    m.mock.on(
      { userMessage: question, hasToolResult: false },
      {
        toolCalls: [
          { id: "call_p1", name: "lookup", arguments: '{"city":"Paris"}' },
          { id: "call_p2", name: "lookup", arguments: '{"city":"Oslo"}' },
        ],
      },
    );
    m.mock.on({ userMessage: question, hasToolResult: true }, { content: "Both looked up." });
    const began = performance.now();
    const result = await runAgentLoop({
      model: m.model,
      messages: conversation(question),
      tools: new ToolSet().add(slow),
      context: { userId: null },
    });
    const elapsed = performance.now() - began;
    expect(result.status).toBe("completed");
    expect(started).toEqual(["Paris", "Oslo"]);
    expect(elapsed).toBeLessThan(750);
    expect(toolMessagesOfTurn(requestsFor(question)[1])).toEqual([
      { role: "tool", tool_call_id: "call_p1", content: "Paris: ok" },
      { role: "tool", tool_call_id: "call_p2", content: "Oslo: ok" },
    ]);
  });

  it("sends malformed JSON arguments back as a tool error, then runs the valid retry once", async () => {
    const question = "malformed: add 2 and 3";
    const run = vi.fn(({ a, b }: { a: number; b: number }) => a + b);
    const add = defineTool({ name: "add", description: "Adds", category: "math", input: z.object({ a: z.number(), b: z.number() }), run });
    m.mock.on(
      { userMessage: question, hasToolResult: false },
      { toolCalls: [{ id: "call_bad", name: "add", arguments: '{"a": 2, "b": ' }] },
    );
    m.mock.onToolResult("call_bad", { toolCalls: [{ id: "call_good", name: "add", arguments: '{"a": 2, "b": 3}' }] });
    m.mock.onToolResult("call_good", { content: "2 + 3 = 5" });
    const result = await runAgentLoop({
      model: m.model,
      messages: conversation(question),
      tools: new ToolSet().add(add),
      context: { userId: null },
    });
    expect(result).toMatchObject({ status: "completed", text: "2 + 3 = 5" });
    expect(run).toHaveBeenCalledTimes(1);
    const second = requestsFor(question)[1];
    const [errorMessage] = toolMessagesOfTurn(second);
    expect(errorMessage.tool_call_id).toBe("call_bad");
    expect(errorMessage.content).toMatch(/^Error \(invalid_arguments\): Arguments are not valid JSON \(.+\): \{"a": 2, "b": $/);
    expect(result.steps.map((step) => step.error?.code ?? step.result)).toEqual(["invalid_arguments", "5"]);
  });

  it("ends a model that never stops at the iteration limit with a final answer", async () => {
    const question = "never stop: keep counting";
    m.mock.on({ userMessage: question, predicate: (req) => !req.tools?.length }, { content: "Best effort: I counted to 4." });
    m.mock.on({ userMessage: question }, (req) => {
      const n = req.messages.filter((message) => message.role === "tool").length;
      return { toolCalls: [{ id: `call_n${n}`, name: "calculator", arguments: JSON.stringify({ expression: `${n} + 1` }) }] };
    });
    const events: AgentEvent[] = [];
    const result = await runAgentLoop({
      model: m.model,
      messages: conversation(question),
      tools: builtins(),
      context: { userId: null },
      maxIterations: 4,
      onEvent: (event) => events.push(event),
    });
    expect(result.status).toBe("max_iterations");
    expect(result.text).toBe("Best effort: I counted to 4.");
    expect(result.iterations).toBe(5);
    expect(result.steps.map((step) => step.result)).toEqual([
      '{"expression":"0 + 1","result":1}',
      '{"expression":"1 + 1","result":2}',
      '{"expression":"2 + 1","result":3}',
      '{"expression":"3 + 1","result":4}',
    ]);
    expect(events.at(-1)).toEqual({
      type: "turn.ended",
      status: "max_iterations",
      usage: expect.any(Object),
      error: { code: "max_iterations", message: "Stopped after 4 iterations" },
    });
    const last = requestsFor(question).at(-1)!;
    expect(last.tools).toBeUndefined();
    expect(last.messages.at(-1)).toEqual({
      role: "system",
      content:
        "You have used the maximum of 4 steps. Do not call tools. Answer the user now with what you know, and say what is still open.",
    });
  });

  it("refuses a third identical call with repeated_call", async () => {
    const question = "repeat: same call again and again";
    m.mock.on(
      { userMessage: question, predicate: (req) => req.messages.filter((message) => message.role === "tool").length >= 3 },
      { content: "Stopping." },
    );
    m.mock.on({ userMessage: question }, (req) => ({
      toolCalls: [{ id: `call_r${req.messages.length}`, name: "calculator", arguments: '{"expression":"1+1"}' }],
    }));
    const result = await runAgentLoop({ model: m.model, messages: conversation(question), tools: builtins(), context: { userId: null } });
    expect(result.status).toBe("completed");
    expect(result.steps.map((step) => step.error?.code ?? "ok")).toEqual(["ok", "ok", "repeated_call"]);
    expect(result.steps[2].error?.message).toBe(
      "You already called calculator with these exact arguments 2 times; use the earlier results, change the arguments, or answer.",
    );
  });

  it("reports an endpoint failure as a failed turn, not a crash", async () => {
    m.mock.nextRequestError(500, { message: "upstream exploded", type: "server_error" });
    const events: AgentEvent[] = [];
    const result = await runAgentLoop({
      model: m.model,
      messages: conversation("failure please"),
      tools: builtins(),
      context: { userId: null },
      onEvent: (event) => events.push(event),
    });
    expect(result.status).toBe("failed");
    expect(result.error).toEqual({ code: "llm_error", message: "Model endpoint error (HTTP 500): upstream exploded" });
    expect(events.at(-1)?.type).toBe("turn.ended");
  });
});
