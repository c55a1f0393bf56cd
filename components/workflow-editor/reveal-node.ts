import type { ReactFlowInstance, ReactFlowState } from "@xyflow/react";

/** Room kept between a revealed node and the canvas's edge (px on screen). */
export const REVEAL_MARGIN_PX = 24;

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
 * Pans the canvas (200 ms) the least distance that shows node `id` whole, with REVEAL_MARGIN_PX to spare,
 * when the canvas's edge cuts it off: after the side panel its selection opens has narrowed the canvas, or
 * for a node added past the edge. The zoom stays. Node geometry, pane size and transform come from React
 * Flow's store (`pane`); nothing happens for a node React Flow does not know.
 */
export function revealNode(flow: ReactFlowInstance, pane: ReactFlowState, id: string): void {
  const node = pane.nodeLookup.get(id);
  if (!node) return;
  const [x, y, zoom] = pane.transform;
  const { x: flowX, y: flowY } = node.internals.positionAbsolute;
  const dx = panToShow(flowX * zoom + x, (node.measured.width ?? 0) * zoom, pane.width);
  const dy = panToShow(flowY * zoom + y, (node.measured.height ?? 0) * zoom, pane.height);
  if (dx !== 0 || dy !== 0) void flow.setViewport({ x: x + dx, y: y + dy, zoom }, { duration: 200 });
}
