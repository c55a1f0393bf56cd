import { describe, expect, it } from "vitest";
import type { WorkflowError } from "../errors";
import type { NodeServices } from "../services";
import type { TemplateScope } from "../template";
import { fakeAgent, fakeConnectors, fakeKnowledge, fakeLlm, fakeMcp } from "../testing/fakes";
import { ERROR_HANDLE, NODE_TYPES, type NodeDefinition, type NodeType } from "./node-definition";
import { nodeRegistry } from "./registry";

const run = { runId: "r1", workflowId: "wf", depth: 1, callStack: ["parent", "wf"], userId: "u1" };

async function execute(type: NodeType, data: unknown, scope: TemplateScope, services: NodeServices = {}) {
  const definition = nodeRegistry[type] as NodeDefinition;
  const config = definition.configSchema.parse(data);
  const inputs = definition.resolveInputs(config, scope);
  const deltas: string[] = [];
  const result = await definition.execute({
    nodeId: "n",
    config,
    inputs,
    scope,
    services,
    signal: new AbortController().signal,
    attempt: 1,
    run,
    emit: (t) => deltas.push(t),
  });
  return { config, inputs, result, deltas };
}

async function failure(promise: Promise<unknown>): Promise<WorkflowError> {
  try {
    await promise;
  } catch (error) {
    return error as WorkflowError;
  }
  throw new Error("expected a failure");
}

/** Fields of the default data left for the user to choose. */
const USER_CHOICES: Partial<Record<NodeType, string[]>> = {
  // no variable is known to exist when a node is added: the person writes the template with the picker
  LLM: ["prompt_template"],
  AGENT: ["prompt_template"],
  KNOWLEDGE_RETRIEVAL: ["kb_ids", "query_template"],
  CONNECTOR: ["connector_id", "action_id"],
  MCP: ["server_id", "tool_name"],
  // no variable is known to exist when a condition is added: the person picks one
  CONDITION_BRANCH: ["conditions.0.rules.0.variable"],
};

const scope = { input: { q: "refund?", id: 7, tags: ["x"] }, env: {}, prev: { text: "ctx" } };

describe("node registry and metadata", () => {
  it("has the nine types, each with editor metadata whose default data is valid", () => {
    expect(Object.keys(nodeRegistry)).toEqual([...NODE_TYPES]);
    for (const type of NODE_TYPES) {
      const definition = nodeRegistry[type] as NodeDefinition;
      expect(definition.type).toBe(type);
      expect(definition.meta.label.length).toBeGreaterThan(0);
      expect(definition.meta.icon).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(definition.meta.color).toMatch(/^#[0-9a-f]{6}$/);
      const parsed = definition.configSchema.safeParse(definition.meta.defaultData);
      const open = parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join("."));
      expect(open).toEqual(USER_CHOICES[type] ?? []);
    }
  });

  it("asks for a condition rule's variable with a message that says how", () => {
    const parsed = nodeRegistry.CONDITION_BRANCH.configSchema.safeParse(nodeRegistry.CONDITION_BRANCH.meta.defaultData);
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)).toEqual([
      "Required: choose what to test with the variable picker, e.g. {{input.amount}}.",
    ]);
  });

  it("asks for the prompt of a new LLM, AGENT or KNOWLEDGE_RETRIEVAL node instead of naming an input the workflow may not have", () => {
    const messages = (type: "LLM" | "AGENT" | "KNOWLEDGE_RETRIEVAL", field: string) => {
      const parsed = nodeRegistry[type].configSchema.safeParse(nodeRegistry[type].meta.defaultData);
      return parsed.success ? [] : parsed.error.issues.filter((issue) => issue.path.join(".") === field).map((issue) => issue.message);
    };
    expect(messages("LLM", "prompt_template")).toEqual([
      "Required: write the prompt; insert values with the variable picker, e.g. {{input.question}}.",
    ]);
    expect(messages("AGENT", "prompt_template")).toEqual([
      "Required: write the task; insert values with the variable picker, e.g. {{input.question}}.",
    ]);
    expect(messages("KNOWLEDGE_RETRIEVAL", "query_template")).toEqual([
      "Required: write the search query; insert values with the variable picker, e.g. {{input.question}}.",
    ]);
  });

  it("describes fields for the editor", () => {
    const shape = (nodeRegistry.LLM.configSchema as unknown as { shape: Record<string, { description?: string }> }).shape;
    expect(shape.prompt_template.description).toBe("User prompt (template), e.g. Summarise {{start.text}}.");
    expect(shape.retry_delay_ms.description).toContain("doubles");
  });

  it("source handles per type", () => {
    const handles = (type: NodeType, data: unknown) =>
      (nodeRegistry[type] as NodeDefinition).sourceHandles(nodeRegistry[type].configSchema.parse(data));
    expect(handles("START", {})).toEqual([null]);
    expect(handles("END", {})).toEqual([]);
    expect(handles("LLM", { prompt_template: "x" })).toEqual([null]);
    expect(
      handles("CONDITION_BRANCH", {
        conditions: [
          { id: "a", rules: [{ variable: "x", operator: "is_empty" }] },
          { id: "b", rules: [{ variable: "y", operator: "is_empty" }] },
        ],
      }),
    ).toEqual(["a", "b", "default"]);
    expect(handles("HUMAN_INTERVENTION", {})).toEqual(["approved", "rejected"]);
    expect(ERROR_HANDLE).toBe("error");
  });
});

