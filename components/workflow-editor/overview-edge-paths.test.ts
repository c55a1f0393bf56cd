import { Position } from "@xyflow/react";
import { describe, expect, it } from "vitest";
import { type AnchoredNode, edgePathData, OverviewEdgePathCache, type OverviewEdgePaths } from "./overview-edge-paths";
import { REVEALED_CLASS } from "./overview-flow-nodes";
import type { EditorEdge } from "./types";

/** A node with measured handles (edgePathData reads them): 12 px handles half outside its left and right sides. */
function measured(x: number, y: number, sources: Array<string | null> = [null]): AnchoredNode {
  return {
    internals: {
      positionAbsolute: { x, y },
      handleBounds: {
        source: sources.map((id, index) => ({ id, x: 234, y: 26 + index * 20, width: 12, height: 12, position: Position.Right })),
        target: [{ id: null, x: -6, y: 26, width: 12, height: 12, position: Position.Left }],
      },
    },
  };
}

/**
 * An LLM node as the layer sees it: its type and config, which give it the zoomed-out shell's handles
 * (target anchor at (18, 32) from its top left corner, the one source anchor at (242, 32)), and no measured
 * handles (React Flow forgets those of a node it no longer renders).
 */
function node(x: number, y: number, dragging = false): AnchoredNode {
  return { type: "LLM", data: {}, dragging, internals: { positionAbsolute: { x, y } } };
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
    expect(edgePathData(measured(0, 0), measured(300, 140), null, null)).toBe("M246,32 C270,32 270,172 294,172");
  });

  it("starts at the named source handle", () => {
    expect(edgePathData(measured(0, 0, ["yes", "default"]), measured(300, 0), "default", null)).toBe("M246,52 C270,52 270,32 294,32");
  });

  it("bends out of a handle when the target is behind the source, as React Flow does", () => {
    // the target 312 px behind the source: each control point 0.25 * 25 * sqrt(312) out of its handle
    const path = edgePathData(measured(0, 0), measured(-60, 0), null, null);
    expect(path).toBe(`M246,32 C${246 + 0.25 * 25 * Math.sqrt(312)},32 ${-66 - 0.25 * 25 * Math.sqrt(312)},32 -66,32`);
  });

  it("is null when a handle does not exist or is not measured yet", () => {
    expect(edgePathData(measured(0, 0, ["yes"]), measured(300, 0), "no", null)).toBeNull();
    expect(edgePathData(measured(0, 0), { internals: { positionAbsolute: { x: 300, y: 0 } } }, null, null)).toBeNull();
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
      idle: [{ key: 0, d: "M242,32 C280,32 280,32 318,32M542,32 C580,32 580,32 618,32" }],
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
        ["b", node(300, 100, true)],
        ["c", c],
        ["d", node(900, 0)],
      ]),
    );
    expect(dragged).toEqual({
      idle: [{ key: 0, d: "M842,32 C880,32 880,32 918,32" }],
      moving: "M242,32 C280,32 280,132 318,132M542,132 C580,132 580,32 618,32",
    });
    const further = cache.update(
      withD,
      new Map([
        ["a", a],
        ["b", node(300, 120, true)],
        ["c", c],
        ["d", node(900, 0)],
      ]),
    );
    expect(further.idle).toBe(dragged.idle);
    expect(further.moving).toBe("M242,32 C280,32 280,152 318,152M542,152 C580,152 580,32 618,32");
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
      moving: "M242,32 C280,32 280,32 318,32M542,32 C580,32 580,32 618,32M842,32 C880,32 880,32 918,32",
    });
    // the drag's first move: b is dragging, and still carries the class React Flow was given
    const dragged = cache.update(withD, lookup({ ...node(300, 100, true), className: REVEALED_CLASS }));
    expect(dragged.idle).toBe(hovered.idle);
    expect(dragged.moving).toBe("M242,32 C280,32 280,132 318,132M542,132 C580,132 580,32 618,32M842,32 C880,32 880,32 918,32");
    // painted: b's edges follow it, d's (selected, not moved) stay in the path
    expect(cache.movingPath(new Map([["b", { x: 300, y: 120 }]]))).toBe(
      "M242,32 C280,32 280,152 318,152M542,152 C580,152 580,32 618,32M842,32 C880,32 880,32 918,32",
    );
  });

  it("draws the moving path with dragged nodes at given positions, as update would with them there (a painted drag)", () => {
    const cache = new OverviewEdgePathCache();
    const withD = [...edges, edge("e4", "c", "d")];
    const at = (bY: number, dragging: boolean) =>
      new Map([
        ["a", node(0, 0)],
        ["b", node(300, bY, dragging)],
        ["c", node(600, 0)],
        ["d", node(900, 0)],
      ]);
    cache.update(withD, at(100, true));
    // b painted at y 120 while React Flow's store still has it at 100; e3 is selected (React Flow draws it), e4 is not b's
    expect(cache.movingPath(new Map([["b", { x: 300, y: 120 }]]))).toBe("M242,32 C280,32 280,152 318,152M542,152 C580,152 580,32 618,32");
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
    expect(before.idle[0].d).toBe("M242,32 C730,32 730,32 1218,32M1442,32 C1630,32 1630,32 1818,32");
    expect(before.idle[1].d).toBe("M2042,32 C2680,32 2680,32 3318,32");
    // c moves: e2 (from b, chunk 0) and e3 (from c, chunk 1) change, so both chunks do
    const c = node(1800, 100);
    const moved = cache.update(chained, lookup(c, d));
    expect(moved.idle[0].d).toBe("M242,32 C730,32 730,32 1218,32M1442,32 C1630,32 1630,132 1818,132");
    expect(moved.idle[1].d).toBe("M2042,132 C2680,132 2680,32 3318,32");
    // d moves: only e3 (chunk 1) changes; chunk 0 is the same object
    const dMoved = cache.update(chained, lookup(c, node(3300, 40)));
    expect(dMoved.idle[0]).toBe(moved.idle[0]);
    expect(dMoved.idle[1].d).toBe("M2042,132 C2680,132 2680,72 3318,72");
    // c moves into chunk 2 (x 3000–4500): e3 moves there from chunk 1, which is left empty and goes
    const far = cache.update(chained, lookup(node(3100, 100), node(3300, 40)));
    expect(far.idle.map((chunk) => chunk.key)).toEqual([0, 200_006]);
  });

  it("leaves out edges to nodes React Flow does not have", () => {
    expect(new OverviewEdgePathCache().update([edge("e1", "a", "gone")], new Map([["a", node(0, 0)]]))).toEqual({ idle: [], moving: "" });
  });

  it("draws each edge between the zoomed-out shell's handles of its nodes' types and configs, whatever React Flow measured last", () => {
    const cache = new OverviewEdgePathCache();
    // three source handles (yes, no, default) at 1/4, 2/4 and 3/4 of the shell's 56 px inside its 4 px borders
    const branch: AnchoredNode = {
      type: "CONDITION_BRANCH",
      data: { conditions: [{ id: "yes" }, { id: "no" }] },
      // as React Flow measured it in full detail: three handle rows under the summary
      internals: {
        positionAbsolute: { x: 0, y: 0 },
        handleBounds: { source: [{ id: "default", x: 233, y: 134, width: 12, height: 12, position: Position.Right }], target: null },
      },
    };
    const end: AnchoredNode = { type: "END", data: {}, internals: { positionAbsolute: { x: 300, y: 0 } } };
    const start: AnchoredNode = { type: "START", data: {}, internals: { positionAbsolute: { x: 600, y: 0 } } };
    const lookup = new Map([
      ["branch", branch],
      ["end", end],
      ["start", start],
    ]);
    const edges = [
      edge("yes", "branch", "end", { sourceHandle: "yes" }),
      edge("default", "branch", "end", { sourceHandle: "default" }),
      // START has no target handle and END no source handle: not drawn, as React Flow draws neither
      edge("into start", "end", "start"),
    ];
    expect(idleOf(cache.update(edges, lookup))).toBe("M242,18 C280,18 280,32 318,32M242,46 C280,46 280,32 318,32");
    // a node of no known type has a target handle but no source handle
    const unknown: AnchoredNode = { type: "NOT_A_TYPE", data: {}, internals: { positionAbsolute: { x: 300, y: 100 } } };
    expect(
      idleOf(
        new OverviewEdgePathCache().update(
          [edge("in", "branch", "unknown", { sourceHandle: "no" }), edge("out", "unknown", "end")],
          new Map([...lookup, ["unknown", unknown]]),
        ),
      ),
    ).toBe("M242,32 C280,32 280,132 318,132");
  });
});
