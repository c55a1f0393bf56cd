import type { ReactFlowInstance, ReactFlowState } from "@xyflow/react";

/** Room kept between a revealed node and the canvas's edge or an overlay (px on screen). */
export const REVEAL_MARGIN_PX = 24;

/**
 * What covers the canvas along its bottom, inside the editor's canvas area (`data-canvas-area`): the
 * problems panel (marked `data-canvas-overlay`), React Flow's minimap and zoom controls.
 */
const OVERLAY_SELECTOR = "[data-canvas-overlay], .react-flow__minimap, .react-flow__controls";

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * How far (px) to move the view along one axis so that a span at `start` of `size` px fits inside
 * [margin, extent − margin]: 0 when it already does; the least move otherwise. A span too large to fit is
 * moved so that its start shows at `margin`, unless its start is already in sight.
 */
export function panToShow(start: number, size: number, extent: number, margin = REVEAL_MARGIN_PX): number {
  if (size + 2 * margin > extent) return start >= 0 && start <= extent - margin ? 0 : margin - start;
  if (start < margin) return margin - start;
  if (start + size > extent - margin) return extent - margin - (start + size);
  return 0;
}

/**
 * The pan (px) that shows `node` (a rect on the canvas, px from its top left) whole in a canvas of `size`
 * with `margin` to spare: the least move inside the canvas's edges, then further up when an overlay along
 * the bottom (`overlays`, same coordinates) would cover part of it, as long as its top stays in sight.
 */
export function revealPan(node: Rect, size: { width: number; height: number }, overlays: readonly Rect[], margin = REVEAL_MARGIN_PX) {
  const dx = panToShow(node.x, node.width, size.width, margin);
  let dy = panToShow(node.y, node.height, size.height, margin);
  const left = node.x + dx;
  for (const overlay of overlays) {
    const top = node.y + dy;
    const covered =
      left < overlay.x + overlay.width &&
      left + node.width > overlay.x &&
      top + node.height > overlay.y &&
      top < overlay.y + overlay.height;
    if (!covered) continue;
    const above = overlay.y - margin - node.height - top;
    if (top + above >= margin) dy += above;
  }
  return { dx, dy };
}

/**
 * Pans the canvas (200 ms) the least distance that shows node `id` whole, with REVEAL_MARGIN_PX to spare,
 * when the canvas's edge or an overlay along its bottom (problems panel, minimap, zoom controls) cuts it
 * off: after the side panel its selection opens has narrowed the canvas, or for a node added past the edge.
 * The zoom stays. Node geometry, pane size and transform come from React Flow's store (`pane`), the
 * overlays from the DOM; nothing happens for a node React Flow does not know.
 */
export function revealNode(flow: ReactFlowInstance, pane: ReactFlowState, id: string): void {
  const node = pane.nodeLookup.get(id);
  if (!node) return;
  const [x, y, zoom] = pane.transform;
  const { x: flowX, y: flowY } = node.internals.positionAbsolute;
  const box = pane.domNode?.getBoundingClientRect();
  const overlays = box
    ? [...(pane.domNode?.closest("[data-canvas-area]")?.querySelectorAll(OVERLAY_SELECTOR) ?? [])].map((element) => {
        const rect = element.getBoundingClientRect();
        return { x: rect.left - box.left, y: rect.top - box.top, width: rect.width, height: rect.height };
      })
    : [];
  const rect = {
    x: flowX * zoom + x,
    y: flowY * zoom + y,
    width: (node.measured.width ?? 0) * zoom,
    height: (node.measured.height ?? 0) * zoom,
  };
  const { dx, dy } = revealPan(rect, { width: pane.width, height: pane.height }, overlays);
  if (dx !== 0 || dy !== 0) void flow.setViewport({ x: x + dx, y: y + dy, zoom }, { duration: 200 });
}
