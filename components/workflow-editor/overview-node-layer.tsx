"use client";

/**
 * The nodes of a far zoomed-out canvas (the overview level of detail, below OVERVIEW_ZOOM) drawn as one SVG
 * of a few paths, over the overview's edges, instead of by 1,000 React Flow node elements: Chromium painted
 * and layerized every node element again on each frame of a drag (a node is placed with a transform, so
 * each is its own paint chunk), about a third of the main thread's work per pointer move with all nodes in
 * view (bench:editor). React Flow still has and renders every node, so selection, box selection, fit view,
 * delete and measuring work as before; in the overview its node elements are hidden (overview.css) except
 * the selected and dragged ones, which it draws itself, and the one under the pointer, revealed by
 * useOverviewHoverReveal so it can be clicked and dragged as before. The boxes follow React Flow's store
 * (positions, selection) and the node status store (problems, run states), in square chunks of the canvas
 * (overview-chunks.ts), each redrawn only when a box in it changes.
 */
import { type ReactFlowState, useStore } from "@xyflow/react";
import { memo, useCallback, useContext, useState, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { getNodeDefinition, isNodeType } from "@/lib/workflow/nodes/registry";
import { type NodeLook, OverviewBoxCache, type OverviewBoxChunk } from "./overview-node-boxes";
import { useViewportPortalElement } from "./overview-edge-layer";
import { NodeStatusContext, type NodeStatusStore } from "./node-status-store";

/** Above the overview's edges (the layer after it in the viewport portal), below React Flow's own nodes. */
const layerStyle = { position: "absolute", left: 0, top: 0, overflow: "visible", zIndex: -1, pointerEvents: "none" } as const;

/** A frame's colour by look: the border colours of NodeShell (stateClass, runBorder in nodes/node-shell.tsx). */
const frameFill: Record<NodeLook, string> = {
  plain: "fill-zinc-200 dark:fill-zinc-700",
  issues: "fill-red-300 dark:fill-red-900",
  pending: "fill-zinc-300 dark:fill-zinc-700",
  running: "fill-blue-500",
  waiting: "fill-amber-500",
  succeeded: "fill-green-600",
  failed: "fill-red-600",
  skipped: "fill-zinc-300 opacity-60 dark:fill-zinc-700",
  not_reached: "fill-zinc-300 opacity-60 dark:fill-zinc-700",
};

function colorOf(type: string | undefined): string {
  return type && isNodeType(type) ? getNodeDefinition(type).meta.color : "#71717a";
}

function lookFor(store: NodeStatusStore, id: string): NodeLook {
  const run = store.getRun(id);
  if (run) return run.status;
  return store.getIssues(id).length > 0 ? "issues" : "plain";
}

const noVersion = () => 0;

/** The overview's node boxes: the nodes React Flow does not draw in the overview, from its store, live. */
export const OverviewNodeLayer = memo(function OverviewNodeLayer() {
  const statusStore = useContext(NodeStatusContext);
  if (!statusStore) throw new Error("NodeStatusContext is missing: render the canvas inside the workflow editor");
  const looksVersion = useSyncExternalStore(statusStore.subscribeAll, statusStore.getVersion, noVersion);
  const [cache] = useState(() => new OverviewBoxCache());
  const lookOf = useCallback((id: string) => lookFor(statusStore, id), [statusStore]);
  const chunks = useStore(
    useCallback((state: ReactFlowState) => cache.update(state.nodeLookup, looksVersion, lookOf, colorOf), [cache, looksVersion, lookOf]),
  );
  const portal = useViewportPortalElement();
  if (!portal) return null;
  return createPortal(
    <svg width={1} height={1} style={layerStyle} aria-hidden="true" data-testid="overview-nodes">
      {chunks.map((chunk) => (
        <BoxChunk key={chunk.key} chunk={chunk} />
      ))}
    </svg>,
    portal,
  );
});

/** One chunk's boxes; the same chunk object renders nothing again. */
const BoxChunk = memo(function BoxChunk({ chunk }: { chunk: OverviewBoxChunk }) {
  return (
    <g>
      {chunk.frames.map(({ look, d }) => (
        <path key={look} className={frameFill[look]} d={d} data-look={look} />
      ))}
      <path className="fill-white dark:fill-zinc-900" d={chunk.bodies || undefined} />
      {chunk.bands.map(({ color, d }) => (
        <path key={color} fill={color} d={d} />
      ))}
    </g>
  );
});
