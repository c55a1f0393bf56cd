"use client";

import { useStoreApi } from "@xyflow/react";
import { useEffect } from "react";
import type { EditorEdge, EditorNode } from "./types";

/** What the selection reads of one of React Flow's internal nodes (`InternalNode`). */
export interface SelectableNode {
  hidden?: boolean;
  selected?: boolean;
  selectable?: boolean;
  measured?: { width?: number; height?: number };
  internals: { positionAbsolute: { x: number; y: number } };
}

/** React Flow's selection rectangle (`userSelectionRect`): px from the canvas's top left corner. */
export interface SelectionRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The ids of the hidden, unselected, selectable nodes wholly inside `rect` (screen px, converted with the
 * viewport `transform` [x, y, zoom]), in lookup order: the overview's boxes a selection rectangle covers.
 * Wholly inside, as React Flow's default `SelectionMode.Full` selects the nodes it renders.
 */
export function boxesInside(
  nodeLookup: ReadonlyMap<string, SelectableNode>,
  rect: SelectionRect,
  transform: readonly [number, number, number],
): string[] {
  const [panX, panY, zoom] = transform;
  const left = (rect.x - panX) / zoom;
  const top = (rect.y - panY) / zoom;
  const right = left + rect.width / zoom;
  const bottom = top + rect.height / zoom;
  const inside: string[] = [];
  for (const [id, node] of nodeLookup) {
    if (!node.hidden || node.selected || node.selectable === false) continue;
    const width = node.measured?.width ?? 0;
    const height = node.measured?.height ?? 0;
    const { x, y } = node.internals.positionAbsolute;
    if (x >= left && y >= top && x + width <= right && y + height <= bottom) inside.push(id);
  }
  return inside;
}

/**
 * Box selection in the overview. React Flow selects only the nodes it renders, and in the overview the
 * unselected ones are hidden and drawn as boxes (overview-flow-nodes.ts); while a selection rectangle is
 * drawn this selects the boxes it covers too (`select(ids)`). A selected node is React Flow's again, so
 * from the next pointer move React Flow keeps it selected while it stays inside and unselects it when the
 * rectangle leaves it, as for any node. `enabled` while the overview is shown.
 */
export function useOverviewBoxSelection(enabled: boolean, select: (ids: string[]) => void): void {
  const storeApi = useStoreApi<EditorNode, EditorEdge>();
  useEffect(() => {
    if (!enabled) return;
    return storeApi.subscribe((state, previous) => {
      const rect = state.userSelectionRect;
      if (!rect || rect === previous.userSelectionRect) return;
      const ids = boxesInside(state.nodeLookup, rect, state.transform);
      if (ids.length > 0) select(ids);
    });
  }, [enabled, select, storeApi]);
}
