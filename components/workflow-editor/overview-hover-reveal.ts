"use client";

import { useStoreApi } from "@xyflow/react";
import { type RefObject, useEffect } from "react";
import { nodeAt } from "./overview-node-boxes";
import type { EditorEdge, EditorNode } from "./types";

/** The attribute that shows a node element the overview hides (overview.css). */
export const REVEALED_ATTRIBUTE = "data-revealed";

/**
 * In the overview, React Flow's node elements are hidden and the node layer draws the boxes
 * (OverviewNodeLayer); this shows the element of the node under the pointer, so pointing at a box and
 * pressing, clicking or dragging reaches React Flow's node as before (its cursor and title too). It finds
 * the node from the pointer's position and React Flow's measured node boxes, on pointer moves with no
 * button held; the node being dragged stays shown by React Flow's `dragging` class.
 *
 * `container` is the element the canvas is in; `enabled` while the overview is shown.
 */
export function useOverviewHoverReveal(container: RefObject<HTMLElement | null>, enabled: boolean): void {
  const storeApi = useStoreApi<EditorNode, EditorEdge>();
  useEffect(() => {
    const element = container.current;
    if (!enabled || !element) return;
    let revealedId: string | null = null;
    let revealed: Element | null = null;
    const reveal = (id: string | null) => {
      if (id === revealedId && (revealed === null || revealed.isConnected)) return;
      revealed?.removeAttribute(REVEALED_ATTRIBUTE);
      const domNode = storeApi.getState().domNode;
      revealed = id && domNode ? domNode.querySelector(`.react-flow__node[data-id="${CSS.escape(id)}"]`) : null;
      revealed?.setAttribute(REVEALED_ATTRIBUTE, "");
      revealedId = id;
    };
    const onPointerMove = (event: PointerEvent) => {
      if (event.buttons !== 0) return;
      const { domNode, transform, nodeLookup } = storeApi.getState();
      if (!domNode) return;
      const bounds = domNode.getBoundingClientRect();
      const [panX, panY, zoom] = transform;
      reveal(nodeAt(nodeLookup, (event.clientX - bounds.left - panX) / zoom, (event.clientY - bounds.top - panY) / zoom));
    };
    const onPointerLeave = () => reveal(null);
    element.addEventListener("pointermove", onPointerMove, { passive: true });
    element.addEventListener("pointerleave", onPointerLeave);
    return () => {
      element.removeEventListener("pointermove", onPointerMove);
      element.removeEventListener("pointerleave", onPointerLeave);
      reveal(null);
    };
  }, [container, enabled, storeApi]);
}
