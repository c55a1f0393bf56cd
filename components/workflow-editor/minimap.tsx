"use client";

/**
 * The canvas's minimap, drawn cheaply enough for a 1,000-node workflow. React Flow's `<MiniMap>` renders one
 * SVG rect per node, each subscribed to React Flow's store: every pointer move of a drag ran 1,000 store
 * selectors and repainted and re-layerized 1,000 rects (about a third of the main-thread work per move at
 * zoom 1 in `npm run bench:editor`). Here the nodes are drawn into one `<canvas>`, redrawn when the graph
 * settles (not while a node is being dragged: the dragged node jumps to its new place on drop), and only the
 * viewport frame (an SVG path over it) follows panning and zooming live. Drag on it to pan, wheel to zoom, as
 * React Flow's `pannable` and `zoomable` minimap.
 */
import { Panel, type ReactFlowState, useReactFlow, useStore } from "@xyflow/react";
import { memo, type PointerEvent, useEffect, useMemo, useRef, useState } from "react";
import type { EditorNode } from "./types";

/** The smallest node (CSS px in the minimap, both sides) drawn with rounded corners (2 px). */
const ROUNDED_MIN_PX = 8;
/** Size of a node not measured yet (flow units; a node renderer is 240 px wide). */
const DEFAULT_NODE_WIDTH = 240;
const DEFAULT_NODE_HEIGHT = 80;
/** The margin around the bounds, in minimap pixels (React Flow's `offsetScale`). */
const OFFSET_PX = 5;
/** Smallest drawn node (px), so that on a large graph every node still shows. */
const MIN_NODE_PX = 2;

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

function nodeRect(node: EditorNode): Rect {
  return {
    x: node.position.x,
    y: node.position.y,
    width: node.measured?.width ?? node.width ?? DEFAULT_NODE_WIDTH,
    height: node.measured?.height ?? node.height ?? DEFAULT_NODE_HEIGHT,
  };
}

