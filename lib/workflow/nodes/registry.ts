/**
 * All node types (spec §2), keyed by type. A plain module-level object, checked with `satisfies`
 * (STYLE.md: no registration by import side effect).
 */
import type { z } from "zod";
import { agentNode } from "./agent";
import { conditionBranchNode } from "./condition-branch";
import { connectorNode } from "./connector";
import { endNode } from "./end";
import { humanInterventionNode } from "./human-intervention";
import { knowledgeRetrievalNode } from "./knowledge-retrieval";
import { llmNode } from "./llm";
import { mcpNode } from "./mcp";
import { NODE_TYPES, type NodeDefinition, type NodeType } from "./node-definition";
import { startNode } from "./start";

/** Every node type, keyed by `type`. */
export const nodeRegistry = {
  START: startNode,
  END: endNode,
  LLM: llmNode,
  CONDITION_BRANCH: conditionBranchNode,
  AGENT: agentNode,
  KNOWLEDGE_RETRIEVAL: knowledgeRetrievalNode,
  CONNECTOR: connectorNode,
  MCP: mcpNode,
  HUMAN_INTERVENTION: humanInterventionNode,
} satisfies { [T in NodeType]: NodeDefinition<T> };

/** The parsed `data` of a node of type `T`. */
export type NodeConfig<T extends NodeType> = z.infer<(typeof nodeRegistry)[T]["configSchema"]>;

/** True when `type` is one of the nine node types. */
export function isNodeType(type: unknown): type is NodeType {
  return typeof type === "string" && (NODE_TYPES as readonly string[]).includes(type);
}

/** The definition of a node type, typed loosely for generic code (the engine, validation). */
export function getNodeDefinition(type: NodeType): NodeDefinition {
  return nodeRegistry[type] as NodeDefinition;
}
