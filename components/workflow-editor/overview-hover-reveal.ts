"use client";

import { useReactFlow, useStoreApi } from "@xyflow/react";
import { type RefObject, useCallback, useEffect } from "react";
import { nodeAt } from "./overview-node-boxes";
import type { EditorEdge, EditorNode } from "./types";

/**
 * A function giving the id of the node whose box is under the pointer at (clientX, clientY) (px, viewport
 * coordinates; React Flow's `screenToFlowPosition` maps them into the flow), from the nodes' measured boxes
 * in React Flow's store; null when none.
 */
export function useNodeUnderPointer(): (clientX: number, clientY: number) => string | null {
  const storeApi = useStoreApi<EditorNode, EditorEdge>();
  const { screenToFlowPosition } = useReactFlow<EditorNode, EditorEdge>();
  return useCallback(
    (clientX: number, clientY: number) => {
      const point = screenToFlowPosition({ x: clientX, y: clientY }, { snapToGrid: false });
      return nodeAt(storeApi.getState().nodeLookup, point.x, point.y);
    },
    [screenToFlowPosition, storeApi],
  );
}

/**
 * In the overview, React Flow renders no element for the nodes the box layer draws (overview-flow-nodes.ts);
 * this finds the node under the pointer so the canvas hands it to React Flow unhidden (`onReveal(id)`), and
 * pressing, clicking or dragging a box reaches React Flow's node as before (its cursor and title too). It
 * finds the node from the pointer's position and the nodes' boxes in React Flow's store (hidden nodes keep
 * their measured size), on pointer moves with no button held, and calls `onReveal` only when the node
 * under the pointer changes (null when none, or when the pointer leaves the canvas; not when the hook
 * is disabled: the canvas forgets the node when it leaves the overview). The dragged node stays
 * React Flow's while it is dragged.
 *
 * `container` is the element the canvas is in; `enabled` while the overview is shown; `onReveal` should
 * render synchronously (flushSync), so a press right after the move finds the node's element.
 */
export function useOverviewHoverReveal(
  container: RefObject<HTMLElement | null>,
  enabled: boolean,
  onReveal: (id: string | null) => void,
): void {
  const nodeUnderPointer = useNodeUnderPointer();
  useEffect(() => {
    const element = container.current;
    if (!enabled || !element) return;
    let revealedId: string | null = null;
    const reveal = (id: string | null) => {
      if (id === revealedId) return;
      revealedId = id;
      onReveal(id);
    };
    const onPointerMove = (event: PointerEvent) => {
      if (event.buttons !== 0) return;
      reveal(nodeUnderPointer(event.clientX, event.clientY));
    };
    const onPointerLeave = () => reveal(null);
    element.addEventListener("pointermove", onPointerMove, { passive: true });
    element.addEventListener("pointerleave", onPointerLeave);
    return () => {
      element.removeEventListener("pointermove", onPointerMove);
      element.removeEventListener("pointerleave", onPointerLeave);
    };
  }, [container, enabled, onReveal, nodeUnderPointer]);
}
