"use client";

import { useStoreApi } from "@xyflow/react";
import { useEffect } from "react";
import { boxesInside } from "./overview-node-boxes";
import type { EditorEdge, EditorNode } from "./types";

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
