import { describe, expect, it } from "vitest";
import { boxesInside, type SelectableNode } from "./overview-box-selection";
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

describe("boxesInside", () => {
  function internal(x: number, y: number, extra: Partial<SelectableNode> = {}): SelectableNode {
    return { hidden: true, measured: { width: 240, height: 64 }, internals: { positionAbsolute: { x, y } }, ...extra };
  }

  it("finds the hidden, unselected, selectable nodes wholly inside the rectangle, converted by pan and zoom", () => {
    const lookup = new Map([
      ["inside", internal(300, 0)],
      ["partly", internal(300, 200)],
      ["selected", internal(300, 100, { selected: true })],
      ["shown", internal(300, 100, { hidden: false })],
      ["locked", internal(300, 100, { selectable: false })],
      ["left", internal(0, 0)],
    ]);
    // screen (39, 9)–(97, 29) at pan (10, 10), zoom 0.1: flow (290, -10)–(870, 190)
    expect(boxesInside(lookup, { x: 39, y: 9, width: 58, height: 20 }, [10, 10, 0.1])).toEqual(["inside"]);
    expect(boxesInside(lookup, { x: 0, y: 0, width: 5, height: 5 }, [10, 10, 0.1])).toEqual([]);
  });
});