describe("executors", () => {
  it("START outputs the run inputs; END outputs its rendered mapping with types kept", async () => {
    expect((await execute("START", { variables: [{ name: "q", type: "string" }] }, scope)).result.outputs).toEqual({
      q: "refund?",
      id: 7,
      tags: ["x"],
    });
    const end = await execute("END", { output_mapping: { id: "{{input.id}}", tags: "{{input.tags}}", text: "#{{input.id}}" } }, scope);
    expect(end.result.outputs).toEqual({ id: 7, tags: ["x"], text: "#7" });
  });

  it("LLM renders prompts, streams deltas, returns text, usage, model and json when a schema is set", async () => {
    const llm = fakeLlm(() => ({
      text: '{"ok":true}',
      json: { ok: true },
      model: "m-1",
      usage: { prompt_tokens: 3, completion_tokens: 2 },
    }));
    const schema = { type: "object", properties: { ok: { type: "boolean" } } };
    const out = await execute(
      "LLM",
      { prompt_template: "Q: {{input.q}} {{prev.text}}", system_prompt: "sys {{input.id}}", temperature: 0.2, output_schema: schema },
      scope,
      { llm: llm.service },
    );
    expect(out.inputs).toEqual({ system_prompt: "sys 7", prompt: "Q: refund? ctx", temperature: 0.2, output_schema: schema });
    expect(out.result).toEqual({
      outputs: { text: '{"ok":true}', json: { ok: true }, usage: { prompt_tokens: 3, completion_tokens: 2 } },
      usage: { prompt_tokens: 3, completion_tokens: 2 },
      model: "m-1",
    });
    expect(out.deltas).toEqual(['{"ok":', "true}"]);
    expect(llm.calls[0].system_prompt).toBe("sys 7");
    expect(nodeRegistry.LLM.configSchema.safeParse({ prompt_template: "x", output_schema: { type: "nope" } }).success).toBe(false);
  });

  it("AGENT needs services.agent (invalid_config) and passes the run context", async () => {
    const missing = await failure(execute("AGENT", { instructions: "help", prompt_template: "{{input.q}}" }, scope));
    expect([missing.code, missing.message]).toEqual(["invalid_config", "AGENT needs the agent service, which is not configured"]);
    const agent = fakeAgent(() => ({ text: "done", steps: [{ tool: "x" }] }));
    const out = await execute("AGENT", { agent_id: "a1", prompt_template: "Do {{input.q}}", max_iterations: 5 }, scope, {
      agent: agent.service,
    });
    expect(out.result.outputs).toEqual({ text: "done", steps: [{ tool: "x" }], usage: { prompt_tokens: 3, completion_tokens: 4 } });
    expect(agent.calls[0]).toMatchObject({
      agentId: "a1",
      prompt: "Do refund?",
      max_iterations: 5,
      context: { runId: "r1", depth: 1, callStack: ["parent", "wf"], userId: "u1" },
    });
    expect(nodeRegistry.AGENT.configSchema.safeParse({ prompt_template: "x" }).success).toBe(false);
  });

  it("KNOWLEDGE_RETRIEVAL returns results and their joined text", async () => {
    const kb = fakeKnowledge([
      { document: "a.md", chunk: 0, score: 2, text: "one" },
      { document: "b.md", chunk: 3, score: 1, text: "two" },
    ]);
    const out = await execute("KNOWLEDGE_RETRIEVAL", { kb_ids: ["policies"], query_template: "{{input.q}}", top_k: 2 }, scope, {
      knowledge: kb.service,
    });
    expect(out.result.outputs).toEqual({
      results: [
        { document: "a.md", chunk: 0, score: 2, text: "one" },
        { document: "b.md", chunk: 3, score: 1, text: "two" },
      ],
      output: "one\n\ntwo",
    });
    expect(kb.calls[0]).toEqual({ kbIds: ["policies"], query: "refund?", topK: 2 });
  });

  it("CONNECTOR passes typed parameters and fails with http_status on status ≥ 400", async () => {
    const connectors = fakeConnectors((request) =>
      request.actionId === "bad" ? { status: 404, body: { error: "no" } } : { status: 200, body: "plain text" },
    );
    const ok = await execute(
      "CONNECTOR",
      { connector_id: "orders", action_id: "get", parameters: { id: "{{input.id}}", tags: "{{input.tags}}", note: "q={{input.q}}" } },
      scope,
      { connectors: connectors.service },
    );
    expect(connectors.calls[0].parameters).toEqual({ id: 7, tags: ["x"], note: "q=refund?" });
    expect(connectors.calls[0].actor).toEqual({ userId: "u1" });
    expect(ok.result.outputs).toEqual({ status: 200, headers: { "content-type": "application/json" }, body: "plain text" });
    const bad = await failure(
      execute("CONNECTOR", { connector_id: "orders", action_id: "bad" }, scope, { connectors: connectors.service }),
    );
    expect([bad.code, bad.message, bad.details]).toEqual([
      "http_status",
      "orders.bad answered HTTP 404",
      { status: 404, headers: { "content-type": "application/json" }, body: { error: "no" } },
    ]);
  });

  it("MCP returns content and fails with mcp_error when the result is an error", async () => {
    const mcp = fakeMcp((request) =>
      request.toolName === "boom" ? { is_error: true, content: "kaput" } : { content: "echo 7", structured: { n: 7 } },
    );
    const ok = await execute("MCP", { server_id: "everything", tool_name: "echo", parameters: { n: "{{input.id}}" } }, scope, {
      mcp: mcp.service,
    });
    expect(mcp.calls[0].arguments).toEqual({ n: 7 });
    expect(ok.result.outputs).toEqual({ content: "echo 7", structured: { n: 7 }, is_error: false });
    const bad = await failure(execute("MCP", { server_id: "everything", tool_name: "boom" }, scope, { mcp: mcp.service }));
    expect([bad.code, bad.details]).toEqual(["mcp_error", { content: "kaput", structured: null }]);
  });

  it("CONDITION_BRANCH picks the first condition that holds, else default", async () => {
    const data = {
      conditions: [
        { id: "big", logical_operator: "and", rules: [{ variable: "{{input.id}}", operator: "greater_than", value: 10 }] },
        {
          id: "tagged",
          logical_operator: "or",
          rules: [
            { variable: "{{input.missing}}", operator: "is_not_empty" },
            { variable: "{{input.tags}}", operator: "contains", value: "x" },
          ],
        },
      ],
    };
    const out = await execute("CONDITION_BRANCH", data, scope);
    expect(out.result.outputs).toEqual({ matched: "tagged" });
    expect(out.inputs).toEqual({
      conditions: [
        { id: "big", logical_operator: "and", rules: [{ variable: "{{input.id}}", operator: "greater_than", left: 7, right: 10 }] },
        {
          id: "tagged",
          logical_operator: "or",
          rules: [
            { variable: "{{input.missing}}", operator: "is_not_empty", left: null, right: null },
            { variable: "{{input.tags}}", operator: "contains", left: ["x"], right: "x" },
          ],
        },
      ],
    });
    expect((await execute("CONDITION_BRANCH", data, { ...scope, input: { id: 1, tags: [] } })).result.outputs).toEqual({
      matched: "default",
    });
    expect((await execute("CONDITION_BRANCH", data, { ...scope, input: { id: 11 } })).result.outputs).toEqual({ matched: "big" });
    const typeError = await failure(execute("CONDITION_BRANCH", data, { ...scope, input: { id: "eleven" } }));
    expect(typeError.code).toBe("type_error");
  });

  it("CONDITION_BRANCH rejects reserved and duplicate condition ids", () => {
    const rule = { variable: "x", operator: "is_empty" };
    const result = nodeRegistry.CONDITION_BRANCH.configSchema.safeParse({
      conditions: [
        { id: "default", rules: [rule] },
        { id: "a", rules: [rule] },
        { id: "a", rules: [rule] },
      ],
    });
    expect(result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["conditions.0.id", '"default" is reserved'],
      ["conditions.2.id", 'duplicate condition id "a"'],
    ]);
  });

  it("HUMAN_INTERVENTION renders title, description and assignee; it is never executed", async () => {
    const definition = nodeRegistry.HUMAN_INTERVENTION;
    const config = definition.configSchema.parse({
      title: "Refund #{{input.id}}",
      description: "Asked: {{input.q}}",
      assignee: " ops@example.com ",
    });
    expect(definition.resolveInputs(config, scope)).toEqual({
      title: "Refund #7",
      description: "Asked: refund?",
      assignee: "ops@example.com",
      timeout_hours: 24,
    });
    const error = await failure(execute("HUMAN_INTERVENTION", {}, scope));
    expect(error.code).toBe("invalid_config");
  });

  it("START rejects duplicate variables and defaults of the wrong type", () => {
    const result = nodeRegistry.START.configSchema.safeParse({
      variables: [{ name: "a", type: "number", default_value: "x" }, { name: "a" }],
    });
    expect(result.success ? [] : result.error.issues.map((i) => i.path.join("."))).toEqual([
      "variables.0.default_value",
      "variables.1.name",
    ]);
  });
});
