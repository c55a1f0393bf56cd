"use client";

import { Handle, type NodeProps, Position, useUpdateNodeInternals } from "@xyflow/react";
import { clsx } from "clsx";
import { AlertTriangle, CheckCircle2, Clock, Loader2, Pin, XCircle } from "lucide-react";
import { createContext, useContext, useEffect, useMemo, useRef } from "react";
import type { NodeType } from "@/lib/workflow/nodes/node-definition";
import { getNodeDefinition, isNodeType } from "@/lib/workflow/nodes/registry";
import { handleLabel, sourceHandlesOf } from "../node-handles";
import { type NodeRunState, useNodeIssues, useNodePinned, useNodeRun } from "../node-status-store";
import { summarizeNode } from "../node-summary";
import type { EditorNode } from "../types";
import { iconFor } from "./node-icons";

const runBorder: Record<NodeRunState["status"], string> = {
  pending: "border-zinc-300 dark:border-zinc-700",
  running: "border-blue-500 ring-2 ring-blue-500/30",
  waiting: "border-amber-500 ring-2 ring-amber-500/30",
  succeeded: "border-green-600",
  failed: "border-red-600 ring-2 ring-red-600/20",
  skipped: "border-dashed border-zinc-300 opacity-60 dark:border-zinc-700",
};

const handleClass = "!size-3 !border-2 !border-white !bg-zinc-400 dark:!border-zinc-900 hover:!bg-brand-500";
/**
 * A handle centred on the node's left or right edge by its offsets (half its 12 px) rather than React
 * Flow's `transform: translate(-50%, -50%)`: a transform gives each handle its own paint chunk, and with
 * 1,000 nodes on screen (2,000+ handles) Chromium's layerization and hit testing on every frame of a drag
 * took about half again as long (bench:editor, all nodes in view).
 */
const targetHandleClass = `${handleClass} !transform-none !-left-1.5 !-mt-1.5`;
const sourceHandleClass = `${handleClass} !transform-none !-right-1.5 !-mt-1.5`;

/** Below this zoom nodes are drawn compact: their text is too small to read anyway (ratio). */
export const COMPACT_ZOOM = 0.45;

/**
 * True while the canvas is zoomed out below COMPACT_ZOOM (provided once by the canvas, so crossing the
 * threshold re-renders the nodes once and zooming does not re-render them otherwise).
 */
export const CompactNodesContext = createContext(false);

/**
 * A node drawn for a zoomed-out canvas: its colour, title and handles in a few elements instead of
 * dozens, so a canvas showing 1,000 nodes has far less to lay out, hit-test and paint on every frame.
 */
function CompactShell({
  id,
  type,
  title,
  color,
  handles,
  selected,
  stateClass,
  pinned,
  runStatus,
}: {
  id: string;
  type: NodeType;
  title: string;
  color: string;
  handles: ReturnType<typeof sourceHandlesOf>;
  selected: boolean | undefined;
  stateClass: string;
  pinned: boolean;
  runStatus: string | undefined;
}) {
  return (
    <div
      data-testid={`node-${id}`}
      data-node-type={type}
      data-run-status={runStatus}
      data-pinned={pinned || undefined}
      data-compact=""
      className={clsx("relative h-16 w-60 rounded-lg border-4 bg-white dark:bg-zinc-900", stateClass, selected && "!border-brand-500")}
      style={{ borderLeftColor: color, borderLeftWidth: 24 }}
      title={title}
    >
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
          style={{ top: `${((index + 1) / (handles.length + 1)) * 100}%` }}
        />
      ))}
    </div>
  );
}

function RunLine({ run }: { run: NodeRunState }) {
  const icon =
    run.status === "running" ? (
      <Loader2 size={12} className="animate-spin" aria-hidden="true" />
    ) : run.status === "waiting" ? (
      <Clock size={12} aria-hidden="true" />
    ) : run.status === "succeeded" ? (
      <CheckCircle2 size={12} aria-hidden="true" />
    ) : run.status === "failed" ? (
      <XCircle size={12} aria-hidden="true" />
    ) : null;
  return (
    <div
      className="flex items-center gap-1 border-t border-zinc-100 px-3 py-1 text-[11px] text-zinc-600 dark:border-zinc-800 dark:text-zinc-400"
      data-testid="node-run-status"
    >
      {icon}
      <span>{run.status}</span>
      {run.elapsedMs !== undefined ? <span className="ml-auto tabular-nums">{(run.elapsedMs / 1000).toFixed(2)} s</span> : null}
    </div>
  );
}

/**
 * The body every node renderer shares: coloured icon, title, node id, a one-line summary of its config,
 * a pin when its outputs are pinned, a badge with its validation problems, the run state when a run is shown, the target handle (left)
 * and one source handle per outgoing handle (right; named handles labelled).
 */
