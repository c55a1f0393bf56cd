import { Position, type ReactFlowState } from "@xyflow/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DragPainter } from "./drag-painter";
import { edgePathData, OverviewEdgePathCache } from "./overview-edge-paths";
import type { EditorEdge, EditorNode } from "./types";

/**
 * The painter against a small stand-in for the canvas's DOM (the unit tests run without a browser; the e2e
 * drag tests in editor.spec.ts run it in Chromium): elements found by the selectors the painter builds.
 */
class FakeElement {
  style = { transform: "" };
  attributes = new Map<string, string>();
  constructor(readonly paths: FakeElement[] = []) {}
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  querySelectorAll() {
    return this.paths;
  }
}

function fakeDom(elements: Record<string, FakeElement>) {
  return { querySelector: (selector: string) => elements[selector] ?? null };
}

const handles = {
  source: [{ id: null, x: 234, y: 26, width: 12, height: 12, position: Position.Right, type: "source" as const }],
  target: [{ id: null, x: -6, y: 26, width: 12, height: 12, position: Position.Left, type: "target" as const }],
};

function internalNode(id: string, x: number, y: number, dragging: boolean) {
  return {
    id,
    type: "LLM",
    position: { x, y },
    data: {},
    dragging,
    measured: { width: 240, height: 64 },
    internals: { positionAbsolute: { x, y }, handleBounds: handles, z: 0, userNode: {} },
  };
}

const edges: EditorEdge[] = [
  { id: "e1", source: "start", target: "n1", sourceHandle: null, targetHandle: null },
  { id: "e2", source: "n1", target: "end", sourceHandle: null, targetHandle: null },
];

function state(options: {
  dragging?: boolean;
  transform?: [number, number, number];
  selectionBox?: boolean;
  dom: ReturnType<typeof fakeDom>;
}) {
  const nodes = [
    internalNode("start", 0, 0, false),
    internalNode("n1", 300, 0, options.dragging ?? true),
    internalNode("end", 600, 0, false),
  ];
  const connections = (id: string) =>
    new Map(edges.filter((edge) => edge.source === id || edge.target === id).map((edge) => [edge.id, { edgeId: edge.id }]));
  return {
    transform: options.transform ?? [0, 0, 1],
    nodesSelectionActive: options.selectionBox ?? false,
    domNode: options.dom,
    nodeLookup: new Map(nodes.map((node) => [node.id, node])),
    edgeLookup: new Map(edges.map((edge) => [edge.id, edge])),
    connectionLookup: new Map(["start", "n1", "end"].map((id) => [id, connections(id)])),
  } as unknown as ReactFlowState<EditorNode, EditorEdge>;
}

const move = [{ type: "position" as const, id: "n1", position: { x: 310, y: 40 }, dragging: true }];

describe("DragPainter", () => {
  let node: FakeElement;
  let e1: FakeElement;
  let e2: FakeElement;
  let dom: ReturnType<typeof fakeDom>;
  beforeEach(() => {
    vi.stubGlobal("CSS", { escape: (value: string) => value });
    node = new FakeElement();
    e1 = new FakeElement([new FakeElement(), new FakeElement()]);
    e2 = new FakeElement([new FakeElement(), new FakeElement()]);
    dom = fakeDom({
      '.react-flow__node[data-id="n1"]': node,
      '.react-flow__edge[data-id="e1"]': e1,
      '.react-flow__edge[data-id="e2"]': e2,
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("places the node as React Flow does and draws its edges' paths (both the visible and the interaction path)", () => {
    const painter = new DragPainter();
    painter.synced([0, 0, 1]);
    expect(painter.paint(move, state({ dom }), null)).toBe(true);
    expect(node.style.transform).toBe("translate(310px,40px)");
    const moved = internalNode("n1", 310, 40, true);
    const toN1 = edgePathData(internalNode("start", 0, 0, false), moved, null, null);
    const fromN1 = edgePathData(moved, internalNode("end", 600, 0, false), null, null);
    // start's handle (246, 32) to n1's at (304, 72); n1's (556, 72) to end's (594, 32)
    expect(toN1).toBe("M246,32 C275,32 275,72 304,72");
    expect(fromN1).toBe("M556,72 C575,72 575,32 594,32");
    expect(e1.paths.map((path) => path.attributes.get("d"))).toEqual([toN1, toN1]);
    expect(e2.paths.map((path) => path.attributes.get("d"))).toEqual([fromN1, fromN1]);
  });

  it("leaves to React Flow's store a drag's first move, a move after the view changed, and a shown selection box, changing nothing", () => {
    const painter = new DragPainter();
    expect(painter.paint(move, state({ dom }), null)).toBe(false);
    painter.synced([0, 0, 1]);
    expect(painter.paint(move, state({ dom, dragging: false }), null)).toBe(false);
    expect(painter.paint(move, state({ dom, transform: [-40, 0, 1] }), null)).toBe(false);
    expect(painter.paint(move, state({ dom, selectionBox: true }), null)).toBe(false);
    expect(node.style.transform).toBe("");
    expect(e1.paths[0].attributes.size).toBe(0);
  });

  it("changes nothing when the dragged node has no element, or an edge is not React Flow's default", () => {
    const painter = new DragPainter();
    painter.synced([0, 0, 1]);
    expect(painter.paint([{ ...move[0], id: "end" }], state({ dom }), null)).toBe(false);
    edges[1].type = "smoothstep";
    try {
      expect(painter.paint(move, state({ dom }), null)).toBe(false);
    } finally {
      delete edges[1].type;
    }
    expect(node.style.transform).toBe("");
    expect(e1.paths[0].attributes.size).toBe(0);
  });

  it("draws the overview layer's moving path from its geometry (the zoomed-out shell's handles), and an edge not rendered at the drop", () => {
    const painter = new DragPainter();
    painter.synced([0, 0, 1]);
    const cache = new OverviewEdgePathCache();
    const s = state({ dom });
    cache.update(edges, s.nodeLookup);
    const moving = new FakeElement();
    const overviewDom = fakeDom({
      '.react-flow__node[data-id="n1"]': node,
      'path[data-overview-edges="moving"]': moving,
    });
    expect(painter.paint(move, state({ dom: overviewDom }), cache)).toBe(true);
    // start's source anchor (242, 32) to n1's target anchor at (328, 72); n1's (552, 72) to end's (618, 32)
    expect(moving.attributes.get("d")).toBe("M242,32 C285,32 285,72 328,72M552,72 C585,72 585,32 618,32");
    expect(node.style.transform).toBe("translate(310px,40px)");
  });
});
