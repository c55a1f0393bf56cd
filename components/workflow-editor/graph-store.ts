"use client";

/**
 * The graph being edited, held outside React state. React Flow's canvas subscribes to all of it; the rest
 * of the editor subscribes to small derived values (the selection, whether START exists) that a drag does
 * not change, so moving a node re-renders the canvas alone, not the whole editor (React Flow's guidance:
 * no whole-graph re-render on drag).
 */
import { useCallback, useRef, useSyncExternalStore } from "react";
import type { EditorGraph } from "./types";

export class GraphStore {
  private graph: EditorGraph;
  private readonly listeners = new Set<() => void>();
  private moving = false;

  constructor(initial: EditorGraph) {
    this.graph = initial;
  }

  /** The current graph (the same object until the next `set`). */
  readonly get = (): EditorGraph => this.graph;

  /** Replaces the graph and notifies subscribers (nothing happens for the same object). */
  set(next: EditorGraph): void {
    // a change committed while a node is held (Ctrl+A, a run's status resizing a node) leaves the drag in
    // progress: its nodes are still `dragging` until the drop
    this.moving &&= next.nodes.some((node) => node.dragging === true);
    if (next === this.graph) return;
    this.graph = next;
    for (const listener of this.listeners) listener();
  }

  /**
   * Replaces the graph without notifying subscribers: for the positions of a drag in progress, which the
   * canvas draws from React Flow's own store (canvas.tsx) instead of re-rendering from this one on every
   * pointer move. Whatever reads the graph meanwhile (`get`, a render for another reason) sees the current
   * positions; the drop's `set` notifies.
   */
  setQuietly(next: EditorGraph): void {
    this.graph = next;
    this.moving = true;
  }

  /** True between a drag's first quiet move (`setQuietly`) and the `set` of its drop (no node `dragging`). */
  readonly isMoving = (): boolean => this.moving;

  /** Calls `listener` after every change; returns the unsubscribe function. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
}

/** The whole graph; re-renders on every change (the canvas only). */
export function useGraph(store: GraphStore): EditorGraph {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/**
 * A value derived from the graph by `select` (a stable, module-level function); the component re-renders
 * only when `isEqual` says the value changed.
 */
export function useGraphSelector<T>(store: GraphStore, select: (graph: EditorGraph) => T, isEqual: (a: T, b: T) => boolean = Object.is): T {
  const cache = useRef<{ graph: EditorGraph; value: T } | null>(null);
  const getSnapshot = useCallback(() => {
    const graph = store.get();
    const cached = cache.current;
    if (cached?.graph === graph) return cached.value;
    const value = select(graph);
    if (cached && isEqual(cached.value, value)) {
      cache.current = { graph, value: cached.value };
      return cached.value;
    }
    cache.current = { graph, value };
    return value;
  }, [store, select, isEqual]);
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}

/** What the editor around the canvas needs to know of the graph; a drag changes none of it. */
export interface GraphSummary {
  /** The one selected node (id, type, data), or null when none or several are selected. */
  selected: { id: string; type: EditorGraph["nodes"][number]["type"]; data: Record<string, unknown>; pinned: unknown } | null;
  hasSelection: boolean;
  hasStart: boolean;
  nodeCount: number;
}

/** The graph's summary (one pass over nodes and edges). */
export function summarizeGraph(graph: EditorGraph): GraphSummary {
  let selected: GraphSummary["selected"] = null;
  let selectedCount = 0;
  let hasStart = false;
  for (const node of graph.nodes) {
    if (node.type === "START") hasStart = true;
    if (node.selected) {
      selectedCount += 1;
      selected = { id: node.id, type: node.type, data: node.data, pinned: node.pinned_outputs };
    }
  }
  return {
    selected: selectedCount === 1 ? selected : null,
    hasSelection: selectedCount > 0 || graph.edges.some((edge) => edge.selected),
    hasStart,
    nodeCount: graph.nodes.length,
  };
}

/** Equal summaries: same selected node id, type, data and pins objects, same flags. */
export function sameSummary(a: GraphSummary, b: GraphSummary): boolean {
  return (
    a.selected?.id === b.selected?.id &&
    a.selected?.type === b.selected?.type &&
    a.selected?.data === b.selected?.data &&
    a.selected?.pinned === b.selected?.pinned &&
    a.hasSelection === b.hasSelection &&
    a.hasStart === b.hasStart &&
    a.nodeCount === b.nodeCount
  );
}
