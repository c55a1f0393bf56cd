import { describe, expect, it } from "vitest";
import { validateGraph } from "@/lib/workflow/validate";
import { buildNodeTestGraph, sampleSkeleton, type TestableGraph } from "./node-test";

const at = { x: 0, y: 0 };
const edge = (source: string, target: string, sourceHandle: string | null = null) => ({
  id: `${source}:${sourceHandle}>${target}`,
  source,
  sourceHandle,
  target,
  targetHandle: null,
});
/** start → llm → check —long→ notify → end; check —default→ end; gate (an approval) → late. */
const draft: TestableGraph = {
  nodes: [
    { id: "start", type: "START", position: at, data: { variables: [{ name: "q", type: "string", required: true }] } },
    { id: "llm", type: "LLM", position: at, data: { prompt_template: "Answer {{input.q}}" }, pinned_outputs: { text: "old pin" } },
    {
      id: "check",
      type: "CONDITION_BRANCH",
      position: at,
      data: { conditions: [{ id: "long", rules: [{ variable: "{{llm.text}}", operator: "contains", value: "{{input.q}}" }] }] },
    },
    { id: "notify", type: "LLM", position: at, data: { prompt_template: "Tell {{llm.text}}" } },
    { id: "gate", type: "HUMAN_INTERVENTION", position: at, data: { title: "Gate" } },
    { id: "late", type: "LLM", position: at, data: { prompt_template: "After {{gate.decision}}" } },
    { id: "end", type: "END", position: at, data: { output_mapping: { a: "{{llm.text}}" } } },
  ],
  edges: [
    edge("start", "llm"),
    edge("llm", "check"),
    edge("check", "notify", "long"),
    edge("notify", "end"),
    edge("check", "end", "default"),
    edge("start", "gate"),
    edge("gate", "late", "approved"),
  ],
};

describe("single-node test", () => {
  it("starts the sample from the references the node's templates make", () => {
    expect(sampleSkeleton("CONDITION_BRANCH", draft.nodes[2].data)).toEqual({ llm: { text: "" }, input: { q: "" } });
    expect(sampleSkeleton("LLM", { prompt_template: "{{ llm_2.json.score }} and {{env.KEY}}" })).toEqual({
      llm_2: { json: { score: "" } },
    });
  });

  it("starts START's variables at their default values, typed, through input or START's id; the others at \"\"", () => {
    const start = {
      id: "start",
      data: {
        variables: [
          { name: "order_id", type: "number", default_value: 1001 },
          { name: "filters", type: "object", default_value: { open: true } },
          { name: "note", type: "string" },
          { name: "unused", type: "string", default_value: "x" },
        ],
      },
    };
    const data = { prompt_template: "Order {{input.order_id}} {{input.note}} {{start.filters}} {{input.filters.open}} {{llm.text}}" };
    expect(sampleSkeleton("LLM", data, start)).toEqual({
      input: { order_id: 1001, note: "", filters: { open: true } },
      start: { filters: { open: true } },
      llm: { text: "" },
    });
    // without START the sample is the bare skeleton
    expect(sampleSkeleton("LLM", data)).toEqual({
      input: { order_id: "", note: "", filters: { open: "" } },
      start: { filters: "" },
      llm: { text: "" },
    });
  });

  it("runs the node's upstream part, pinned (to the sample where given), then the node, then END; the graph validates", () => {
    const plan = buildNodeTestGraph(draft, "check", { input: { q: "refund" }, llm: { text: "a refund policy" } });
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.inputs).toEqual({ q: "refund" });
    expect(plan.nodeIds).toEqual(["start", "llm", "check"]);
    expect(plan.graph.nodes.map((node) => [node.id, node.pinned_outputs])).toEqual([
      ["start", undefined],
      ["llm", { text: "a refund policy" }],
      ["check", undefined],
      ["test_end", undefined],
    ]);
    // START's variables become optional: the test gives only what the node needs
    expect(plan.graph.nodes[0].data.variables).toEqual([{ name: "q", type: "string", required: false }]);
    expect(plan.graph.edges.map((e) => `${e.source}:${e.sourceHandle}>${e.target}`)).toEqual([
      "start:null>llm",
      "llm:null>check",
      "check:long>test_end",
      "check:default>test_end",
    ]);
    expect(validateGraph(plan.graph)).toEqual([]);
  });

  it("stands in for upstream nodes the sample does not name: empty outputs, a condition on the branch towards the node", () => {
    const plan = buildNodeTestGraph(draft, "notify", { llm: { text: "x" } });
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.graph.nodes.map((node) => [node.id, node.pinned_outputs])).toEqual([
      ["start", undefined],
      ["llm", { text: "x" }],
      ["check", { matched: "long" }],
      ["notify", undefined],
      ["test_end", undefined],
    ]);
    expect(validateGraph(plan.graph)).toEqual([]);
  });

  it("refuses what it cannot test, saying why", () => {
    expect(buildNodeTestGraph(draft, "nope", {})).toEqual({ ok: false, message: 'No node "nope" in the saved draft.' });
    expect(buildNodeTestGraph(draft, "end", {})).toEqual({ ok: false, message: "A node of type END cannot be tested on its own." });
    expect(buildNodeTestGraph(draft, "late", {})).toEqual({
      ok: false,
      message: '"gate" upstream is an approval, which a test cannot stand in for.',
    });
    expect(buildNodeTestGraph(draft, "check", { notify: {} })).toEqual({
      ok: false,
      message: 'The sample names "notify", which is neither "input" nor a node upstream of "check".',
    });
    expect(buildNodeTestGraph(draft, "check", { input: "x" })).toEqual({
      ok: false,
      message: 'The sample for "input" must be an object of START variables.',
    });
    const detached = {
      nodes: [...draft.nodes, { id: "lone", type: "LLM", position: at, data: { prompt_template: "x" } }],
      edges: draft.edges,
    };
    expect(buildNodeTestGraph(detached, "lone", {})).toEqual({
      ok: false,
      message: '"lone" cannot be reached from START; connect it first.',
    });
  });
});
