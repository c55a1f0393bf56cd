/**
 * The square chunks of the canvas the overview's layers are drawn in (overview-node-boxes.ts,
 * overview-edge-paths.ts): a node's box in the chunk of its top left corner, an edge in its source node's.
 * A change then rebuilds, and Chromium parses and repaints, one chunk's paths (a few dozen nodes) instead of
 * paths of every node: on the 1,000-node bench workflow in view, a whole layer's path data is ~40 KB a path,
 * and pointing at a box (which hands the node to React Flow) rebuilt both layers twice: ~9 ms of script per
 * box pointed at in a CPU profile, half of it setting those paths' `d`.
 */

/** The side of a chunk (flow units). */
export const CHUNK_SIZE = 1500;

/** The chunk of the point (x, y) (flow units): a number, unique while |y| / CHUNK_SIZE < 50,000. */
export function chunkOf(x: number, y: number): number {
  return Math.floor(x / CHUNK_SIZE) * 100_003 + Math.floor(y / CHUNK_SIZE);
}

/** Adds `part` to the chunk `key` of `parts`. */
export function addToChunk<Part>(parts: Map<number, Part[]>, key: number, part: Part): void {
  const chunk = parts.get(key);
  if (chunk) chunk.push(part);
  else parts.set(key, [part]);
}

/** Whether `a` and `b` hold the same parts in the same order (`same`: by identity unless given). */
export function sameParts<Part>(a: readonly Part[], b: readonly Part[], same: (x: Part, y: Part) => boolean = Object.is): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (!same(a[index], b[index])) return false;
  return true;
}

/**
 * What a layer draws per chunk, built again only for the chunks whose parts changed (`samePart`, by
 * identity unless given). `update` returns the chunks sorted by key: the same array while no chunk changed,
 * and an unchanged chunk as the same object, so React leaves its paths alone.
 */
export class ChunkCache<Part, Chunk> {
  private cached = new Map<number, { parts: readonly Part[]; chunk: Chunk }>();
  private result: readonly Chunk[] = [];

  constructor(private readonly samePart: (a: Part, b: Part) => boolean = Object.is) {}

  /** The chunks of `parts` (by chunk key), `build` called for the changed ones, or for all with `rebuildAll`. */
  update(
    parts: ReadonlyMap<number, readonly Part[]>,
    build: (key: number, parts: readonly Part[]) => Chunk,
    rebuildAll = false,
  ): readonly Chunk[] {
    let changed = rebuildAll || parts.size !== this.cached.size;
    const next = new Map<number, { parts: readonly Part[]; chunk: Chunk }>();
    for (const [key, chunkParts] of parts) {
      const cached = this.cached.get(key);
      if (cached && !rebuildAll && sameParts(chunkParts, cached.parts, this.samePart)) {
        next.set(key, cached);
        continue;
      }
      changed = true;
      next.set(key, { parts: chunkParts, chunk: build(key, chunkParts) });
    }
    this.cached = next;
    if (changed) {
      this.result = [...next.keys()].sort((a, b) => a - b).map((key) => (next.get(key) as { chunk: Chunk }).chunk);
    }
    return this.result;
  }
}
