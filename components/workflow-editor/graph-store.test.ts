import { describe, expect, it } from "vitest";
import { GraphStore, sameSummary, summarizeGraph } from "./graph-store";
import { isDragMove } from "./hooks/use-editor-graph";
import type { EditorGraph, EditorNode } from "./types";

const node = (id: string, type: EditorNode["type"], extra: Partial<EditorNode> = {}): EditorNode => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data: { title: id },
  ...extra,
});

describe("graph store", () => {
  it("notifies subscribers of a new graph, not of the same one, and stops after unsubscribing", () => {
    const first: EditorGraph = { nodes: [], edges: [] };
    const store = new GraphStore(first);
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });
    store.set(first);
    store.set({ nodes: [node("start", "START")], edges: [] });
    unsubscribe();
    store.set({ nodes: [], edges: [] });
    expect(calls).toBe(1);
    expect(store.get().nodes).toEqual([]);
  });

  it("takes a drag's positions quietly: get returns them, no subscriber is called until the next set", () => {
    const store = new GraphStore({ nodes: [node("start", "START")], edges: [] });
    let calls = 0;
    store.subscribe(() => {
      calls += 1;
    });
    const moved: EditorGraph = { nodes: [node("start", "START", { position: { x: 40, y: 20 }, dragging: true })], edges: [] };
    expect(store.isMoving()).toBe(false);
    store.setQuietly(moved);
    expect(store.get()).toBe(moved);
    expect(calls).toBe(0);
    expect(store.isMoving()).toBe(true);
    store.set({ nodes: [node("start", "START", { position: { x: 40, y: 20 }, dragging: false })], edges: [] });
    expect(calls).toBe(1);
    expect(store.isMoving()).toBe(false);
  });

  it("is still moving after a change committed while the node is held (Ctrl+A mid-drag), until the drop", () => {
    const store = new GraphStore({ nodes: [node("start", "START")], edges: [] });
    store.setQuietly({ nodes: [node("start", "START", { position: { x: 40, y: 20 }, dragging: true })], edges: [] });
    store.set({ nodes: [node("start", "START", { position: { x: 40, y: 20 }, dragging: true, selected: true })], edges: [] });
    expect(store.isMoving()).toBe(true);
    store.set({ nodes: [node("start", "START", { position: { x: 50, y: 20 }, dragging: false, selected: true })], edges: [] });
    expect(store.isMoving()).toBe(false);
    // a graph set while nothing is moving does not start a drag, even with a node marked dragging
    store.set({ nodes: [node("start", "START", { dragging: true })], edges: [] });
    expect(store.isMoving()).toBe(false);
  });

  it("tells a drag's pointer move from its drop and from other changes", () => {
    const move = { id: "a", type: "position" as const, position: { x: 1, y: 2 }, dragging: true };
    expect(isDragMove([move, { ...move, id: "b" }])).toBe(true);
    expect(isDragMove([{ ...move, dragging: false }])).toBe(false);
    expect(isDragMove([move, { id: "a", type: "select", selected: true }])).toBe(false);
    expect(isDragMove([{ id: "a", type: "position", position: { x: 1, y: 2 } }])).toBe(false);
    expect(isDragMove([])).toBe(false);
  });

  it("summarises the selection and flags; a moved node does not change the summary", () => {
    const llm = node("llm", "LLM", { selected: true });
    const graph: EditorGraph = { nodes: [node("start", "START"), llm], edges: [] };
    const summary = summarizeGraph(graph);
    expect(summary).toEqual({
      selected: { id: "llm", type: "LLM", data: llm.data, pinned: undefined },
      hasSelection: true,
      hasStart: true,
      nodeCount: 2,
    });
    const moved = summarizeGraph({ nodes: [graph.nodes[0], { ...llm, position: { x: 50, y: 9 } }], edges: [] });
    expect(sameSummary(summary, moved)).toBe(true);
    const edited = summarizeGraph({ nodes: [graph.nodes[0], { ...llm, data: { title: "changed" } }], edges: [] });
    expect(sameSummary(summary, edited)).toBe(false);
    const pinned = summarizeGraph({ nodes: [graph.nodes[0], { ...llm, pinned_outputs: { text: "x" } }], edges: [] });
    expect(sameSummary(summary, pinned)).toBe(false);
  });

  it("has no single selected node when two are selected, and counts a selected edge as a selection", () => {
    const two = summarizeGraph({ nodes: [node("a", "LLM", { selected: true }), node("b", "LLM", { selected: true })], edges: [] });
    expect([two.selected, two.hasSelection, two.hasStart]).toEqual([null, true, false]);
    const edgeOnly = summarizeGraph({
      nodes: [node("a", "LLM"), node("b", "END")],
      edges: [{ id: "e", source: "a", target: "b", selected: true }],
    });
    expect([edgeOnly.selected, edgeOnly.hasSelection]).toEqual([null, true]);
  });
});
