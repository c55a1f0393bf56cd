import { describe, expect, it } from "vitest";
import type { EditorGraph, EditorNode } from "../types";
import { COALESCE_MS, GraphHistory, HISTORY_LIMIT, keepSelection } from "./use-history";

function graph(x: number, extra: Partial<EditorNode> = {}): EditorGraph {
  return {
    nodes: [{ id: "a", type: "LLM", position: { x, y: 0 }, data: { title: "A" }, ...extra } as EditorNode],
    edges: [{ id: "e", source: "a", target: "b", sourceHandle: null, targetHandle: null, selected: true }],
  };
}

describe("GraphHistory", () => {
  it("keeps the recorded graph itself and restores it without selection or drag state", () => {
    const history = new GraphHistory();
    const before = graph(0, { selected: true, dragging: true });
    history.record(before);
    // the snapshot is the graph, not a copy
    expect(before.nodes[0].selected).toBe(true);
    const restored = history.undo(graph(50));
    expect(restored).toEqual({
      nodes: [{ id: "a", type: "LLM", position: { x: 0, y: 0 }, data: { title: "A" } }],
      edges: [{ id: "e", source: "a", target: "b", sourceHandle: null, targetHandle: null }],
    });
    expect(restored?.nodes[0].data).toBe(before.nodes[0].data);
    expect(history.canUndo).toBe(false);
    expect(history.canRedo).toBe(true);
    expect(history.redo(graph(0))?.nodes[0].position).toEqual({ x: 50, y: 0 });
    expect(history.canUndo).toBe(true);
    expect(history.canRedo).toBe(false);
  });

  it("has nothing to undo or redo at first, and a new step clears the redo steps", () => {
    const history = new GraphHistory();
    expect(history.undo(graph(0))).toBeNull();
    expect(history.redo(graph(0))).toBeNull();
    history.record(graph(1));
    history.undo(graph(2));
    history.record(graph(3));
    expect(history.canRedo).toBe(false);
    expect(history.undo(graph(4))?.nodes[0].position.x).toBe(3);
    expect(history.undo(graph(3))).toBeNull();
  });

  it("records a burst with the same key within COALESCE_MS once, and the same key later again", () => {
    const history = new GraphHistory();
    history.record(graph(1), "data:a", 1000);
    history.record(graph(2), "data:a", 1000 + COALESCE_MS - 1);
    // the window runs from the last edit of the burst
    history.record(graph(3), "data:a", 1000 + 2 * COALESCE_MS - 2);
    history.record(graph(4), "data:a", 1000 + 3 * COALESCE_MS);
    history.record(graph(5), "data:b", 1000 + 3 * COALESCE_MS + 1);
    expect(history.undo(graph(6))?.nodes[0].position.x).toBe(5);
    expect(history.undo(graph(5))?.nodes[0].position.x).toBe(4);
    expect(history.undo(graph(4))?.nodes[0].position.x).toBe(1);
    expect(history.undo(graph(1))).toBeNull();
  });

  it(`keeps the last ${HISTORY_LIMIT} steps`, () => {
    const history = new GraphHistory();
    for (let x = 0; x < HISTORY_LIMIT + 5; x++) history.record(graph(x));
    const undone: number[] = [];
    for (let step = history.undo(graph(-1)); step; step = history.undo(graph(-1))) undone.push(step.nodes[0].position.x);
    expect(undone.length).toBe(HISTORY_LIMIT);
    expect(undone[0]).toBe(HISTORY_LIMIT + 4);
    expect(undone[HISTORY_LIMIT - 1]).toBe(5);
  });
});

describe("keepSelection", () => {
  it("selects again what is selected now, where it still exists, and leaves the rest as restored", () => {
    const restored: EditorGraph = {
      nodes: [
        { id: "a", type: "LLM", position: { x: 0, y: 0 }, data: {} },
        { id: "b", type: "LLM", position: { x: 9, y: 0 }, data: {} },
      ] as EditorNode[],
      edges: [{ id: "e", source: "a", target: "b" }],
    };
    const current: EditorGraph = {
      nodes: [
        { id: "a", type: "LLM", position: { x: 5, y: 0 }, data: {}, selected: true },
        { id: "gone", type: "LLM", position: { x: 0, y: 0 }, data: {}, selected: true },
      ] as EditorNode[],
      edges: [{ id: "e", source: "a", target: "b", selected: true }],
    };
    const kept = keepSelection(restored, current);
    expect(kept.nodes.map((node) => [node.id, node.position.x, node.selected])).toEqual([
      ["a", 0, true],
      ["b", 9, undefined],
    ]);
    expect(kept.nodes[1]).toBe(restored.nodes[1]);
    expect(kept.edges[0].selected).toBe(true);
    // nothing selected now: the restored graph itself
    expect(keepSelection(restored, restored)).toBe(restored);
  });
});
