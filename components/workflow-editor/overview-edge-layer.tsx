"use client";

/**
 * The edges of a far zoomed-out canvas (the overview level of detail, below OVERVIEW_ZOOM) drawn as one SVG
 * of a few paths (the idle edges by chunk of the canvas, and those of the nodes React Flow shows) instead
 * of one React Flow edge component per edge. Each of React Flow's edge components runs
 * three store selectors on every store update, and with 1,000 nodes in view that was about a third of the
 * script on every pointer move of a drag, while Chromium laid out, layerized and painted 1,000 separate
 * `<svg>`s. Nothing is connectable in the overview (nodes have no handles there) and edges are not
 * selectable either: the canvas gives React Flow only the edges selected before zooming out (so they can
 * still be seen as selected, deleted or unselected) and this layer draws the others, inside the viewport
 * (in its portal element) so they follow panning and zooming, and between the handles React Flow measured,
 * read live from its store, so they follow a dragged node (overview-edge-paths.ts).
 */
import { type ReactFlowState, useStore } from "@xyflow/react";
import { memo, useCallback, useMemo } from "react";
import { createPortal } from "react-dom";
import type { OverviewEdgePathCache } from "./overview-edge-paths";
import type { EditorEdge } from "./types";

/** Under the nodes: the layer sits in the viewport's portal, after the nodes, so it is lifted below them. */
const layerStyle = { position: "absolute", left: 0, top: 0, overflow: "visible", zIndex: -1, pointerEvents: "none" } as const;

const selectDomNode = (state: ReactFlowState) => state.domNode;

/**
 * React Flow's viewport portal element, looked up once per canvas. React Flow's own `<ViewportPortal>` looks it
 * up with querySelector in a store selector, that is on every store update, through the 1,000 nodes before it
 * (0.6 ms per pointer move of a drag in bench:editor's profile).
 */
export function useViewportPortalElement(): Element | null {
  const domNode = useStore(selectDomNode);
  return useMemo(() => domNode?.querySelector(".react-flow__viewport-portal") ?? null, [domNode]);
}

/** The overview's edges: `edges` (the graph's; selected ones left to React Flow) drawn between the handles React Flow measured, live. */
export const OverviewEdgeLayer = memo(function OverviewEdgeLayer({
  edges,
  cache,
}: {
  edges: readonly EditorEdge[];
  /** The layer's geometry, shared with the canvas's drag painter (drag-painter.ts). */
  cache: OverviewEdgePathCache;
}) {
  const paths = useStore(useCallback((state: ReactFlowState) => cache.update(edges, state.nodeLookup), [cache, edges]));
  const portal = useViewportPortalElement();
  if (!portal) return null;
  return createPortal(
    <svg width={1} height={1} style={layerStyle} aria-hidden="true" data-testid="overview-edges">
      {paths.idle.map(({ key, d }) => (
        <path key={key} className="react-flow__edge-path" d={d || undefined} data-overview-edges="idle" />
      ))}
      <path className="react-flow__edge-path" d={paths.moving || undefined} data-overview-edges="moving" />
    </svg>,
    portal,
  );
});
