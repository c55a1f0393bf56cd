"use client";

import { useLayoutEffect, useRef, useState } from "react";
import { type GraphIssue, validateGraph } from "@/lib/workflow/validate";
import { toStoredGraph } from "../graph-convert";
import type { NodeStatusStore } from "../node-status-store";
import type { EditorGraph } from "../types";

/** A check that took at most this long runs again right away on the next change (ms). */
const CHEAP_MS = 4;
/** Otherwise it waits for this quiet time after the last change (a large graph, typing), ms. */
const DEBOUNCE_MS = 150;

/**
 * Live validation (spec §4) with `validateGraph`, off the drag path: it runs when the graph's structure
 * or data changes (`structureVersion`; moves, selection and drags do not count), over the graph as it is
 * then. When checks are cheap (most graphs) it runs before the browser paints the change, so the problems
 * list and the node badges never show the graph as it was one change earlier; when a check is expensive
 * (a graph of hundreds of nodes) it waits for a short quiet time instead. The graph the editor opens with
 * is not checked again when `initial` (the server's check of the stored draft) is given; otherwise its
 * check runs just after the editor first paints. Issues go to the node status store (badges) and come
 * back for the problems list; null until the first check has run.
 */
export function useGraphValidation(
  getGraph: () => EditorGraph,
  structureVersion: number,
  store: NodeStatusStore,
  initial?: GraphIssue[],
): GraphIssue[] | null {
  const [issues, setIssues] = useState<GraphIssue[] | null>(initial ?? null);
  const lastCostMs = useRef(Number.POSITIVE_INFINITY);
  const [opening] = useState(initial);
  useLayoutEffect(() => {
    if (structureVersion === 0 && opening) {
      store.setIssues(opening);
      return;
    }
    const check = () => {
      const started = performance.now();
      const { nodes, edges } = getGraph();
      const next = validateGraph(toStoredGraph(nodes, edges));
      lastCostMs.current = performance.now() - started;
      store.setIssues(next);
      setIssues(next);
    };
    if (structureVersion > 0 && lastCostMs.current <= CHEAP_MS) {
      check();
      return;
    }
    const timer = setTimeout(check, structureVersion === 0 ? 0 : DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [structureVersion, getGraph, store, opening]);
  return issues;
}
