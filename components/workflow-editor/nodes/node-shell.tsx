"use client";

import { Handle, type NodeProps, Position, useUpdateNodeInternals } from "@xyflow/react";
import { clsx } from "clsx";
import { AlertTriangle, CheckCircle2, Clock, Loader2, Pin, XCircle } from "lucide-react";
import { useContext, useEffect, useMemo, useRef } from "react";
import type { NodeType } from "@/lib/workflow/nodes/node-definition";
import { getNodeDefinition, isNodeType } from "@/lib/workflow/nodes/registry";
import { handleLabel, sourceHandlesOf } from "../node-handles";
import { type NodeRunState, useNodeIssues, useNodePinned, useNodeRun } from "../node-status-store";
import { summarizeNode } from "../node-summary";
import type { EditorNode } from "../types";
import { iconFor } from "./node-icons";
import { CompactShell, NodeDetailContext, OverviewShell, sourceHandleClass, targetHandleClass } from "./zoomed-out-shells";

const runBorder: Record<NodeRunState["status"], string> = {
  pending: "border-zinc-300 dark:border-zinc-700",
  running: "border-blue-500 ring-2 ring-blue-500/30",
  waiting: "border-amber-500 ring-2 ring-amber-500/30",
  succeeded: "border-green-600",
  failed: "border-red-600 ring-2 ring-red-600/20",
  skipped: "border-dashed border-zinc-300 opacity-60 dark:border-zinc-700",
  not_reached: "border-dashed border-zinc-300 opacity-60 dark:border-zinc-700",
};

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
      <span>{run.status === "not_reached" ? "not reached" : run.status}</span>
      {run.elapsedMs !== undefined ? (
        <span className="ml-auto whitespace-nowrap tabular-nums">{(run.elapsedMs / 1000).toFixed(2)} s</span>
      ) : null}
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
  const detail = useContext(NodeDetailContext);
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
  if (detail !== "full") {
    const Shell = detail === "overview" ? OverviewShell : CompactShell;
    return (
      <Shell
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