export function NodeShell({ id, type, data, selected }: Pick<NodeProps<EditorNode>, "id" | "data" | "selected"> & { type: NodeType }) {
  const meta = isNodeType(type) ? getNodeDefinition(type).meta : null;
  const Icon = iconFor(meta?.icon ?? "");
  const issues = useNodeIssues(id);
  const run = useNodeRun(id);
  const pinned = useNodePinned(id);
  const compact = useContext(CompactNodesContext);
  const handles = useMemo(() => sourceHandlesOf(type, data), [type, data]);
  const handleKey = handles.join("|");
  const updateNodeInternals = useUpdateNodeInternals();
  const measuredHandles = useRef(handleKey);
  useEffect(() => {
    // React Flow measures handles when a node mounts; re-measure only when the handle list changes later
    // (a call per node at mount would update the store once per node: quadratic on a large graph)
    if (measuredHandles.current === handleKey) return;
    measuredHandles.current = handleKey;
    updateNodeInternals(id);
  }, [handleKey, id, updateNodeInternals]);
  const title = typeof data.title === "string" && data.title.trim() !== "" ? data.title : (meta?.label ?? type);
  const summary = summarizeNode(type, data);
  const single = handles.length === 1 && handles[0] === null;
  const named = single ? [] : handles;
  const stateClass = run
    ? runBorder[run.status]
    : issues.length > 0
      ? "border-red-300 dark:border-red-900"
      : "border-zinc-200 dark:border-zinc-700";
  if (compact) {
    return (
      <CompactShell
        id={id}
        type={type}
        title={title}
        color={meta?.color ?? "#71717a"}
        handles={handles}
        selected={selected}
        stateClass={stateClass}
        pinned={pinned}
        runStatus={run?.status}
      />
    );
  }

  return (
    <div
      data-testid={`node-${id}`}
      data-node-type={type}
      data-run-status={run?.status}
      data-pinned={pinned || undefined}
      className={clsx(
        "w-60 rounded-lg border bg-white text-left dark:bg-zinc-900",
        stateClass,
        selected && "!border-brand-500 ring-2 ring-brand-500/40",
      )}
    >
      {type !== "START" ? <Handle type="target" position={Position.Left} className={targetHandleClass} /> : null}
      <div className="flex items-center gap-2 px-3 pt-2.5 pb-1">
        <span
          className="inline-flex size-6 shrink-0 items-center justify-center rounded-md text-white"
          style={{ backgroundColor: meta?.color ?? "#71717a" }}
        >
          <Icon size={14} aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm leading-tight font-semibold text-zinc-900 dark:text-zinc-100">{title}</p>
          <p className="truncate font-mono text-[10px] leading-tight text-zinc-500 dark:text-zinc-400">
            {meta?.label ?? type} · {id}
          </p>
        </div>
        {pinned ? (
          <span
            data-testid="node-pinned"
            title="Outputs pinned: a draft run uses them instead of running this node"
            className="inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-violet-600 text-white"
          >
            <Pin size={10} aria-hidden="true" />
            <span className="sr-only">outputs pinned</span>
          </span>
        ) : null}
        {issues.length > 0 ? (
          <span
            data-testid="node-issues"
            title={issues.map((issue) => issue.message).join("\n")}
            className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center gap-0.5 rounded-full bg-red-600 px-1.5 text-[10px] font-semibold text-white"
          >
            <AlertTriangle size={10} aria-hidden="true" />
            {issues.length}
            <span className="sr-only">{issues.length === 1 ? " problem" : " problems"}</span>
          </span>
        ) : null}
      </div>
      <p className="truncate px-3 pb-2 text-xs text-zinc-600 dark:text-zinc-400" title={summary}>
        {summary}
      </p>
      {named.length > 0 ? (
        <div className="border-t border-zinc-100 py-1 dark:border-zinc-800">
          {named.map((handle) => (
            <div
              key={handle ?? "__unnamed"}
              className="relative flex h-6 items-center justify-end pr-3 text-[11px] text-zinc-600 dark:text-zinc-400"
              data-testid={`handle-${handle}`}
            >
              <span className={clsx("truncate", handle === "error" && "text-red-600 dark:text-red-400")}>{handleLabel(data, handle)}</span>
              <Handle
                type="source"
                position={Position.Right}
                id={handle ?? undefined}
                className={clsx(
                  sourceHandleClass,
                  handle === "error" && "!bg-red-500",
                  handle === "approved" && "!bg-green-600",
                  handle === "rejected" && "!bg-red-500",
                )}
              />
            </div>
          ))}
        </div>
      ) : null}
      {single ? <Handle type="source" position={Position.Right} className={sourceHandleClass} /> : null}
      {run ? <RunLine run={run} /> : null}
    </div>
  );
}
