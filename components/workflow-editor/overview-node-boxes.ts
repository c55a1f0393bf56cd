/**
 * The geometry of the overview's node layer: every node of a far zoomed-out canvas that is not selected or
 * dragged drawn as a box in a few SVG paths (one per colour) instead of by its own React Flow node element.
 * With 1,000 nodes in view each node element was its own paint chunk (React Flow places a node with a
 * transform), and Chromium painted and layerized all of them again on every frame of a drag. The box is
 * the overview shell's (OverviewShell in nodes/zoomed-out-shells.tsx): a frame in the node's state colour,
 * a band in its type's colour on the left, the body inside, at that shell's size (ZOOMED_OUT_WIDTH ×
 * ZOOMED_OUT_HEIGHT), not at the size React Flow measured last: a node off screen since it was measured in
 * full detail keeps that size, taller with named handles or a run's status footer, and on a tight layout
 * such boxes overlapped into one block. Pointing at a box (`nodeAt`) and box selection (`boxesInside`) use
 * the same size, which is also the size of the node React Flow shows when the pointer is over it.
 */
import { ZOOMED_OUT_HEIGHT as HEIGHT, ZOOMED_OUT_WIDTH as WIDTH } from "./node-geometry";
import type { NodeRunState } from "./node-status-store";
import { addToChunk, ChunkCache, chunkOf } from "./overview-chunks";
import { isShownInOverview } from "./overview-flow-nodes";

/** What the frame of a box shows: a run state, validation problems, or neither. */
export type NodeLook = "plain" | "issues" | NodeRunState["status"];

/** What the geometry reads of one of React Flow's internal nodes (`InternalNode`). */
export interface BoxedNode {
  type?: string;
  selected?: boolean;
  selectable?: boolean;
  dragging?: boolean;
  hidden?: boolean;
  className?: string;
  measured?: { width?: number; height?: number };
  internals: { positionAbsolute: { x: number; y: number }; z?: number };
}

/** The layer's paths (SVG path data, flow units): frames by look, bodies, type bands by colour. */
export interface OverviewBoxes {
  frames: ReadonlyArray<{ look: NodeLook; d: string }>;
  bodies: string;
  bands: ReadonlyArray<{ color: string; d: string }>;
}

/** The overview shell's left border, in its type's colour (px, flow units). */
export const BAND_WIDTH = 24;
/** The overview shell's other borders (px, flow units). */
export const FRAME_WIDTH = 4;

const EMPTY_BOXES: OverviewBoxes = { frames: [], bodies: "", bands: [] };

/**
 * Whether the layer draws the node: not when React Flow shows it (selected, dragged, under the pointer:
 * `isShownInOverview`) or has not measured it yet. A `hidden` node is drawn: in the editor that is how the
 * overview hands React Flow the nodes this layer draws (overview-flow-nodes.ts).
 */
export function isBoxed(node: BoxedNode): boolean {
  return !isShownInOverview(node) && !!node.measured?.width && !!node.measured?.height;
}

function rect(x: number, y: number, width: number, height: number): string {
  return `M${Math.round(x * 10) / 10} ${Math.round(y * 10) / 10}h${width}v${height}h${-width}z`;
}

/**
 * The boxes of `nodes` (those `isBoxed`), their frames grouped by `lookOf(id)` and their bands by
 * `colorOf(type)`, in the order given.
 */
export function overviewBoxes(
  nodes: Iterable<[string, BoxedNode]>,
  lookOf: (id: string) => NodeLook,
  colorOf: (type: string | undefined) => string,
): OverviewBoxes {
  const frames = new Map<NodeLook, string[]>();
  const bands = new Map<string, string[]>();
  const bodies: string[] = [];
  for (const [id, node] of nodes) {
    if (!isBoxed(node)) continue;
    const { x, y } = node.internals.positionAbsolute;
    const look = lookOf(id);
    const color = colorOf(node.type);
    (frames.get(look) ?? frames.set(look, []).get(look))?.push(rect(x, y, WIDTH, HEIGHT));
    (bands.get(color) ?? bands.set(color, []).get(color))?.push(rect(x, y, BAND_WIDTH, HEIGHT));
    bodies.push(rect(x + BAND_WIDTH, y + FRAME_WIDTH, WIDTH - BAND_WIDTH - FRAME_WIDTH, HEIGHT - 2 * FRAME_WIDTH));
  }
  if (bodies.length === 0) return EMPTY_BOXES;
  return {
    frames: [...frames].map(([look, parts]) => ({ look, d: parts.join("") })),
    bodies: bodies.join(""),
    bands: [...bands].map(([color, parts]) => ({ color, d: parts.join("") })),
  };
}

