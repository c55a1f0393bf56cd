"use client";

/**
 * One memoised renderer per node type, and `nodeTypes`, the module-level map React Flow needs
 * (STYLE.md: never rebuilt in a render). Each renderer is the shared NodeShell bound to its type: the
 * icon, colour and label come from the type's editor metadata, the summary from its data, the handles
 * from its `sourceHandles` (lib/workflow/nodes).
 */
import type { NodeProps, NodeTypes } from "@xyflow/react";
import { memo } from "react";
import type { EditorNode } from "../types";
import { NodeShell } from "./node-shell";

type Props = NodeProps<EditorNode>;

/**
 * A renderer re-renders only when what it shows changes: its id, data or selection. React Flow also passes
 * the node's position (`positionAbsoluteX/Y`), `dragging` and more, which change on every pointer move of a
 * drag; the default shallow compare would re-render the dragged nodes' whole shell on each move.
 */
export function sameShown(previous: Props, next: Props): boolean {
  return previous.id === next.id && previous.data === next.data && previous.selected === next.selected;
}

export const StartNode = memo(function StartNode({ id, data, selected }: Props) {
  return <NodeShell id={id} type="START" data={data} selected={selected} />;
}, sameShown);
export const EndNode = memo(function EndNode({ id, data, selected }: Props) {
  return <NodeShell id={id} type="END" data={data} selected={selected} />;
}, sameShown);
export const LlmNode = memo(function LlmNode({ id, data, selected }: Props) {
  return <NodeShell id={id} type="LLM" data={data} selected={selected} />;
}, sameShown);
export const ConditionBranchNode = memo(function ConditionBranchNode({ id, data, selected }: Props) {
  return <NodeShell id={id} type="CONDITION_BRANCH" data={data} selected={selected} />;
}, sameShown);
export const AgentNode = memo(function AgentNode({ id, data, selected }: Props) {
  return <NodeShell id={id} type="AGENT" data={data} selected={selected} />;
}, sameShown);
export const KnowledgeRetrievalNode = memo(function KnowledgeRetrievalNode({ id, data, selected }: Props) {
  return <NodeShell id={id} type="KNOWLEDGE_RETRIEVAL" data={data} selected={selected} />;
}, sameShown);
export const ConnectorNode = memo(function ConnectorNode({ id, data, selected }: Props) {
  return <NodeShell id={id} type="CONNECTOR" data={data} selected={selected} />;
}, sameShown);
export const McpNode = memo(function McpNode({ id, data, selected }: Props) {
  return <NodeShell id={id} type="MCP" data={data} selected={selected} />;
}, sameShown);
export const HumanInterventionNode = memo(function HumanInterventionNode({ id, data, selected }: Props) {
  return <NodeShell id={id} type="HUMAN_INTERVENTION" data={data} selected={selected} />;
}, sameShown);

export const nodeTypes = {
  START: StartNode,
  END: EndNode,
  LLM: LlmNode,
  CONDITION_BRANCH: ConditionBranchNode,
  AGENT: AgentNode,
  KNOWLEDGE_RETRIEVAL: KnowledgeRetrievalNode,
  CONNECTOR: ConnectorNode,
  MCP: McpNode,
  HUMAN_INTERVENTION: HumanInterventionNode,
} satisfies NodeTypes;
