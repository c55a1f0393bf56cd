import { describe, expect, it } from "vitest";
import type { EditorEdge, EditorNode } from "./types";
import { availableVariables, outputFieldsOf, referenceProblems } from "./upstream";

const node = (id: string, type: string, data: Record<string, unknown> = {}): EditorNode =>
  ({ id, type, position: { x: 0, y: 0 }, data }) as EditorNode;
const edge = (source: string, target: string, sourceHandle: string | null = null): EditorEdge => ({
  id: `${source}-${target}`,
  source,
  target,
  sourceHandle,
  targetHandle: null,
});

describe("outputFieldsOf", () => {
  it("lists a node type's outputs, and the error output of a node that fails without stopping the run (spec §5)", () => {
    expect(outputFieldsOf(node("call", "CONNECTOR"))).toEqual([
      { path: "status", type: "number" },
      { path: "headers", type: "object" },
      { path: "body", type: "any" },
    ]);
    const withError = [
      { path: "status", type: "number" },
      { path: "headers", type: "object" },
      { path: "body", type: "any" },
      { path: "error", type: "object" },
      { path: "error.code", type: "string" },
      { path: "error.message", type: "string" },
    ];
    expect(outputFieldsOf(node("call", "CONNECTOR", { error_strategy: "fail_branch" }))).toEqual(withError);
    expect(outputFieldsOf(node("call", "CONNECTOR", { error_strategy: "continue" }))).toEqual(withError);
    expect(outputFieldsOf(node("call", "CONNECTOR", { error_strategy: "stop_workflow" }))).toHaveLength(3);
  });
});

describe("referenceProblems", () => {
  const nodes = [
    node("start", "START", { variables: [{ name: "q", type: "string" }] }),
    node("search", "KNOWLEDGE_RETRIEVAL"),
    node("call", "CONNECTOR", { error_strategy: "fail_branch" }),
    node("side", "LLM"),
    node("end", "END"),
  ];
  const edges = [edge("start", "search"), edge("search", "call"), edge("call", "end", "error"), edge("start", "side")];
  const groups = availableVariables("end", nodes, edges);
  const ids = new Set(nodes.map((n) => n.id));
  const problems = (template: string) =>
    referenceProblems(template, groups, ids).map(({ reference, message, severity }) => [reference.raw, severity, message]);

  it("takes upstream outputs, the error output of a fail_branch node, START's variables and env", () => {
    // nearest first; START is both the run inputs and a node
    expect(groups.map((group) => group.root)).toEqual(["input", "call", "search", "start"]);
    expect(problems("{{input.q}} {{search.output}} {{call.error.message}} {{call.body.id}} {{env.REGION}}")).toEqual([]);
  });

  it("rejects unknown roots and START variables (validation errors), and warns of an output a node does not have", () => {
    expect(problems("{{nope.x}} {{side.text}} {{input.missing}} {{search.nope}}")).toEqual([
      ["{{nope.x}}", "error", "there is no node “nope”"],
      ["{{side.text}}", "error", "“side” is not upstream of this node"],
      ["{{input.missing}}", "error", "START declares no variable “missing”"],
      ["{{search.nope}}", "warning", "“search” has no output “nope”: a run would stop here"],
    ]);
  });
});
