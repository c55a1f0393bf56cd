import { Position } from "@xyflow/react";
import { describe, expect, it } from "vitest";
import { type AnchoredNode, edgePathData, OverviewEdgePathCache, type OverviewEdgePaths } from "./overview-edge-paths";
import { REVEALED_CLASS } from "./overview-flow-nodes";
import type { EditorEdge } from "./types";

/** A node as React Flow measures the compact/overview shells: 12 px handles half outside its left and right sides. */
function node(x: number, y: number, sources: Array<string | null> = [null], dragging = false): AnchoredNode {
  return {
    dragging,
    internals: {
      positionAbsolute: { x, y },
      handleBounds: {
        source: sources.map((id, index) => ({ id, x: 234, y: 26 + index * 20, width: 12, height: 12, position: Position.Right })),
        target: [{ id: null, x: -6, y: 26, width: 12, height: 12, position: Position.Left }],
      },
    },
  };
}

/** The idle chunks' path data, in order. */
const idleOf = (paths: OverviewEdgePaths) => paths.idle.map((chunk) => chunk.d).join("");

const edge = (id: string, source: string, target: string, extra: Partial<EditorEdge> = {}): EditorEdge => ({
  id,
  source,
  target,
  sourceHandle: null,
  targetHandle: null,
  ...extra,
});

describe("edgePathData", () => {
  it("draws React Flow's bezier from the middle of the source handle's right side to the target handle's left side", () => {
    // (246, 32) → (294, 172); each control point half the horizontal distance (24) out of its handle
    expect(edgePathData(node(0, 0), node(300, 140), null, null)).toBe("M246,32 C270,32 270,172 294,172");
  });

  it("starts at the named source handle", () => {
    expect(edgePathData(node(0, 0, ["yes", "default"]), node(300, 0), "default", null)).toBe("M246,52 C270,52 270,32 294,32");
  });

  it("bends out of a handle when the target is behind the source, as React Flow does", () => {
    // the target 312 px behind the source: each control point 0.25 * 25 * sqrt(312) out of its handle
    const path = edgePathData(node(0, 0), node(-60, 0), null, null);
    expect(path).toBe(`M246,32 C${246 + 0.25 * 25 * Math.sqrt(312)},32 ${-66 - 0.25 * 25 * Math.sqrt(312)},32 -66,32`);
  });

  it("is null when a handle does not exist or is not measured yet", () => {
    expect(edgePathData(node(0, 0, ["yes"]), node(300, 0), "no", null)).toBeNull();
    expect(edgePathData(node(0, 0), { internals: { positionAbsolute: { x: 300, y: 0 } } }, null, null)).toBeNull();
  });
});

