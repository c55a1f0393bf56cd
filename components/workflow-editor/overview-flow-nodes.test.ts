import { describe, expect, it } from "vitest";
import { OverviewNodeCopies, overviewFlowNodes, REVEALED_CLASS } from "./overview-flow-nodes";
import type { EditorEdge, EditorNode } from "./types";

function node(id: string, extra: Partial<EditorNode> = {}): EditorNode {
  return { id, type: "LLM", position: { x: 0, y: 0 }, data: {}, measured: { width: 240, height: 64 }, ...extra };
}

describe("overviewFlowNodes", () => {
  const edges: EditorEdge[] = [
    { id: "e1", source: "a", target: "b" },
    { id: "e2", source: "c", target: "d", selected: true },
  ];

  it("hides the measured, unselected, undragged nodes and keeps the others as they are, in order", () => {
    const nodes = [
      node("a"),
      node("b", { selected: true }),
      node("c"),
      node("d"),
      node("e", { dragging: true }),
      node("f", { measured: undefined }),
      node("g"),
    ];
    const flow = overviewFlowNodes(nodes, edges, "g", new OverviewNodeCopies());
    expect(flow.map((n) => n.id)).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
    expect(flow.map((n) => n.hidden ?? false)).toEqual([true, false, false, false, false, false, false]);
    // the ends of the selected edge, the selected, dragged and unmeasured nodes: the same objects
    for (const index of [1, 2, 3, 4, 5]) expect(flow[index]).toBe(nodes[index]);
    // the node under the pointer: shown with the class overview.css reveals
    expect(flow[6]).toEqual({ ...nodes[6], className: REVEALED_CLASS });
    expect(flow[0]).toEqual({ ...nodes[0], hidden: true });
    expect(nodes[0].hidden).toBeUndefined();
  });

  it("reveals an end of a selected edge under the pointer (shown, not hidden), so it can be pressed", () => {
    const nodes = [node("c"), node("d")];
    const flow = overviewFlowNodes(nodes, edges, "d", new OverviewNodeCopies());
    expect(flow[0]).toBe(nodes[0]);
    expect(flow[1]).toEqual({ ...nodes[1], className: REVEALED_CLASS });
  });

  it("returns the same copy for the same node object, and a new one when the node changes", () => {
    const copies = new OverviewNodeCopies();
    const a = node("a");
    const first = overviewFlowNodes([a], [], null, copies);
    expect(overviewFlowNodes([a], [], null, copies)[0]).toBe(first[0]);
    const moved = { ...a, position: { x: 10, y: 0 } };
    const second = overviewFlowNodes([moved], [], null, copies)[0];
    expect(second).not.toBe(first[0]);
    expect(second).toEqual({ ...moved, hidden: true });
  });
});
