/**
 * An AGENT node inside a workflow (the real engine) whose agent — the model over the wire (aimock) — calls
 * a tool of @modelcontextprotocol/server-everything, a real MCP server over stdio. The node's outputs carry
 * the answer, the step with the tool's result, and the usage.
 */
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpSessionPool, type McpSessionPool } from "@/lib/mcp/session-pool";
import type { McpServerDefinition } from "@/lib/mcp/types";
import { assembleTools } from "@/lib/tools/assemble";
import { createEngine } from "@/lib/workflow/engine/create-engine";
import { InMemoryRunStore } from "@/lib/workflow/memory-run-store";
import { createAgentService } from "./agent-service";
import { type MockModel, startMockModel } from "./testing/aimock";

const ENTRY = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/dist/index.js");
const everything: McpServerDefinition = {
  id: "everything",
  name: "Everything",
  transport: "stdio",
  command: process.execPath,
  args: [ENTRY, "stdio"],
};

let m: MockModel;
let pool: McpSessionPool;

beforeAll(async () => {
  m = await startMockModel();
  // server-everything has more than 12 tools: the fast model picks the relevant ones first
  m.mock.on(
    { model: "mock-fast-1", systemMessage: "Pick the tools most useful" },
    { content: '{"tools":["mcp_everything__echo"]}', usage: { prompt_tokens: 0, completion_tokens: 0 } },
  );
  m.mock.on(
    { userMessage: "Echo hello via MCP", hasToolResult: false },
    {
      toolCalls: [{ id: "call_echo", name: "mcp_everything__echo", arguments: '{"message":"hello from the agent"}' }],
      usage: { prompt_tokens: 20, completion_tokens: 10 },
    },
  );
  m.mock.on(
    { userMessage: "Echo hello via MCP", hasToolResult: true },
    { content: "The server echoed it.", usage: { prompt_tokens: 30, completion_tokens: 5 } },
  );
  pool = createMcpSessionPool({ resolveServer: async (id) => (id === "everything" ? everything : null), allowStdio: true });
});

afterAll(async () => {
  await pool.close();
  await m.mock.stop();
});

describe("AGENT node with an MCP tool", () => {
  it("runs the loop inside a workflow and calls server-everything's echo", async () => {
    const agent = createAgentService({
      model: m.model,
      assemble: (request) =>
        assembleTools(request, {
          builtins: () => [],
          mcp: {
            list: async () => [{ id: "everything", name: "Everything" }],
            listTools: pool.listTools,
            callTool: pool.callTool,
            maxDirectTools: 100,
          },
        }),
      resolveAgent: async () => null,
    });
    const engine = createEngine({ store: new InMemoryRunStore(), services: { agent } });
    const graph = {
      nodes: [
        {
          id: "start",
          type: "START",
          position: { x: 0, y: 0 },
          data: { title: "Start", variables: [{ name: "task", type: "string", required: true }] },
        },
        {
          id: "agent",
          type: "AGENT",
          position: { x: 200, y: 0 },
          data: { title: "Agent", instructions: "Use MCP tools.", tool_categories: ["mcp"], prompt_template: "{{input.task}}" },
        },
        {
          id: "end",
          type: "END",
          position: { x: 400, y: 0 },
          data: { title: "End", output_mapping: { answer: "{{agent.text}}", steps: "{{agent.steps}}", usage: "{{agent.usage}}" } },
        },
      ],
      edges: [
        { id: "e1", source: "start", sourceHandle: null, target: "agent", targetHandle: null },
        { id: "e2", source: "agent", sourceHandle: null, target: "end", targetHandle: null },
      ],
      viewport: { x: 0, y: 0, zoom: 1 },
    };
    const run = await engine.startRun({
      workflowId: "wf_mcp",
      version: 1,
      graph,
      inputs: { task: "Echo hello via MCP" },
      trigger: { kind: "editor", userId: "u1" },
    });
    expect(run.status).toBe("succeeded");
    expect(run.outputs?.answer).toBe("The server echoed it.");
    expect(run.outputs?.steps).toEqual([
      {
        step: 1,
        call_id: "call_echo",
        tool: "mcp_everything__echo",
        provider: "mcp:everything",
        category: "mcp",
        arguments: { message: "hello from the agent" },
        result: "Echo: hello from the agent",
        error: null,
        elapsed_ms: expect.any(Number),
      },
    ]);
    expect(run.outputs?.usage).toEqual({ prompt_tokens: 50, completion_tokens: 15 }); // both model calls
    const [selection, first] = m.requests();
    expect(selection.model).toBe("mock-fast-1");
    expect(selection.messages[0].content).toContain("mcp_everything__echo: Everything: Echo Tool. Echoes back the input string");
    expect((first.tools ?? []).map((tool) => tool.function.name)).toEqual(["mcp_everything__echo", "request_tools"]);
  });
});
