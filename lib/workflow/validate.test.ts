import { describe, expect, it } from "vitest";
import { edge, graph, node } from "./testing/fakes";
import { checkGraph, checkGraphForRun, snapshotText, validateDocument, validateGraph } from "./validate";

const start = node("start", "START", { variables: [{ name: "q", type: "string", required: true }] });
const end = node("end", "END", { output_mapping: { a: "{{llm.text}}" } });
const llm = node("llm", "LLM", { prompt_template: "{{input.q}}" });
const valid = graph([start, llm, end], [edge("start", "llm"), edge("llm", "end")]);
const plainEnd = node("end", "END", { output_mapping: { q: "{{input.q}}" } });

const codes = (g: unknown) => validateGraph(g).map((issue) => [issue.code, issue.nodeIds, issue.field ?? null]);

describe("validateGraph", () => {
  it("accepts a valid graph", () => {
    expect(validateGraph(valid)).toEqual([]);
    const checked = checkGraph(valid);
    expect(checked.ok && checked.value.nodes[1].data).toEqual({
      prompt_template: "{{input.q}}",
      system_prompt: "",
      error_strategy: "stop_workflow",
      retry_count: 0,
      retry_delay_ms: 1000,
    });
  });

  it("missing_start and missing_end", () => {
    expect(codes(graph([node("llm", "LLM", { prompt_template: "hi" })], []))).toEqual([
      ["missing_start", [], null],
      ["missing_end", [], null],
    ]);
  });

  it("multiple_start", () => {
    const second = node("start2", "START", {});
    expect(codes(graph([start, second, plainEnd], [edge("start", "end"), edge("start2", "end")]))).toEqual([
      ["multiple_start", ["start", "start2"], null],
    ]);
  });

  it("cycle, self-loops included", () => {
    const a = node("a", "LLM", { prompt_template: "x" });
    const b = node("b", "LLM", { prompt_template: "y" });
    const g = graph([start, a, b, plainEnd], [edge("start", "a"), edge("a", "b"), edge("b", "a"), edge("b", "end")]);
    expect(codes(g)).toEqual([["cycle", ["a", "b"], null]]);
    const loop = graph([start, a, plainEnd], [edge("start", "a"), edge("a", "a"), edge("a", "end")]);
    expect(validateGraph(loop)).toEqual([{ code: "cycle", nodeIds: ["a"], message: 'Node "a" has an edge to itself' }]);
  });

  it("dangling_edge names the edge and the missing end", () => {
    const g = graph([start, llm, end], [edge("start", "llm"), edge("llm", "end"), edge("llm", "ghost")]);
    expect(validateGraph(g)).toEqual([
      {
        code: "dangling_edge",
        nodeIds: ["llm"],
        edgeId: "llm>ghost",
        field: "target",
        message: 'Edge "llm>ghost" points to a missing node (target "ghost")',
      },
    ]);
  });

  it("invalid_handle: unknown handle, END outputs, edge into START, error handle without fail_branch", () => {
    const cond = node("cond", "CONDITION_BRANCH", {
      conditions: [{ id: "yes", rules: [{ variable: "{{input.q}}", operator: "is_not_empty" }] }],
    });
    const g = graph(
      [start, cond, llm, end],
      [
        edge("start", "cond"),
        edge("cond", "llm", "yes"),
        edge("cond", "end", "maybe"),
        edge("llm", "end"),
        edge("llm", "end", "error"),
        edge("end", "start"),
      ],
    );
    expect(codes(g)).toEqual([
      ["invalid_handle", ["cond"], "sourceHandle"],
      ["invalid_handle", ["llm"], "sourceHandle"],
      ["invalid_handle", ["end"], "sourceHandle"],
      ["invalid_handle", ["start"], "target"],
      ["cycle", ["start", "cond", "llm", "end"], null],
    ]);
    const failBranch = node("llm", "LLM", { prompt_template: "{{input.q}}", error_strategy: "fail_branch" });
    expect(validateGraph(graph([start, failBranch, end], [edge("start", "llm"), edge("llm", "end"), edge("llm", "end", "error")]))).toEqual(
      [],
    );
  });

  it("unreachable_node", () => {
    const orphan = node("orphan", "LLM", { prompt_template: "x" });
    expect(codes(graph([start, llm, orphan, end], [edge("start", "llm"), edge("llm", "end"), edge("orphan", "end")]))).toEqual([
      ["unreachable_node", ["orphan"], null],
    ]);
  });

  it("invalid_config with the field path, and bad node ids", () => {
    const bad = node("bad", "LLM", { prompt_template: "", temperature: 9 });
    const cond = node("cond", "CONDITION_BRANCH", { conditions: [{ id: "default", rules: [{ variable: "x", operator: "nope" }] }] });
    const g = graph(
      [start, bad, cond, plainEnd, node("2x", "END", {}), node("input", "END", {})],
      [edge("start", "bad"), edge("start", "cond"), edge("bad", "end"), edge("start", "2x"), edge("start", "input")],
    );
    expect(codes(g)).toEqual([
      ["invalid_config", ["bad"], "prompt_template"],
      ["invalid_config", ["bad"], "temperature"],
      ["invalid_config", ["cond"], "conditions.0.rules.0.operator"],
      ["invalid_config", ["2x"], "id"],
      ["invalid_config", ["input"], "id"],
    ]);
  });

  it("duplicate node ids", () => {
    expect(codes(graph([start, llm, llm, end], [edge("start", "llm"), edge("llm", "end")]))).toEqual([["invalid_config", ["llm"], "id"]]);
  });

  it("unknown_node_type", () => {
    expect(codes(graph([start, node("x", "TELEPORT", {}), plainEnd], [edge("start", "x"), edge("x", "end")]))).toEqual([
      ["unknown_node_type", ["x"], "type"],
    ]);
  });

  it("unknown_reference: not upstream, missing node, undeclared input, params, nested parameters", () => {
    const a = node("a", "LLM", { prompt_template: "{{b.text}} {{input.nope}} {{env.ANY}} {{input.q}}" });
    const b = node("b", "LLM", { prompt_template: "{{a.text}}" });
    const call = node("call", "CONNECTOR", {
      connector_id: "c",
      action_id: "x",
      parameters: { deep: { list: ["{{ghost.x}}", "{{params.id}}"] } },
    });
    const cond = node("cond", "CONDITION_BRANCH", {
      conditions: [{ id: "yes", rules: [{ variable: "{{end.a}}", operator: "is_empty" }] }],
    });
    const g = graph(
      [start, a, b, call, cond, plainEnd],
      [
        edge("start", "a"),
        edge("a", "b"),
        edge("b", "call"),
        edge("call", "cond"),
        edge("cond", "end", "yes"),
        edge("cond", "end", "default"),
      ],
    );
    expect(validateGraph(g).map((issue) => [issue.code, issue.nodeIds, issue.field, issue.message])).toEqual([
      ["unknown_reference", ["a"], "prompt_template", 'Node "a", prompt_template: {{b.text}} refers to node "b", which is not upstream'],
      ["unknown_reference", ["a"], "prompt_template", 'Node "a", prompt_template: {{input.nope}} names no START variable (declared: q)'],
      [
        "unknown_reference",
        ["call"],
        "parameters.deep.list.0",
        'Node "call", parameters.deep.list.0: {{ghost.x}} refers to node "ghost", which does not exist',
      ],
      [
        "unknown_reference",
        ["call"],
        "parameters.deep.list.1",
        'Node "call", parameters.deep.list.1: {{params.id}} is only available inside connector actions',
      ],
      [
        "unknown_reference",
        ["cond"],
        "conditions.0.rules.0.variable",
        'Node "cond", conditions.0.rules.0.variable: {{end.a}} refers to node "end", which is not upstream',
      ],
    ]);
  });

  it("reports every problem at once, and invalid_document for a value that is not a graph", () => {
    expect(codes(graph([node("x", "LLM", {})], [edge("x", "y")])).map((c) => c[0])).toEqual([
      "invalid_config",
      "missing_start",
      "missing_end",
      "dangling_edge",
    ]);
    expect(codes({ nodes: "no" })).toEqual([
      ["invalid_document", [], "graph.nodes"],
      ["invalid_document", [], "graph.edges"],
    ]);
  });
});

