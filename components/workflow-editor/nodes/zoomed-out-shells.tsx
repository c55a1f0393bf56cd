"use client";

/**
 * How much of a node the canvas draws at its zoom (level of detail, React Flow's guidance for large graphs):
 * in full when the text is readable, compact (colour, title, handles) when zoomed out, and as a plain
 * coloured box when zoomed out so far that no text is readable and no handle can be grabbed. A canvas
 * showing 1,000 nodes then has far fewer elements to lay out, paint and hit-test, and far fewer React Flow
 * store subscriptions (one per handle) to run on every pointer move of a drag.
 */
import { Handle, Position } from "@xyflow/react";
import { clsx } from "clsx";
import { createContext } from "react";
import type { NodeType } from "@/lib/workflow/nodes/node-definition";
import type { sourceHandlesOf } from "../node-handles";

/** Below this zoom nodes are drawn compact: their text is too small to read anyway (ratio). */
export const COMPACT_ZOOM = 0.45;
/** Below this zoom nodes are drawn as boxes: a compact title would be under 5 px, a handle under 3 px (ratio). */
export const OVERVIEW_ZOOM = 0.2;

export type NodeDetail = "full" | "compact" | "overview";

/** The level of detail at a zoom (ratio). */
export function detailForZoom(zoom: number): NodeDetail {
  return zoom < OVERVIEW_ZOOM ? "overview" : zoom < COMPACT_ZOOM ? "compact" : "full";
}

/**
 * The canvas's level of detail (provided once by the canvas, so crossing a threshold re-renders the nodes
 * once and zooming does not re-render them otherwise).
 */
export const NodeDetailContext = createContext<NodeDetail>("full");

const handleClass = "!size-3 !border-2 !border-white !bg-zinc-400 dark:!border-zinc-900 hover:!bg-brand-500";
/**
 * A handle centred on the node's left or right edge by its offsets (half its 12 px) rather than React
 * Flow's `transform: translate(-50%, -50%)`: a transform gives each handle its own paint chunk, and with
 * 1,000 nodes on screen (2,000+ handles) Chromium's layerization and hit testing on every frame of a drag
 * took about half again as long (bench:editor, all nodes in view).
 */
export const targetHandleClass = `${handleClass} !transform-none !-left-1.5 !-mt-1.5`;
export const sourceHandleClass = `${handleClass} !transform-none !-right-1.5 !-mt-1.5`;

interface ZoomedOutShellProps {
  id: string;
  type: NodeType;
  title: string;
  color: string;
  handles: ReturnType<typeof sourceHandlesOf>;
  selected: boolean | undefined;
  stateClass: string;
  pinned: boolean;
  runStatus: string | undefined;
}

/** Where the n-th of `count` source handles sits on the right edge (CSS top). */
function handleTop(index: number, count: number): string {
  return `${((index + 1) / (count + 1)) * 100}%`;
}

/**
 * Where a handle is, for React Flow to anchor edges, without a `<Handle>`: the element and attributes
 * React Flow measures (`getHandleBounds` in @xyflow/system reads `.source`/`.target` elements and their
 * `data-handleid`/`data-handlepos`), placed exactly as the compact node's handles, but invisible (neither
 * painted nor hit by the pointer) and with no store subscription. Nothing can be connected in overview.
 */
function HandleAnchor({ type, handleId, top }: { type: "source" | "target"; handleId?: string; top?: string }) {
  const position = type === "target" ? Position.Left : Position.Right;
  return (
    <div
      data-handleid={handleId}
      data-handlepos={position}
      className={clsx(
        "react-flow__handle invisible",
        `react-flow__handle-${position}`,
        type,
        type === "target" ? targetHandleClass : sourceHandleClass,
      )}
      style={top ? { top } : undefined}
    />
  );
}

/** The frame both zoomed-out shells share: same size, so switching between them does not re-measure. */
function frameProps({ id, type, title, color, selected, stateClass, pinned, runStatus }: ZoomedOutShellProps) {
  return {
    "data-testid": `node-${id}`,
    "data-node-type": type,
    "data-run-status": runStatus,
    "data-pinned": pinned || undefined,
    className: clsx("relative h-16 w-60 rounded-lg border-4 bg-white dark:bg-zinc-900", stateClass, selected && "!border-brand-500"),
    style: { borderLeftColor: color, borderLeftWidth: 24 },
    title,
  };
}

/** A node drawn for a zoomed-out canvas: its colour, title and handles in a few elements instead of dozens. */
export function CompactShell(props: ZoomedOutShellProps) {
  const { type, title, handles } = props;
  return (
    <div {...frameProps(props)} data-compact="">
      {type !== "START" ? <Handle type="target" position={Position.Left} className={targetHandleClass} /> : null}
      <p className="overflow-hidden px-2 pt-1 text-2xl leading-tight font-semibold text-ellipsis whitespace-nowrap text-zinc-900 dark:text-zinc-100">
        {title}
      </p>
      {handles.map((handle, index) => (
        <Handle
          key={handle ?? "__unnamed"}
          type="source"
          position={Position.Right}
          id={handle ?? undefined}
          className={sourceHandleClass}
          style={{ top: handleTop(index, handles.length) }}
        />
      ))}
    </div>
  );
}

/** A node drawn for an overview: a box in its colour (and state), its title as a tooltip. */
export function OverviewShell(props: ZoomedOutShellProps) {
  const { type, handles } = props;
  return (
    <div {...frameProps(props)} data-compact="" data-overview="">
      {type !== "START" ? <HandleAnchor type="target" /> : null}
      {handles.map((handle, index) => (
        <HandleAnchor key={handle ?? "__unnamed"} type="source" handleId={handle ?? undefined} top={handleTop(index, handles.length)} />
      ))}
    </div>
  );
}