/** The boxes of one chunk (`chunkOf`): its key, and its paths as `overviewBoxes` draws them. */
export interface OverviewBoxChunk extends OverviewBoxes {
  key: number;
}

type Entry = [string, BoxedNode];

/**
 * The layer's boxes by chunk (overview-chunks.ts, sorted by key), each chunk drawn again only when
 * something drawn in it changed: one of its boxed nodes is a new object (React Flow replaces an internal
 * node when it moves, is selected or measured) or another node is in it, or the looks changed
 * (`looksVersion`, all chunks). Returns the same array while no chunk changed, and an unchanged chunk as
 * the same object, so React leaves its paths alone. During a drag the dragged node is not boxed (nor was it
 * once the pointer came over it), so each pointer move costs one pass over the nodes and returns the same
 * array.
 */
export class OverviewBoxCache {
  private readonly chunks = new ChunkCache<Entry, OverviewBoxChunk>((a, b) => a[1] === b[1]);
  private looksVersion = -1;

  update(
    nodeLookup: ReadonlyMap<string, BoxedNode>,
    looksVersion: number,
    lookOf: (id: string) => NodeLook,
    colorOf: (type: string | undefined) => string,
  ): readonly OverviewBoxChunk[] {
    const grouped = new Map<number, Entry[]>();
    for (const entry of nodeLookup) {
      const node = entry[1];
      if (!isBoxed(node)) continue;
      addToChunk(grouped, chunkOf(node.internals.positionAbsolute.x, node.internals.positionAbsolute.y), entry);
    }
    const looksChanged = looksVersion !== this.looksVersion;
    this.looksVersion = looksVersion;
    return this.chunks.update(grouped, (key, entries) => ({ key, ...overviewBoxes(entries, lookOf, colorOf) }), looksChanged);
  }
}

/**
 * The id of the node drawn at (x, y) (flow units) in the overview: of the nodes whose box (ZOOMED_OUT_WIDTH ×
 * ZOOMED_OUT_HEIGHT) contains the point (hidden ones too: the overview's boxes), the one React Flow draws on
 * top (highest z, then the later one); null when none.
 */
export function nodeAt(nodeLookup: ReadonlyMap<string, BoxedNode>, x: number, y: number): string | null {
  let found: string | null = null;
  let foundZ = Number.NEGATIVE_INFINITY;
  for (const [id, node] of nodeLookup) {
    const { x: left, y: top } = node.internals.positionAbsolute;
    if (x < left || y < top || x > left + WIDTH || y > top + HEIGHT) continue;
    const z = node.internals.z ?? 0;
    if (z >= foundZ) {
      found = id;
      foundZ = z;
    }
  }
  return found;
}

/** React Flow's selection rectangle (`userSelectionRect`): px from the canvas's top left corner. */
export interface SelectionRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The ids of the hidden, unselected, selectable nodes whose box (ZOOMED_OUT_WIDTH × ZOOMED_OUT_HEIGHT) is
 * wholly inside `rect` (screen px, converted with the viewport `transform` [x, y, zoom]), in lookup order:
 * the overview's boxes a selection rectangle covers.
 * Wholly inside, as React Flow's default `SelectionMode.Full` selects the nodes it renders.
 */
export function boxesInside(
  nodeLookup: ReadonlyMap<string, BoxedNode>,
  rect: SelectionRect,
  transform: readonly [number, number, number],
): string[] {
  const [panX, panY, zoom] = transform;
  const left = (rect.x - panX) / zoom;
  const top = (rect.y - panY) / zoom;
  const right = left + rect.width / zoom;
  const bottom = top + rect.height / zoom;
  const inside: string[] = [];
  for (const [id, node] of nodeLookup) {
    if (!node.hidden || node.selected || node.selectable === false) continue;
    const { x, y } = node.internals.positionAbsolute;
    if (x >= left && y >= top && x + WIDTH <= right && y + HEIGHT <= bottom) inside.push(id);
  }
  return inside;
}
