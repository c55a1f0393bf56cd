import { describe, expect, it } from "vitest";
import { type DiffGraph, diffFields, diffGraphs, formatDiffValue, isEmptyDiff } from "./workflow-diff";

const base: DiffGraph = {
  nodes: [
    { id: "start", type: "START", position: { x: 0, y: 0 }, data: { title: "Start", variables: [{ name: "q", type: "string" }] } },
    { id: "llm", type: "LLM", position: { x: 200, y: 0 }, data: { title: "Ask", prompt_template: "Answer {{input.q}}", temperature: 0.2 } },
    { id: "end", type: "END", position: { x: 400, y: 0 }, data: { title: "End", output_mapping: { answer: "{{llm.text}}" } } },
  ],
  edges: [
    { id: "e1", source: "start", sourceHandle: null, target: "llm", targetHandle: null },
    { id: "e2", source: "llm", sourceHandle: null, target: "end", targetHandle: null },
  ],
};

function clone<T>(value: T): T {
  return structuredClone(value);
}

describe("diffGraphs", () => {
  it("reports nothing for identical graphs", () => {
    const diff = diffGraphs(base, clone(base));
    expect(diff).toEqual({ nodesAdded: [], nodesRemoved: [], nodesChanged: [], moved: [], edgesAdded: [], edgesRemoved: [] });
    expect(isEmptyDiff(diff)).toBe(true);
  });

  it("lists added and removed nodes with their titles", () => {
    const after = clone(base);
    after.nodes = after.nodes.filter((node) => node.id !== "llm");
    after.nodes.push({ id: "gate", type: "HUMAN_INTERVENTION", data: { title: "Manager approval" } });
    after.nodes.push({ id: "untitled", type: "END", data: {} });
    const diff = diffGraphs(base, after);
    expect(diff.nodesRemoved).toEqual([{ id: "llm", type: "LLM", title: "Ask" }]);
    expect(diff.nodesAdded).toEqual([
      { id: "gate", type: "HUMAN_INTERVENTION", title: "Manager approval" },
      { id: "untitled", type: "END", title: "untitled" },
    ]);
  });

  it("lists changed fields as dotted paths with before and after", () => {
    const after = clone(base);
    after.nodes[1].data = { title: "Ask", prompt_template: "Reply to {{input.q}}", max_tokens: 100 };
    after.nodes[0].data = { title: "Start", variables: [{ name: "q", type: "number" }] };
    const diff = diffGraphs(base, after);
    expect(diff.nodesChanged).toEqual([
      {
        id: "start",
        type: "START",
        title: "Start",
        fields: [{ path: "variables.0.type", kind: "changed", before: "string", after: "number" }],
      },
      {
        id: "llm",
        type: "LLM",
        title: "Ask",
        fields: [
          { path: "max_tokens", kind: "added", after: 100 },
          { path: "prompt_template", kind: "changed", before: "Answer {{input.q}}", after: "Reply to {{input.q}}" },
          { path: "temperature", kind: "removed", before: 0.2 },
        ],
      },
    ]);
  });

  it("treats a move as layout, not a change", () => {
    const after = clone(base);
    after.nodes[2].position = { x: 500, y: 40 };
    const diff = diffGraphs(base, after);
    expect(diff.moved).toEqual(["end"]);
    expect(diff.nodesChanged).toEqual([]);
    expect(isEmptyDiff(diff)).toBe(true);
  });

  it("matches edges by their handles, not their ids, and names them readably", () => {
    const after = clone(base);
    after.edges = [
      { id: "renamed", source: "start", target: "llm" },
      { id: "e3", source: "llm", sourceHandle: "error", target: "end", targetHandle: null },
    ];
    const diff = diffGraphs(base, after);
    expect(diff.edgesRemoved).toEqual([{ source: "llm", sourceHandle: null, target: "end", label: "llm → end" }]);
    expect(diff.edgesAdded).toEqual([{ source: "llm", sourceHandle: "error", target: "end", label: "llm:error → end" }]);
  });

  it("reports a type change under the same id", () => {
    const after = clone(base);
    after.nodes[1] = { ...after.nodes[1], type: "AGENT" };
    const diff = diffGraphs(base, after);
    expect(diff.nodesChanged).toEqual([
      { id: "llm", type: "AGENT", title: "Ask", fields: [], typeChange: { before: "LLM", after: "AGENT" } },
    ]);
  });
});

describe("diffFields", () => {
  it("recurses into arrays by index and reports items added at the end", () => {
    expect(diffFields({ rules: [{ v: "a" }] }, { rules: [{ v: "a" }, { v: "b" }] })).toEqual([
      { path: "rules.1", kind: "added", after: { v: "b" } },
    ]);
  });

  it("ignores undefined members and empty containers that appear or disappear", () => {
    expect(diffFields({ a: undefined, b: {} }, { c: [] })).toEqual([]);
  });

  it("reports a value whose kind changed as one change", () => {
    expect(diffFields({ value: "10" }, { value: 10 })).toEqual([{ path: "value", kind: "changed", before: "10", after: 10 }]);
  });
});

describe("formatDiffValue", () => {
  it("quotes strings, shows other values as JSON, cuts long text and marks absence", () => {
    expect(formatDiffValue("hi")).toBe('"hi"');
    expect(formatDiffValue({ a: 1 })).toBe('{"a":1}');
    expect(formatDiffValue(undefined)).toBe("—");
    expect(formatDiffValue("x".repeat(100), 10)).toBe(`"xxxxxxxx…`);
  });
});
