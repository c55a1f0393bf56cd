/**
 * The geometry of the overview's edge layer: every edge of a far zoomed-out canvas drawn as a few SVG paths
 * (one per look) instead of one React Flow edge component each. Each edge is the curve React Flow's default
 * (bezier) edge draws, between the same points: the handle anchors of the zoomed-out shell
 * (`zoomedOutHandlesFor`, what React Flow measures on a node drawn in the overview or at the compact level;
 * anchored as `getEdgePosition` and `getHandlePosition` in @xyflow/system do, strict connection mode), so an
 * edge does not move when the canvas switches between the layer and React Flow's own edges.
 */
import { getBezierPath, Position } from "@xyflow/react";
import { zoomedOutHandlesFor } from "./node-geometry";
import { sourceHandlesOf } from "./node-handles";
import { isShownInOverview } from "./overview-flow-nodes";
import { addToChunk, ChunkCache, chunkOf, sameParts } from "./overview-chunks";
import type { EditorEdge } from "./types";

/** A handle as React Flow measured it: its box relative to the node (flow units) and its side. */
interface HandleBounds {
  id?: string | null;
  x: number;
  y: number;
  width: number;
  height: number;
  position: Position;
}

/** A node's measured handles, as React Flow keeps them (`internals.handleBounds`). */
type NodeHandleBounds = { source: readonly HandleBounds[] | null; target: readonly HandleBounds[] | null };

/**
 * What the geometry reads of one of React Flow's internal nodes (`InternalNode`): where it is, its type and
 * config (which give its handles), its measured handles (`edgePathData`'s default).
 */
export interface AnchoredNode {
  type?: string;
  data?: Record<string, unknown>;
  selected?: boolean;
  dragging?: boolean;
  className?: string;
  internals: {
    positionAbsolute: { x: number; y: number };
    handleBounds?: NodeHandleBounds;
  };
}

/**
 * The layer's paths (SVG path data, flow units): `moving`, the edges attached to a node React Flow shows
 * (selected, dragged, under the pointer: `isShownInOverview`), the only path that changes while a node is
 * dragged; and `idle`, all the others, one path per chunk of the canvas (the chunk of the edge's source
 * node, `chunkOf`), sorted by key.
 */
export interface OverviewEdgePaths {
  idle: ReadonlyArray<IdleEdgeChunk>;
  moving: string;
}

/** The idle edges whose source node is in the chunk `key` (`chunkOf`), as one path. */
export interface IdleEdgeChunk {
  key: number;
  d: string;
}

const EMPTY_PATHS: OverviewEdgePaths = { idle: [], moving: "" };

/** The handle React Flow attaches an edge to: the first one when the edge names none, else the one with that id. */
function handleOf(bounds: readonly HandleBounds[] | null | undefined, id: string | null | undefined): HandleBounds | null {
  if (!bounds) return null;
  return (id ? bounds.find((handle) => handle.id === id) : bounds[0]) ?? null;
}

/** The point where an edge meets a handle: the middle of the handle's outer side (flow units). */
function anchorPoint(node: AnchoredNode, handle: HandleBounds): { x: number; y: number } {
  const x = handle.x + node.internals.positionAbsolute.x;
  const y = handle.y + node.internals.positionAbsolute.y;
  switch (handle.position) {
    case Position.Top:
      return { x: x + handle.width / 2, y };
    case Position.Right:
      return { x: x + handle.width, y: y + handle.height / 2 };
    case Position.Bottom:
      return { x: x + handle.width / 2, y: y + handle.height };
    default:
      return { x, y: y + handle.height / 2 };
  }
}

/**
 * The SVG path data (flow units) of the edge from `source`'s handle `sourceHandle` to `target`'s handle
 * `targetHandle`, exactly as React Flow's default edge draws it; null while either handle is not measured
 * yet or does not exist (React Flow draws no edge then either). The handles are the nodes' measured ones
 * unless `sourceBounds` / `targetBounds` are given.
 */
export function edgePathData(
  source: AnchoredNode,
  target: AnchoredNode,
  sourceHandle: string | null | undefined,
  targetHandle: string | null | undefined,
  sourceBounds: NodeHandleBounds | undefined = source.internals.handleBounds,
  targetBounds: NodeHandleBounds | undefined = target.internals.handleBounds,
): string | null {
  const from = handleOf(sourceBounds?.source, sourceHandle);
  const to = handleOf(targetBounds?.target, targetHandle);
  if (!from || !to) return null;
  const start = anchorPoint(source, from);
  const end = anchorPoint(target, to);
  const [path] = getBezierPath({
    sourceX: start.x,
    sourceY: start.y,
    sourcePosition: from.position,
    targetX: end.x,
    targetY: end.y,
    targetPosition: to.position,
  });
  return path;
}

/** `node` placed at `position` (a copy; React Flow's internal node is left alone). */
export function movedTo<Node extends AnchoredNode>(node: Node, position: { x: number; y: number }): Node {
  return { ...node, internals: { ...node.internals, positionAbsolute: position } };
}

interface CachedSegment {
  edge: EditorEdge;
  source: AnchoredNode;
  target: AnchoredNode;
  sourceBounds: NodeHandleBounds | undefined;
  targetBounds: NodeHandleBounds | undefined;
  path: string | null;
  /** In the moving path. */
  moving: boolean;
}

