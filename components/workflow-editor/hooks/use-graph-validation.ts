"use client";

import { useEffect, useRef, useState } from "react";
import { type GraphIssue, validateGraph } from "@/lib/workflow/validate";
import { toStoredGraph } from "../graph-convert";
import type { NodeStatusStore } from "../node-status-store";
import type { EditorGraph } from "../types";

const DEBOUNCE_MS = 250;

/**
 * Live validation (spec §4): `validateGraph` runs shortly after the graph's structure or data changes
 * (`structureVersion`; moves do not count), the issues go to the node status store (node badges) and
 * come back for the problems list.
 */
export function useGraphValidation(getGraph: () => EditorGraph, structureVersion: number, store: NodeStatusStore): GraphIssue[] {
  const [issues, setIssues] = useState<GraphIssue[]>(() => {
    const { nodes, edges } = getGraph();
    return validateGraph(toStoredGraph(nodes, edges));
  });
  const first = useRef(issues);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-validate when the structure version moves
  useEffect(() => {
    if (structureVersion === 0) {
      store.setIssues(first.current);
      return;
    }
    const timer = setTimeout(() => {
      const { nodes, edges } = getGraph();
      const next = validateGraph(toStoredGraph(nodes, edges));
      store.setIssues(next);
      setIssues(next);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [structureVersion, store]);
  return issues;
}