describe("OverviewEdgePathCache", () => {
  const edges = [edge("e1", "a", "b"), edge("e2", "b", "c"), edge("e3", "a", "c", { selected: true })];

  it("joins the unselected edges into the idle path and returns the same paths while nothing changes", () => {
    const cache = new OverviewEdgePathCache();
    const lookup = new Map([
      ["a", node(0, 0)],
      ["b", node(300, 0)],
      ["c", node(600, 0)],
    ]);
    const first = cache.update(edges, lookup);
    expect(first).toEqual({
      idle: [{ key: 0, d: "M246,32 C270,32 270,32 294,32M546,32 C570,32 570,32 594,32" }],
      moving: "",
    });
    expect(cache.update(edges, new Map(lookup))).toBe(first);
  });

  it("moves the edges of a dragged node to the moving path and keeps the idle path's string", () => {
    const cache = new OverviewEdgePathCache();
    const a = node(0, 0);
    const c = node(600, 0);
    const withD = [...edges, edge("e4", "c", "d")];
    cache.update(
      withD,
      new Map([
        ["a", a],
        ["b", node(300, 0)],
        ["c", c],
        ["d", node(900, 0)],
      ]),
    );
    const dragged = cache.update(
      withD,
      new Map([
        ["a", a],
        ["b", node(300, 100, [null], true)],
        ["c", c],
        ["d", node(900, 0)],
      ]),
    );
    expect(dragged).toEqual({
      idle: [{ key: 0, d: "M846,32 C870,32 870,32 894,32" }],
      moving: "M246,32 C270,32 270,132 294,132M546,132 C570,132 570,32 594,32",
    });
    const further = cache.update(
      withD,
      new Map([
        ["a", a],
        ["b", node(300, 120, [null], true)],
        ["c", c],
        ["d", node(900, 0)],
      ]),
    );
    expect(further.idle).toBe(dragged.idle);
    expect(further.moving).toBe("M246,32 C270,32 270,152 294,152M546,152 C570,152 570,32 594,32");
  });

  it("keeps the edges of the nodes React Flow shows (under the pointer, selected) in the moving path, so a drag of one leaves the idle path alone", () => {
    const cache = new OverviewEdgePathCache();
    const withD = [...edges, edge("e4", "c", "d")];
    const a = node(0, 0);
    const c = node(600, 0);
    const d = { ...node(900, 0), selected: true };
    const lookup = (b: AnchoredNode) =>
      new Map([
        ["a", a],
        ["b", b],
        ["c", c],
        ["d", d],
      ]);
    const hovered = cache.update(withD, lookup({ ...node(300, 0), className: REVEALED_CLASS }));
    expect(hovered).toEqual({
      idle: [],
      moving: "M246,32 C270,32 270,32 294,32M546,32 C570,32 570,32 594,32M846,32 C870,32 870,32 894,32",
    });
    // the drag's first move: b is dragging, and still carries the class React Flow was given
    const dragged = cache.update(withD, lookup({ ...node(300, 100, [null], true), className: REVEALED_CLASS }));
    expect(dragged.idle).toBe(hovered.idle);
    expect(dragged.moving).toBe("M246,32 C270,32 270,132 294,132M546,132 C570,132 570,32 594,32M846,32 C870,32 870,32 894,32");
    // painted: b's edges follow it, d's (selected, not moved) stay in the path
    expect(cache.movingPath(new Map([["b", { x: 300, y: 120 }]]))).toBe(
      "M246,32 C270,32 270,152 294,152M546,152 C570,152 570,32 594,32M846,32 C870,32 870,32 894,32",
    );
  });

  it("draws the moving path with dragged nodes at given positions, as update would with them there (a painted drag)", () => {
    const cache = new OverviewEdgePathCache();
    const withD = [...edges, edge("e4", "c", "d")];
    const at = (bY: number, dragging: boolean) =>
      new Map([
        ["a", node(0, 0)],
        ["b", node(300, bY, [null], dragging)],
        ["c", node(600, 0)],
        ["d", node(900, 0)],
      ]);
    cache.update(withD, at(100, true));
    // b painted at y 120 while React Flow's store still has it at 100; e3 is selected (React Flow draws it), e4 is not b's
    expect(cache.movingPath(new Map([["b", { x: 300, y: 120 }]]))).toBe("M246,32 C270,32 270,152 294,152M546,152 C570,152 570,32 594,32");
    expect(cache.movingPath(new Map([["b", { x: 300, y: 120 }]]))).toBe(new OverviewEdgePathCache().update(withD, at(120, true)).moving);
    // nothing moved: the moving path as React Flow's store has it
    expect(cache.movingPath(new Map())).toBe(cache.update(withD, at(100, true)).moving);
  });

  it("splits the idle edges by their source node's chunk and joins again only the chunk whose edges changed", () => {
    const cache = new OverviewEdgePathCache();
    const chained = [edge("e1", "a", "b"), edge("e2", "b", "c"), edge("e3", "c", "d")];
    // a at x 0 and b at x 1200 are in chunk 0 (x 0–1500); c at x 1800 in chunk 1 (x 1500–3000, key 100003)
    const a = node(0, 0);
    const b = node(1200, 0);
    const lookup = (c: AnchoredNode, d: AnchoredNode) =>
      new Map([
        ["a", a],
        ["b", b],
        ["c", c],
        ["d", d],
      ]);
    const d = node(3300, 0);
    const before = cache.update(chained, lookup(node(1800, 0), d));
    expect(before.idle.map((chunk) => chunk.key)).toEqual([0, 100_003]);
    expect(before.idle[0].d).toBe("M246,32 C720,32 720,32 1194,32M1446,32 C1620,32 1620,32 1794,32");
    expect(before.idle[1].d).toBe("M2046,32 C2670,32 2670,32 3294,32");
    // c moves: e2 (from b, chunk 0) and e3 (from c, chunk 1) change, so both chunks do
    const c = node(1800, 100);
    const moved = cache.update(chained, lookup(c, d));
    expect(moved.idle[0].d).toBe("M246,32 C720,32 720,32 1194,32M1446,32 C1620,32 1620,132 1794,132");
    expect(moved.idle[1].d).toBe("M2046,132 C2670,132 2670,32 3294,32");
    // d moves: only e3 (chunk 1) changes; chunk 0 is the same object
    const dMoved = cache.update(chained, lookup(c, node(3300, 40)));
    expect(dMoved.idle[0]).toBe(moved.idle[0]);
    expect(dMoved.idle[1].d).toBe("M2046,132 C2670,132 2670,72 3294,72");
    // c moves into chunk 2 (x 3000–4500): e3 moves there from chunk 1, which is left empty and goes
    const far = cache.update(chained, lookup(node(3100, 100), node(3300, 40)));
    expect(far.idle.map((chunk) => chunk.key)).toEqual([0, 200_006]);
  });

  it("leaves out edges to nodes React Flow does not have", () => {
    expect(new OverviewEdgePathCache().update([edge("e1", "a", "gone")], new Map([["a", node(0, 0)]]))).toEqual({ idle: [], moving: "" });
  });

  it("keeps drawing an edge with the handles last measured when React Flow forgets a hidden node's handles", () => {
    const cache = new OverviewEdgePathCache();
    const edges = [edge("e1", "a", "b")];
    const measured = cache.update(
      edges,
      new Map([
        ["a", node(0, 0)],
        ["b", node(300, 140)],
      ]),
    );
    expect(idleOf(measured)).toBe("M246,32 C270,32 270,172 294,172");
    // React Flow stopped rendering b (hidden) and dropped its handles: a new internal node without them
    const forgotten: AnchoredNode = { internals: { positionAbsolute: { x: 300, y: 140 } } };
    expect(
      idleOf(
        cache.update(
          edges,
          new Map([
            ["a", node(0, 0)],
            ["b", forgotten],
          ]),
        ),
      ),
    ).toBe("M246,32 C270,32 270,172 294,172");
    // a node never measured has no edge yet
    expect(
      new OverviewEdgePathCache().update(
        edges,
        new Map([
          ["a", node(0, 0)],
          ["b", forgotten],
        ]),
      ).idle,
    ).toEqual([]);
  });
});
