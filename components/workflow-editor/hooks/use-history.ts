"use client";

import { useCallback, useRef, useState } from "react";
import type { EditorGraph } from "../types";

const LIMIT = 100;
/** Edits with the same key within this time are one undo step (typing in a field). */
const COALESCE_MS = 1200;

function strip(graph: EditorGraph): EditorGraph {
  return {
    nodes: graph.nodes.map(({ selected: _selected, dragging: _dragging, ...node }) => node),
    edges: graph.edges.map(({ selected: _selected, ...edge }) => edge),
  };
}

/**
 * Undo/redo over whole-graph snapshots (nodes and edges; selection is not history). `record` is called
 * with the graph as it was *before* a change; a burst of changes with the same `coalesceKey` records once.
 */
export function useHistory() {
  const past = useRef<EditorGraph[]>([]);
  const future = useRef<EditorGraph[]>([]);
  const last = useRef<{ key: string; at: number } | null>(null);
  const [counts, setCounts] = useState({ undo: 0, redo: 0 });
  const sync = useCallback(() => setCounts({ undo: past.current.length, redo: future.current.length }), []);

  const record = useCallback(
    (before: EditorGraph, coalesceKey?: string) => {
      const now = Date.now();
      if (coalesceKey && last.current?.key === coalesceKey && now - last.current.at < COALESCE_MS) {
        last.current.at = now;
        return;
      }
      last.current = coalesceKey ? { key: coalesceKey, at: now } : null;
      past.current.push(strip(before));
      if (past.current.length > LIMIT) past.current.shift();
      future.current = [];
      sync();
    },
    [sync],
  );

  const undo = useCallback(
    (current: EditorGraph): EditorGraph | null => {
      const previous = past.current.pop();
      if (!previous) return null;
      future.current.push(strip(current));
      last.current = null;
      sync();
      return previous;
    },
    [sync],
  );

  const redo = useCallback(
    (current: EditorGraph): EditorGraph | null => {
      const next = future.current.pop();
      if (!next) return null;
      past.current.push(strip(current));
      last.current = null;
      sync();
      return next;
    },
    [sync],
  );

  return { record, undo, redo, canUndo: counts.undo > 0, canRedo: counts.redo > 0 };
}
