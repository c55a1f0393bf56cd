/**
 * A node's size and handles before React Flow has measured it, declared so that React Flow does not have
 * to render it to know them.
 *
 * React Flow renders every node it has no handle bounds for, on screen or not (`getNodesInside`'s
 * `forceInitialRender`), to measure it: opening a 1,000-node workflow mounted 1,000 node components and
 * laid them out, most of them off screen (bench:editor: ~300–500 ms of the open). A node given `measured`
 * and `handles` counts as measured: only the nodes in view are rendered, fit view and the overview's boxes
 * use the declared size, and edges to a node off screen end at its declared handles. When a node is
 * rendered React Flow measures it as usual, handles included, and its size reaches the graph as a
 * `dimensions` change (the declared height is half a pixel off so that it always does:
 * declared-geometry.ts), after which the node is passed through as it is.
 *
 * The figures are node-shell.tsx's full-detail layout in px (240 wide; header and summary 70 high with the
 * 1 px border; named source handles one 24 px row each under a 1 px rule and 4 px padding; 12 px handles
 * centred on the edges). e2e/editor.spec.ts checks them against the rendered nodes.
 */
import type { NodeHandle, Position } from "@xyflow/react";
import type { SourceHandle } from "@/lib/workflow/nodes/node-definition";

export const NODE_WIDTH = 240;
const BASE_HEIGHT = 70;
const HANDLE_ROWS_TOP = 74;
const HANDLE_ROWS_EXTRA = 9;
const HANDLE_ROW = 24;
const HANDLE_SIZE = 12;

// React Flow's Position values, spelled out: this module is also loaded by the e2e tests, outside a bundler
const LEFT = "left" as Position;
const RIGHT = "right" as Position;

/**
 * The size (px) and handles (positions relative to the node's top-left corner, px) of a node of `type` in
 * full detail, with `sources` its source handles in display order (sourceHandlesOf; null is the one
 * unnamed handle).
 */
export function geometryFor(type: string, sources: readonly SourceHandle[]): { width: number; height: number; handles: NodeHandle[] } {
  const named = sources.length === 1 && sources[0] === null ? [] : sources;
  const height = named.length > 0 ? BASE_HEIGHT + HANDLE_ROWS_EXTRA + HANDLE_ROW * named.length : BASE_HEIGHT;
  const middle = height / 2 - HANDLE_SIZE / 2;
  const handles: NodeHandle[] = [];
  const size = { width: HANDLE_SIZE, height: HANDLE_SIZE };
  if (type !== "START") handles.push({ id: null, type: "target", position: LEFT, x: -HANDLE_SIZE / 2, y: middle, ...size });
  if (named.length === 0 && sources.length === 1) {
    handles.push({ id: null, type: "source", position: RIGHT, x: NODE_WIDTH - HANDLE_SIZE / 2, y: middle, ...size });
  }
  named.forEach((id, row) => {
    // inside the border: a pixel left of the unnamed handle
    const y = HANDLE_ROWS_TOP + row * HANDLE_ROW + (HANDLE_ROW - HANDLE_SIZE) / 2;
    handles.push({ id, type: "source", position: RIGHT, x: NODE_WIDTH - HANDLE_SIZE / 2 - 1, y, ...size });
  });
  return { width: NODE_WIDTH, height, handles };
}

/**
 * The zoomed-out shells' size in px (CompactShell and OverviewShell in nodes/zoomed-out-shells.tsx:
 * `h-16 w-60`, 4 px borders, the left one 24 px), whatever the node's config and run state. The overview's
 * layers draw every box and edge from it, not from the size React Flow measured last: a node off screen
 * keeps the size it was measured at in full detail, taller with named handles or a run's status footer.
 */
export const ZOOMED_OUT_WIDTH = 240;
export const ZOOMED_OUT_HEIGHT = 64;
const ZOOMED_OUT_BORDER = 4;
const ZOOMED_OUT_BAND = 24;

/**
 * The handles (positions relative to the node's top-left corner, px) of a node of `type` drawn by a
 * zoomed-out shell, with `sources` its source handles in display order (sourceHandlesOf), as React Flow
 * measures them: CSS places a handle from the shell's padding box (inside the borders), 6 px out of its
 * side (`-left-1.5` / `-right-1.5`) and its top edge 6 px above its centre (`-mt-1.5`), the target at half
 * the height and source i of n at (i + 1) / (n + 1) of it (`handleTop`). e2e/editor.spec.ts compares edges
 * drawn from them with React Flow's at the compact level.
 */
export function zoomedOutHandlesFor(type: string, sources: readonly SourceHandle[]): NodeHandle[] {
  const inner = ZOOMED_OUT_HEIGHT - 2 * ZOOMED_OUT_BORDER;
  const size = { width: HANDLE_SIZE, height: HANDLE_SIZE };
  const handles: NodeHandle[] = [];
  if (type !== "START") {
    const y = ZOOMED_OUT_BORDER + inner / 2 - HANDLE_SIZE / 2;
    handles.push({ id: null, type: "target", position: LEFT, x: ZOOMED_OUT_BAND - HANDLE_SIZE / 2, y, ...size });
  }
  sources.forEach((id, index) => {
    const y = ZOOMED_OUT_BORDER + ((index + 1) / (sources.length + 1)) * inner - HANDLE_SIZE / 2;
    handles.push({ id, type: "source", position: RIGHT, x: ZOOMED_OUT_WIDTH - ZOOMED_OUT_BORDER - HANDLE_SIZE / 2, y, ...size });
  });
  return handles;
}
