"use client";

import { Background, Controls, type Edge, Handle, type Node, type NodeProps, type NodeTypes, Position, ReactFlow } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { clsx } from "clsx";
import { useColorMode } from "@/components/workflow-editor/hooks/use-color-mode";
import { STATUS_LABELS } from "./format";

/** A node of the run's graph snapshot with its final status. */
export interface RunGraphNode {
  id: string;
  type: string;
  title: string;
  position: { x: number; y: number };
  /** Final node status, or "not_reached" when the run never got to it. */
  status: string;
  /** Source handles used by the snapshot's edges (null = the unnamed handle). */
  sourceHandles: (string | null)[];
}

export interface RunGraphEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle: string | null;
}

type StatusNode = Node<{ node: RunGraphNode }, "status">;

const BORDER: Record<string, string> = {
  succeeded: "border-green-500",
  failed: "border-red-500",
  running: "border-blue-500",
  waiting: "border-amber-500",
  skipped: "border-zinc-300 border-dashed opacity-60",
  pending: "border-zinc-300",
  not_reached: "border-zinc-300 border-dashed opacity-60",
};
const DOT: Record<string, string> = {
  succeeded: "bg-green-500",
  failed: "bg-red-500",
  running: "bg-blue-500",
  waiting: "bg-amber-500",
};

function StatusNodeView({ data }: NodeProps<StatusNode>) {
  const { node } = data;
  const named = node.sourceHandles.filter((h): h is string => h !== null);
  return (
    <div
      className={clsx(
        "min-w-40 rounded-md border-2 bg-white px-3 py-2 text-xs shadow-sm dark:bg-zinc-900",
        BORDER[node.status] ?? "border-zinc-300",
      )}
      data-testid="graph-node"
      data-node-id={node.id}
      data-status={node.status}
    >
      {node.type !== "START" ? <Handle type="target" position={Position.Left} isConnectable={false} /> : null}
      <div className="flex items-center gap-1.5">
        <span className={clsx("inline-block size-2 rounded-full", DOT[node.status] ?? "bg-zinc-300")} aria-hidden="true" />
        <span className="font-medium text-zinc-900 dark:text-zinc-100">{node.title}</span>
      </div>
      <div className="mt-0.5 flex justify-between gap-3 text-[10px] text-zinc-500">
        <span className="font-mono">{node.type}</span>
        <span>{node.status === "not_reached" ? "not reached" : (STATUS_LABELS[node.status] ?? node.status)}</span>
      </div>
      {node.sourceHandles.includes(null) ? <Handle type="source" position={Position.Right} isConnectable={false} /> : null}
      {named.map((handle, i) => (
        <Handle
          key={handle}
          id={handle}
          type="source"
          position={Position.Right}
          isConnectable={false}
          style={{ top: `${((i + 1) / (named.length + 1)) * 100}%` }}
          title={handle}
        />
      ))}
    </div>
  );
}

const nodeTypes = { status: StatusNodeView } satisfies NodeTypes;

/**
 * The run's graph snapshot, read-only, each node coloured by its final status; clicking a node jumps to its details.
 * `theme` is the page's theme at render; React Flow's controls and edge labels follow the toggle after that.
 */
export function RunGraph({ nodes, edges, theme = "light" }: { nodes: RunGraphNode[]; edges: RunGraphEdge[]; theme?: "light" | "dark" }) {
  const colorMode = useColorMode(theme);
  const flowNodes: StatusNode[] = nodes.map((node) => ({ id: node.id, type: "status", position: node.position, data: { node } }));
  const statusOf = new Map(nodes.map((n) => [n.id, n.status]));
  const flowEdges: Edge[] = edges.map((edge) => {
    const reached = !["skipped", "not_reached"].includes(statusOf.get(edge.target) ?? "not_reached");
    return {
      id: edge.id,
      source: edge.source,
      target: edge.target,
      sourceHandle: edge.sourceHandle,
      label: edge.sourceHandle ?? undefined,
      style: reached ? { strokeWidth: 2 } : { strokeDasharray: "4 4", opacity: 0.5 },
    };
  });
  return (
    <div className="h-96 rounded-md border border-zinc-200 dark:border-zinc-800" data-testid="run-graph">
      <ReactFlow
        nodes={flowNodes}
        edges={flowEdges}
        nodeTypes={nodeTypes}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        edgesFocusable={false}
        colorMode={colorMode}
        fitView
        minZoom={0.1}
        proOptions={{ hideAttribution: true }}
        onNodeClick={(_, node) => document.getElementById(`node-${node.id}`)?.scrollIntoView({ behavior: "smooth", block: "start" })}
      >
        <Background gap={16} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
