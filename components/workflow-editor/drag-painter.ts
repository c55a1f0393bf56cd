/**
 * Draws a node drag's pointer moves straight onto the canvas's elements, without a React Flow store update
 * or a React render per move.
 *
 * React Flow's own path for a move (`setNodes`) copies its 1,000-entry node lookup (`adoptUserNodes`), runs
 * every node's and edge's store selector, finds the visible nodes and edges again
 * (`onlyRenderVisibleElements`), and renders the dragged node and its edges. In a trace of
 * `npm run bench:editor` at zoom 1 that was 2.6 ms of script per move (1.5 ms once painted) out of about
 * 7 ms of main-thread work, and the renderer's raster workers did 2.2 ms per move (0.9 ms once painted).
 *
 * Here a move only sets the dragged nodes' transforms and the path data of their edges:
 * - a node is placed as React Flow places it: `transform: translate(x px, y px)` on `.react-flow__node`
 *   (its `positionAbsolute`; the editor's nodes have no parent and the origin is the top left);
 * - an edge's path is the one React Flow's default (bezier) edge draws (`edgePathData`), set on the edge's
 *   `path.react-flow__edge-path` and `path.react-flow__edge-interaction`.
 *
 * React Flow's store still gets the drag's first move (it marks the nodes `dragging`: class, layer and
 * z-index), every move after the view has moved (auto-pan: which nodes and edges are rendered depends on
 * the view), and the drop. Moves are not painted, so they go through the store instead, when:
 * - a box selection is shown around the nodes (`nodesSelectionActive`: the box would be left behind);
 * - a node or edge is not drawn as this assumes (not rendered, an edge of another type).
 *
 * In the overview, React Flow renders only the selected edges; the others are the overview edge layer's
 * paths, and its moving path (the edges of the nodes React Flow shows, the dragged ones among them) is
 * painted from the layer's geometry (`OverviewEdgePathCache.movingPath`). The minimap catches up at the
 * drop; the overview's node boxes do not change (they leave the dragged nodes to React Flow).
 */
import type { NodeChange, ReactFlowState } from "@xyflow/react";
import { edgePathData, movedTo, type OverviewEdgePathCache } from "./overview-edge-paths";
import type { EditorEdge, EditorNode } from "./types";

type Point = { x: number; y: number };
type Transform = readonly [number, number, number];

/** One element write: a node's transform or an edge's path data. */
type Write = { element: Element; kind: "transform" | "path"; value: string };

function sameTransform(a: Transform | null, b: Transform): boolean {
  return a !== null && a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}

export class DragPainter {
  /** The view when React Flow's store last took a move (null before a drag's first move). */
  private syncedTransform: Transform | null = null;

  /**
   * Paints one drag move (`changes`: positions with `dragging: true`) from React Flow's `state`. Returns false,
   * having changed nothing, when the move must go through React Flow's store instead (see the module doc);
   * the caller then calls `synced`. `overviewEdges` is the overview edge layer's geometry when the canvas
   * shows the overview, else null.
   */
  paint(
    changes: readonly NodeChange<EditorNode>[],
    state: ReactFlowState<EditorNode, EditorEdge>,
    overviewEdges: OverviewEdgePathCache | null,
  ): boolean {
    if (!sameTransform(this.syncedTransform, state.transform) || state.nodesSelectionActive || !state.domNode) return false;
    const moved = new Map<string, Point>();
    for (const change of changes) {
      if (change.type !== "position" || !change.position) return false;
      const node = state.nodeLookup.get(change.id);
      // the store marks the nodes dragging on the drag's first move; before that, the move is React Flow's
      if (node?.dragging !== true || node.parentId) return false;
      moved.set(change.id, change.position);
    }
    const writes: Write[] = [];
    const domNode = state.domNode;
    for (const [id, position] of moved) {
      const element = domNode.querySelector(`.react-flow__node[data-id="${CSS.escape(id)}"]`);
      if (!element) return false;
      writes.push({ element, kind: "transform", value: `translate(${position.x}px,${position.y}px)` });
    }
    const edgeIds = new Set<string>();
    for (const id of moved.keys()) for (const connection of state.connectionLookup.get(id)?.values() ?? []) edgeIds.add(connection.edgeId);
    for (const edgeId of edgeIds) {
      const edge = state.edgeLookup.get(edgeId);
      if (!edge) continue;
      const element = domNode.querySelector(`.react-flow__edge[data-id="${CSS.escape(edgeId)}"]`);
      // an edge React Flow does not render now (out of view, or drawn by the overview's layer) is drawn at the drop
      if (!element) continue;
      if (edge.type && edge.type !== "default") return false;
      const source = state.nodeLookup.get(edge.source);
      const target = state.nodeLookup.get(edge.target);
      if (!source || !target) continue;
      const sourceAt = moved.get(edge.source);
      const targetAt = moved.get(edge.target);
      const path = edgePathData(
        sourceAt ? movedTo(source, sourceAt) : source,
        targetAt ? movedTo(target, targetAt) : target,
        edge.sourceHandle,
        edge.targetHandle,
      );
      if (path === null) return false;
      for (const pathElement of element.querySelectorAll("path.react-flow__edge-path, path.react-flow__edge-interaction")) {
        writes.push({ element: pathElement, kind: "path", value: path });
      }
    }
    if (overviewEdges) {
      const element = domNode.querySelector('path[data-overview-edges="moving"]');
      if (!element) return false;
      writes.push({ element, kind: "path", value: overviewEdges.movingPath(moved) });
    }
    for (const write of writes) {
      if (write.kind === "transform") (write.element as HTMLElement).style.transform = write.value;
      else write.element.setAttribute("d", write.value);
    }
    return true;
  }

  /** React Flow's store took a move (the first of a drag, or one `paint` declined) in the view `transform`. */
  synced(transform: Transform): void {
    this.syncedTransform = transform;
  }
}
