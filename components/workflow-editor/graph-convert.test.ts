import { describe, expect, it } from "vitest";
import { edgesWithoutNodes } from "./graph-convert";

const edges = [
  { id: "e1", source: "start", target: "llm", sourceHandle: null, targetHandle: null },
  { id: "e2", source: "llm", target: "end", sourceHandle: null, targetHandle: null },
  { id: "e3", source: "start", target: "end", sourceHandle: null, targetHandle: null },
];

describe("edgesWithoutNodes", () => {
  it("drops the edges into and out of removed nodes", () => {
    expect(edgesWithoutNodes(edges, new Set(["llm"])).map((edge) => edge.id)).toEqual(["e3"]);
  });

  it("is the same array when no edge is attached to a removed node", () => {
    expect(edgesWithoutNodes(edges, new Set(["other"]))).toBe(edges);
    expect(edgesWithoutNodes(edges, new Set())).toBe(edges);
  });
});