describe("validateDocument", () => {
  const doc = { format: "switchyard.workflow", version: 1, name: "Hello", graph: valid };

  it("parses a document with defaults", () => {
    const result = validateDocument(doc);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value.description).toBe("");
      expect(result.value.graph.edges[0]).toEqual({
        id: "start>llm",
        source: "start",
        sourceHandle: null,
        target: "llm",
        targetHandle: null,
      });
    }
  });

  it("rejects other formats and versions with invalid_document and the path", () => {
    const result = validateDocument({ ...doc, format: "other", version: 2 });
    expect(result.ok ? [] : result.issues.map((i) => [i.code, i.field])).toEqual([
      ["invalid_document", "format"],
      ["invalid_document", "version"],
    ]);
  });

  it("passes graph issues through", () => {
    const result = validateDocument({ ...doc, graph: { ...valid, edges: [] } });
    expect(result.ok ? [] : result.issues.map((i) => i.code)).toEqual(["unreachable_node", "unreachable_node", "unknown_reference"]);
  });
});

describe("checkGraphForRun", () => {
  it("returns a deep-frozen snapshot whose JSON text snapshotText gives; other values have none", () => {
    const given = structuredClone(valid);
    const { snapshot } = checkGraphForRun(given);
    expect(snapshot).toEqual(given);
    expect(Object.isFrozen((snapshot as { nodes: object[] }).nodes[0])).toBe(true);
    expect(snapshotText(snapshot)).toBe(JSON.stringify(given));
    expect(snapshotText(given)).toBeUndefined();
    expect(snapshotText(null)).toBeUndefined();
  });
});
