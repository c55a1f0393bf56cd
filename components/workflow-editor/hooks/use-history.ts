"use client";

import { useCallback, useState } from "react";
import type { EditorGraph } from "../types";

/** Undo steps kept; the oldest goes first. */
export const HISTORY_LIMIT = 100;
/** Edits with the same key within this time are one undo step (typing in a field), ms. */
export const COALESCE_MS = 1200;

/** `graph` without selection and drag state (not history): what a snapshot restores. */
function strip(graph: EditorGraph): EditorGraph {
  return {
    nodes: graph.nodes.map(({ selected: _selected, dragging: _dragging, ...node }) => node),
    edges: graph.edges.map(({ selected: _selected, ...edge }) => edge),
  };
}

/**
 * Undo/redo over whole-graph snapshots (nodes and edges; selection is not history). `record` is called
 * with the graph as it was *before* a change; a burst of changes with the same `coalesceKey` within
 * COALESCE_MS records once. At most HISTORY_LIMIT steps are kept.
 *
 * A snapshot is the graph itself, not a copy: the editor's graph is immutable (every change makes new
 * arrays and new objects for what changed), so recording is O(1), and selection and drag state are
 * stripped only from the snapshot restored. Recording happens on a drag's first move, where copying 1,000
 * nodes cost 1–3 ms in a CPU profile of bench:editor.
 */
export class GraphHistory {
  private readonly past: EditorGraph[] = [];
  private readonly future: EditorGraph[] = [];
  private last: { key: string; at: number } | null = null;

  /** Records `before` as an undo step (none when it coalesces with the last); clears the redo steps. `now` in ms. */
  record(before: EditorGraph, coalesceKey?: string, now = Date.now()): void {
    if (coalesceKey && this.last?.key === coalesceKey && now - this.last.at < COALESCE_MS) {
      this.last.at = now;
      return;
    }
    this.last = coalesceKey ? { key: coalesceKey, at: now } : null;
    this.past.push(before);
    if (this.past.length > HISTORY_LIMIT) this.past.shift();
    this.future.length = 0;
  }

  /** The graph before the last step (without selection or drag state), keeping `current` to redo; null when there is none. */
  undo(current: EditorGraph): EditorGraph | null {
    return this.step(this.past, this.future, current);
  }

  /** The graph the last undo left (without selection or drag state), keeping `current` to undo; null when there is none. */
  redo(current: EditorGraph): EditorGraph | null {
    return this.step(this.future, this.past, current);
  }

  /** Takes the last graph of `from`, keeping `current` in `to`: an undo or a redo. */
  private step(from: EditorGraph[], to: EditorGraph[], current: EditorGraph): EditorGraph | null {
    const graph = from.pop();
    if (!graph) return null;
    to.push(current);
    this.last = null;
    return strip(graph);
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }
}

/**
 * `restored` (a graph undo or redo gives back, without selection) with what is selected in `current` still
 * selected where it still exists: selection is not history, so an undo does not close the side panel of
 * the node being edited. Nodes and edges not selected are returned as they are.
 */
export function keepSelection(restored: EditorGraph, current: EditorGraph): EditorGraph {
  const nodes = new Set(current.nodes.filter((node) => node.selected).map((node) => node.id));
  const edges = new Set(current.edges.filter((edge) => edge.selected).map((edge) => edge.id));
  if (nodes.size === 0 && edges.size === 0) return restored;
  return {
    nodes: restored.nodes.map((node) => (nodes.has(node.id) ? { ...node, selected: true } : node)),
    edges: restored.edges.map((edge) => (edges.has(edge.id) ? { ...edge, selected: true } : edge)),
  };
}

/** A GraphHistory for a component, with whether there is anything to undo and to redo as state. */
export function useHistory() {
  const [history] = useState(() => new GraphHistory());
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);
  // booleans, not counts: a step recorded when there was already one to undo (usually, a drag's first
  // move) changes no state, so the editor around the canvas does not render again in that frame
  const sync = useCallback(() => {
    setCanUndo(history.canUndo);
    setCanRedo(history.canRedo);
  }, [history]);

  const record = useCallback(
    (before: EditorGraph, coalesceKey?: string) => {
      history.record(before, coalesceKey);
      sync();
    },
    [history, sync],
  );

  const undo = useCallback(
    (current: EditorGraph): EditorGraph | null => {
      const previous = history.undo(current);
      sync();
      return previous;
    },
    [history, sync],
  );

  const redo = useCallback(
    (current: EditorGraph): EditorGraph | null => {
      const next = history.redo(current);
      sync();
      return next;
    },
    [history, sync],
  );

  return { record, undo, redo, canUndo, canRedo };
}