/**
 * Builds the layer's paths from the edges and React Flow's `nodeLookup` (selected edges left out: React Flow
 * draws those itself, see OverviewEdgeLayer), reusing what did not change since
 * the last call: an edge's path is recomputed only when the edge or one of its nodes is a new object (React
 * Flow replaces an internal node when it moves or is measured again), and a path's data (the moving path,
 * an idle chunk's) is joined again only when one of its edges changed. So calling it on every React Flow
 * store update (pan, zoom, every pointer move of a drag) costs a pass over the edges and, during a drag,
 * the few edges of the dragged node; the idle chunks keep the same objects and React leaves them alone.
 *
 * A node's handles are the zoomed-out shell's (`zoomedOutHandlesFor`), worked out once per config object,
 * not the ones React Flow measured last: React Flow forgets the handles of a node it stops rendering
 * because it is hidden (`updateNodeInternals`), as the nodes the box layer draws are
 * (overview-flow-nodes.ts), and a node that was off screen since it was measured in full detail has that
 * level's handles (further down on a node with named handles or a run's status footer).
 */
export class OverviewEdgePathCache {
  private segments = new Map<string, CachedSegment>();
  private readonly shellHandles = new WeakMap<object, { type: string; bounds: NodeHandleBounds }>();
  private movingParts: string[] = [];
  private readonly idleChunks = new ChunkCache<string, IdleEdgeChunk>();
  private paths: OverviewEdgePaths = EMPTY_PATHS;

  /** The paths of `edges` with node positions and handles from `nodeLookup` (the same object when nothing changed). */
  update(edges: readonly EditorEdge[], nodeLookup: ReadonlyMap<string, AnchoredNode>): OverviewEdgePaths {
    const movingParts: string[] = [];
    const idleParts = new Map<number, string[]>();
    const segments = new Map<string, CachedSegment>();
    for (const edge of edges) {
      if (edge.selected) continue;
      const source = nodeLookup.get(edge.source);
      const target = nodeLookup.get(edge.target);
      if (!source || !target) continue;
      let segment = this.segments.get(edge.id);
      // the handles (from type and config) and the path are worked out again only when React Flow replaced
      // an end's internal node (it moved, or its config or selection changed) or the edge changed
      if (!segment || segment.edge !== edge || segment.source !== source || segment.target !== target) {
        const sourceBounds = this.handlesOf(source);
        const targetBounds = this.handlesOf(target);
        const path = edgePathData(source, target, edge.sourceHandle, edge.targetHandle, sourceBounds, targetBounds);
        segment = {
          edge,
          source,
          target,
          sourceBounds,
          targetBounds,
          path,
          moving: isShownInOverview(source) || isShownInOverview(target),
        };
      }
      segments.set(edge.id, segment);
      // an edge that cannot be drawn yet (a handle not measured) is in no path
      if (segment.path === null) continue;
      if (segment.moving) {
        movingParts.push(segment.path);
        continue;
      }
      addToChunk(idleParts, chunkOf(source.internals.positionAbsolute.x, source.internals.positionAbsolute.y), segment.path);
    }
    this.segments = segments;
    let moving = this.paths.moving;
    if (!sameParts(movingParts, this.movingParts)) {
      moving = movingParts.join("");
      this.movingParts = movingParts;
    }
    const idle = this.idleChunks.update(idleParts, (key, parts) => ({ key, d: parts.join("") }));
    if (idle !== this.paths.idle || moving !== this.paths.moving) this.paths = { idle, moving };
    return this.paths;
  }

  /**
   * The moving path of the last `update` with the nodes in `moved` at the given positions (flow units): the
   * layer's moving path during a drag painted without a React Flow store update (drag-painter.ts). Edges that
   * cannot be drawn are left out, as `update` does.
   */
  movingPath(moved: ReadonlyMap<string, { x: number; y: number }>): string {
    let path = "";
    for (const segment of this.segments.values()) {
      if (!segment.moving) continue;
      const sourceAt = moved.get(segment.edge.source);
      const targetAt = moved.get(segment.edge.target);
      const source = sourceAt ? movedTo(segment.source, sourceAt) : segment.source;
      const target = targetAt ? movedTo(segment.target, targetAt) : segment.target;
      path +=
        edgePathData(source, target, segment.edge.sourceHandle, segment.edge.targetHandle, segment.sourceBounds, segment.targetBounds) ??
        "";
    }
    return path;
  }

  /** The zoomed-out shell's handles of `node`'s type and config; none for a node without them. */
  private handlesOf(node: AnchoredNode): NodeHandleBounds | undefined {
    const { type, data } = node;
    if (!type || !data) return undefined;
    const known = this.shellHandles.get(data);
    if (known && known.type === type) return known.bounds;
    const source: HandleBounds[] = [];
    const target: HandleBounds[] = [];
    for (const handle of zoomedOutHandlesFor(type, sourceHandlesOf(type, data))) {
      const { id, x, y, width = 0, height = 0, position } = handle;
      (handle.type === "source" ? source : target).push({ id, x, y, width, height, position });
    }
    const bounds = { source, target };
    this.shellHandles.set(data, { type, bounds });
    return bounds;
  }
}
