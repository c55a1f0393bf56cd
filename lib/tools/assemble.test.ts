import { describe, expect, it } from "vitest";
import type { ModelCaller } from "@/lib/agent/types";
import { type AgentToolProfile, assembleTools, type ToolSources } from "./assemble";
import { invokeTool } from "./invoke";

const everything: AgentToolProfile = { toolCategories: null, knowledgeBaseIds: null, connectorIds: null, mcpServerIds: null };

const sources: ToolSources = {
  knowledge: {
    list: async (ids) => [{ id: "kb1", name: "Policies" }].filter((kb) => ids === null || ids.includes(kb.id)),
    retrieve: async (request) => [
      { document: "refunds.md", chunk: 0, score: 1.23456, text: `kb=${request.kbIds.join(",")} q=${request.query}` },
    ],
  },
  connectors: {
    list: async () => [
      {
        id: "orders",
        name: "Orders",
        actions: [
          {
            id: "get_order",
            name: "Get order",
            method: "GET",
            access: "read",
            parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
          },
          { id: "purge", name: "Purge", method: "DELETE", access: "admin" },
        ],
      },
    ],
    call: async (request) => ({ status: 200, headers: {}, body: { got: request.parameters }, elapsed_ms: 1, truncated: false }),
  },
  mcp: {
    list: async () => [{ id: "everything", name: "Everything" }],
    listTools: async () =>
      Array.from({ length: 3 }, (_, i) => ({ name: `t${i}`, description: `Tool ${i}`, inputSchema: { type: "object", properties: {} } })),
    callTool: async (request) => ({ content: `called ${request.toolName}`, structured: null, is_error: false }),
  },
  skills: { list: async () => [{ name: "refunds", description: "How to refund" }], read: async () => "1. Check the order" },
  agents: {
    list: async () => [{ id: "a1", name: "Researcher", description: "Finds things" }],
    run: async () => ({ text: "found", status: "completed" }),
  },
};

describe("assembleTools", () => {
  it("assembles every source in order, category-filtered, with call_agent only in auto mode", async () => {
    const auto = await assembleTools({ profile: everything, mode: "auto", userId: "u1", role: "member", query: "" }, sources);
    expect(auto.tools.all().map((tool) => tool.name)).toEqual([
      "calculator",
      "json_transform",
      "template_render",
      "text_utils",
      "web_fetch",
      "kb_retrieve",
      "orders__get_order",
      "mcp_everything__t0",
      "mcp_everything__t1",
      "mcp_everything__t2",
      "read_skill",
      "call_agent",
    ]);
    expect(auto.promptSections).toEqual([
      "Skills (standard procedures) you can read with read_skill before acting:\n- refunds: How to refund",
    ]);
    const agent = await assembleTools(
      { profile: { ...everything, toolCategories: ["math", "connector"] }, mode: "agent", userId: "u1", role: "admin", query: "" },
      sources,
    );
    expect(agent.tools.all().map((tool) => tool.name)).toEqual(["calculator", "orders__get_order", "orders__purge"]);
  });

  it("scopes kb_retrieve to the bound knowledge bases whatever the model asks", async () => {
    const { tools } = await assembleTools(
      { profile: { ...everything, knowledgeBaseIds: ["kb1"] }, mode: "agent", userId: "u1", query: "" },
      sources,
    );
    const kb = tools.get("kb_retrieve")!;
    expect(tools.definitions().find((definition) => definition.name === "kb_retrieve")?.parameters.properties).not.toHaveProperty("kb_ids");
    const outcome = await invokeTool(kb, { query: "refund window", kb_ids: ["someone-elses"] }, { userId: "u1" });
    expect(JSON.parse(outcome.content)).toEqual({
      results: [{ document: "refunds.md", chunk: 0, score: 1.235, text: "kb=kb1 q=refund window" }],
    });
  });

  it("offers one mcp meta tool when servers have many tools", async () => {
    const { tools } = await assembleTools(
      { profile: { ...everything, toolCategories: ["mcp"] }, mode: "agent", userId: "u1", query: "" },
      { mcp: { ...sources.mcp!, maxDirectTools: 2 } },
    );
    expect(tools.all().map((tool) => tool.name)).toEqual(["mcp"]);
    const meta = tools.get("mcp")!;
    expect(JSON.parse((await invokeTool(meta, { action: "discover", server: "everything" }, { userId: null })).content).tools).toHaveLength(
      3,
    );
    expect((await invokeTool(meta, { action: "call", server: "everything", tool: "t1", arguments: {} }, { userId: null })).content).toBe(
      "called t1",
    );
    expect((await invokeTool(meta, { action: "call", server: "everything", tool: "nope" }, { userId: null })).error?.code).toBe(
      "invalid_arguments",
    );
  });

  it("selects ≤ 6 tools with the fast model above 12 and lets request_tools load more", async () => {
    const many: ToolSources = {
      ...sources,
      mcp: {
        ...sources.mcp!,
        listTools: async () =>
          Array.from({ length: 10 }, (_, i) => ({ name: `t${i}`, description: `Tool ${i}`, inputSchema: { type: "object" } })),
      },
    };
    const calls: string[] = [];
    const model: ModelCaller = async (request) => {
      calls.push(String(request.model));
      return {
        text: '{"tools":["calculator","mcp_everything__t3","not_a_tool"]}',
        toolCalls: [],
        usage: { prompt_tokens: 0, completion_tokens: 0 },
        model: "fast",
        finishReason: "stop",
      };
    };
    const assembled = await assembleTools({ profile: everything, mode: "agent", userId: "u1", query: "add numbers", model }, many);
    expect(calls).toEqual(["fast"]);
    expect(assembled.selection).toEqual(["calculator", "mcp_everything__t3"]);
    expect(assembled.tools.active().map((tool) => tool.name)).toEqual(["calculator", "mcp_everything__t3", "request_tools"]);
    const request = assembled.tools.get("request_tools")!;
    expect(JSON.parse((await invokeTool(request, { names: ["web_fetch", "calculator", "zzz"] }, { userId: null })).content)).toEqual({
      loaded: ["web_fetch"],
      already_loaded: ["calculator"],
      unknown: ["zzz"],
    });
    expect(assembled.tools.isActive("web_fetch")).toBe(true);

    const failing: ModelCaller = async () => {
      throw new Error("down");
    };
    const fallback = await assembleTools({ profile: everything, mode: "agent", userId: "u1", query: "add numbers", model: failing }, many);
    expect(fallback.selection).toBe("failed");
    expect(fallback.tools.active()).toHaveLength(fallback.tools.size);
  });

  it("leaves out a failing source and says so", async () => {
    const broken: ToolSources = { connectors: { list: async () => Promise.reject(new Error("db down")), call: sources.connectors!.call } };
    const assembled = await assembleTools({ profile: everything, mode: "agent", userId: "u1", query: "" }, broken);
    expect(assembled.unavailable).toEqual([{ source: "connectors", error: "db down" }]);
    expect(assembled.tools.size).toBe(5);
  });
});
