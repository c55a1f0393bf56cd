"use client";

import { Trash2, X } from "lucide-react";
import { memo, useEffect, useState } from "react";
import { Input } from "@/components/ui/field";
import type { NodeType } from "@/lib/workflow/nodes/node-definition";
import { getNodeDefinition, isNodeType } from "@/lib/workflow/nodes/registry";
import { NodeForm } from "./form/node-form";
import { VariablesContext, type VariablesContextValue } from "./form/variables-context";
import { nodeIdProblem } from "./graph-convert";
import { iconFor } from "./nodes/node-icons";
import { NodeDebugPanel } from "./run/node-debug-panel";
import { NodeRunPanel } from "./run/node-run-panel";
import { canPinOutputs, type NodeTestSample } from "./run/node-test";
import type { NodeRunDetails } from "./run/use-run-watcher";

interface SidePanelProps {
  nodeId: string;
  type: NodeType;
  data: Record<string, unknown>;
  formEpoch: number;
  variables: VariablesContextValue;
  onDataChange: (id: string, data: Record<string, unknown>) => void;
  onRename: (from: string, to: string) => void;
  onDelete: (id: string) => void;
  onClose: () => void;
  /** What the shown run did at this node. */
  run?: NodeRunDetails;
  /** The node's pinned outputs (undefined: none). */
  pinned: unknown;
  /** Whether runs (and so tests) are available. */
  canTest: boolean;
  onPin: (id: string, outputs: unknown) => void;
  onTest: (id: string, sample: Record<string, unknown>) => Promise<string | null>;
  /** The sample a single-node test starts from. */
  sampleFor: (id: string) => NodeTestSample;
}

function NodeIdField({
  nodeId,
  taken,
  onRename,
}: {
  nodeId: string;
  taken: ReadonlySet<string>;
  onRename: (from: string, to: string) => void;
}) {
  const [value, setValue] = useState(nodeId);
  useEffect(() => setValue(nodeId), [nodeId]);
  const problem = value === nodeId ? null : nodeIdProblem(value, nodeId, taken);
  const apply = () => {
    if (value !== nodeId && !problem) onRename(nodeId, value);
  };
  return (
    <div className="space-y-1">
      <label htmlFor="node-id" className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Node ID (used in templates as {`{{${nodeId}.…}}`})
      </label>
      <Input
        id="node-id"
        value={value}
        invalid={Boolean(problem)}
        className="font-mono text-xs"
        onChange={(event) => setValue(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === "Enter") apply();
          if (event.key === "Escape") setValue(nodeId);
        }}
      />
      {problem ? <p className="text-xs text-red-600 dark:text-red-400">{problem}</p> : null}
    </div>
  );
}

/** The panel beside the canvas for the one selected node: run details, pins and a test, its id, its generated form. */
export const SidePanel = memo(function SidePanel({
  nodeId,
  type,
  data,
  formEpoch,
  variables,
  onDataChange,
  onRename,
  onDelete,
  onClose,
  run,
  pinned,
  canTest,
  onPin,
  onTest,
  sampleFor,
}: SidePanelProps) {
  const meta = isNodeType(type) ? getNodeDefinition(type).meta : null;
  const Icon = iconFor(meta?.icon ?? "");
  return (
    <aside
      aria-label="Node settings"
      className="flex w-[380px] shrink-0 flex-col border-l border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="side-panel"
    >
      <div className="flex items-center gap-2 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <span
          className="inline-flex size-7 items-center justify-center rounded-md text-white"
          style={{ backgroundColor: meta?.color ?? "#71717a" }}
        >
          <Icon size={15} aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm font-semibold">{meta?.label ?? type}</h2>
          <p className="truncate text-xs text-zinc-500">{meta?.description}</p>
        </div>
        <button
          type="button"
          onClick={() => onDelete(nodeId)}
          aria-label="Delete node"
          title="Delete node"
          className="inline-flex size-8 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-red-600 dark:hover:bg-zinc-800"
        >
          <Trash2 size={15} aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close node settings"
          className="inline-flex size-8 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          <X size={15} aria-hidden="true" />
        </button>
      </div>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-4">
        {run ? <NodeRunPanel details={run} /> : null}
        {canPinOutputs(type) ? (
          <NodeDebugPanel
            key={nodeId}
            nodeId={nodeId}
            pinned={pinned}
            lastOutputs={run?.status === "succeeded" ? run.outputs : undefined}
            canTest={canTest}
            sampleFor={sampleFor}
            onPin={onPin}
            onTest={onTest}
          />
        ) : null}
        <NodeIdField nodeId={nodeId} taken={variables.allNodeIds} onRename={onRename} />
        {isNodeType(type) ? (
          <VariablesContext.Provider value={variables}>
            <NodeForm
              key={`${nodeId}:${formEpoch}`}
              nodeId={nodeId}
              type={type}
              data={data}
              onChange={(next) => onDataChange(nodeId, next)}
            />
          </VariablesContext.Provider>
        ) : (
          <p className="text-sm text-red-600">This node has an unknown type ({String(type)}); delete it or fix the file.</p>
        )}
      </div>
    </aside>
  );
});