/** The rectangle around all `rects`, or null for none. */
export function boundsOf(rects: readonly Rect[]): Rect | null {
  if (rects.length === 0) return null;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const rect of rects) {
    minX = Math.min(minX, rect.x);
    minY = Math.min(minY, rect.y);
    maxX = Math.max(maxX, rect.x + rect.width);
    maxY = Math.max(maxY, rect.y + rect.height);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/**
 * What the minimap shows (flow units): the nodes' bounds joined with the visible area, letterboxed to the
 * minimap's aspect ratio with a margin; `scale` is flow units per minimap pixel. React Flow's MiniMap maths.
 */
export function minimapView(nodesBounds: Rect | null, visible: Rect, size: { width: number; height: number }) {
  const bounds = nodesBounds ? (boundsOf([nodesBounds, visible]) as Rect) : visible;
  const fit = Math.max(bounds.width / size.width, bounds.height / size.height);
  const offset = OFFSET_PX * fit;
  const width = fit * size.width + offset * 2;
  const height = fit * size.height + offset * 2;
  return {
    x: bounds.x - (fit * size.width - bounds.width) / 2 - offset,
    y: bounds.y - (fit * size.height - bounds.height) / 2 - offset,
    width,
    height,
    scale: width / size.width,
  };
}

/** The graph as last settled: the same array while any node is being dragged. */
function useSettledNodes(nodes: EditorNode[]): EditorNode[] {
  const [settled, setSettled] = useState(nodes);
  if (settled !== nodes && !nodes.some((node) => node.dragging)) {
    setSettled(nodes);
    return nodes;
  }
  return settled;
}

const selectViewport = (state: ReactFlowState) => ({
  x: state.transform[0],
  y: state.transform[1],
  zoom: state.transform[2],
  width: state.width,
  height: state.height,
});
const sameViewport = (a: ReturnType<typeof selectViewport>, b: ReturnType<typeof selectViewport>) =>
  a.x === b.x && a.y === b.y && a.zoom === b.zoom && a.width === b.width && a.height === b.height;

/**
 * The minimap (bottom-right, `size` in CSS pixels): one coloured rectangle per node (`color(node)`), the
 * visible area framed. Its panel keeps React Flow's minimap class, so the theme's colours apply.
 */
export const EditorMinimap = memo(function EditorMinimap({
  nodes,
  color,
  size,
  ariaLabel,
}: {
  nodes: EditorNode[];
  color: (node: EditorNode) => string;
  size: { width: number; height: number; marginBottom?: number };
  ariaLabel: string;
}) {
  const flow = useReactFlow();
  const settled = useSettledNodes(nodes);
  const rects = useMemo(() => settled.filter((node) => !node.hidden).map((node) => ({ rect: nodeRect(node), node })), [settled]);
  const nodesBounds = useMemo(() => boundsOf(rects.map((entry) => entry.rect)), [rects]);
  const viewport = useStore(selectViewport, sameViewport);
  const visible = {
    x: -viewport.x / viewport.zoom,
    y: -viewport.y / viewport.zoom,
    width: viewport.width / viewport.zoom,
    height: viewport.height / viewport.zoom,
  };
  const view = minimapView(nodesBounds, visible, size);
  const canvas = useRef<HTMLCanvasElement>(null);
  const svg = useRef<SVGSVGElement>(null);

  // the nodes, drawn once per settled graph or view change (not per pointer move of a drag)
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext("2d");
    if (!element || !context) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(size.width * ratio);
    element.height = Math.round(size.height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, size.width, size.height);
    const toPx = 1 / view.scale;
    // one path and one fill per colour, not per node: 1,000 fills were ~4 ms of every redraw in a CPU profile
    // (bench:editor's workflow), and the graph settles again each time a node is measured or dropped
    const byColor = new Map<string, Rect[]>();
    for (const { rect, node } of rects) {
      const fill = color(node);
      (byColor.get(fill) ?? byColor.set(fill, []).get(fill))?.push(rect);
    }
    for (const [fill, colored] of byColor) {
      context.fillStyle = fill;
      context.beginPath();
      for (const rect of colored) {
        const width = Math.max(rect.width * toPx, MIN_NODE_PX);
        const height = Math.max(rect.height * toPx, MIN_NODE_PX);
        const x = (rect.x - view.x) * toPx;
        const y = (rect.y - view.y) * toPx;
        // rounded corners only where they show: roundRect was ~4 ms of each redraw on 1,000 nodes of 3 px
        if (width < ROUNDED_MIN_PX || height < ROUNDED_MIN_PX) context.rect(x, y, width, height);
        else context.roundRect(x, y, width, height, 2);
      }
      context.fill();
    }
  }, [rects, color, size.width, size.height, view.x, view.y, view.scale]);

  // wheel to zoom (a native listener: React's wheel listeners are passive and cannot keep the page still)
  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const delta = -event.deltaY * (event.deltaMode === 1 ? 0.05 : event.deltaMode ? 1 : 0.002);
      void flow.zoomTo(flow.getZoom() * 2 ** delta);
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, [flow]);

  // drag to pan: the frame follows the pointer
  const panFrom = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    panFrom.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const from = panFrom.current;
    if (!from) return;
    panFrom.current = { x: event.clientX, y: event.clientY };
    const { x, y, zoom } = flow.getViewport();
    const flowPerPx = view.scale * zoom;
    void flow.setViewport({ x: x - (event.clientX - from.x) * flowPerPx, y: y - (event.clientY - from.y) * flowPerPx, zoom });
  };
  const onPointerUp = () => {
    panFrom.current = null;
  };

  const outer = `M${view.x - view.width},${view.y - view.height}h${view.width * 3}v${view.height * 3}h${-view.width * 3}z`;
  const frame = `M${visible.x},${visible.y}h${visible.width}v${visible.height}h${-visible.width}z`;
  return (
    <Panel position="bottom-right" className="react-flow__minimap" style={size} data-testid="rf__minimap">
      <canvas ref={canvas} className="pointer-events-none absolute top-0 left-0" style={{ width: size.width, height: size.height }} />
      <svg
        ref={svg}
        role="img"
        aria-label={ariaLabel}
        width={size.width}
        height={size.height}
        viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`}
        className="react-flow__minimap-svg relative block cursor-grab touch-none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <path className="react-flow__minimap-mask" d={`${outer} ${frame}`} fillRule="evenodd" pointerEvents="none" />
      </svg>
    </Panel>
  );
});
