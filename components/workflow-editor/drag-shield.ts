"use client";

import { type RefObject, useCallback, useEffect, useMemo, useRef } from "react";

/**
 * A transparent layer laid over the canvas while nodes are dragged. Chromium hit-tests every pointer move
 * (to find its target and the hovered element), walking the canvas's elements from the top; with 1,000
 * nodes in view that walk took 3–6 ms of every move of a drag (bench:editor, all nodes in view). With the
 * shield on top, each hit test stops at its first element. React Flow's drag listens on the window, so the
 * drag goes on as before; the shield shows the grabbing cursor the dragged node would.
 *
 * The wheel still zooms while a node is held, as on React Flow's own canvas: the shield hands each wheel
 * event on to React Flow's zoom pane (`.react-flow__renderer`, where d3-zoom listens), which zooms about the
 * pointer; the held node follows the pointer again on the next move.
 *
 * `ref` goes on the shield element (hidden until `show`); `show` is called when a drag starts, `hide` when
 * it stops, and the shield also hides itself on the next pointerup or pointercancel anywhere, so a drag
 * React Flow ends without telling (the window losing focus) cannot leave it blocking the canvas.
 */
export function useDragShield(): { ref: RefObject<HTMLDivElement | null>; show: () => void; hide: () => void } {
  const ref = useRef<HTMLDivElement | null>(null);
  const forwardWheel = useCallback((event: WheelEvent) => {
    const zoomPane = ref.current?.parentElement?.querySelector(".react-flow__renderer");
    if (!zoomPane) return;
    event.preventDefault();
    zoomPane.dispatchEvent(new WheelEvent(event.type, event));
  }, []);
  const hide = useCallback(() => {
    if (ref.current) ref.current.style.display = "none";
    ref.current?.removeEventListener("wheel", forwardWheel);
    window.removeEventListener("pointerup", hide);
    window.removeEventListener("pointercancel", hide);
    window.removeEventListener("blur", hide);
  }, [forwardWheel]);
  const show = useCallback(() => {
    if (!ref.current) return;
    ref.current.style.display = "block";
    ref.current.addEventListener("wheel", forwardWheel, { passive: false });
    window.addEventListener("pointerup", hide);
    window.addEventListener("pointercancel", hide);
    window.addEventListener("blur", hide);
  }, [hide, forwardWheel]);
  useEffect(() => hide, [hide]);
  return useMemo(() => ({ ref, show, hide }), [show, hide]);
}

/** The shield's style: over the whole canvas, above React Flow's panes and controls, hidden until a drag. */
export const dragShieldStyle = { display: "none", position: "absolute", inset: 0, zIndex: 50, cursor: "grabbing" } as const;
