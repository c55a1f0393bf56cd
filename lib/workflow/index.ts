/**
 * The workflow runtime (pure TypeScript): document schema, validation, templates, node registry, run
 * store and engine. The RunStore conformance suite is not exported here (it imports vitest): import
 * "@/lib/workflow/run-store.conformance" from a test.
 */
export * from "./engine";
export * from "./errors";
export { checkRunInputs } from "./inputs";
export { InMemoryRunStore } from "./memory-run-store";
export { type CommonNodeData, commonDataShape, ERROR_STRATEGIES, type ErrorStrategy, MAX_RETRY_DELAY_MS } from "./nodes/common";
export { CONDITION_OPERATORS, type ConditionOperator, evaluateCondition, isEmptyValue } from "./nodes/condition-operators";
export { DEFAULT_HANDLE } from "./nodes/condition-branch";
export { APPROVAL_DECISIONS, type ApprovalDecision } from "./nodes/human-intervention";
export {
  defineNode,
  ERROR_HANDLE,
  type NodeCategory,
  type NodeDefinition,
  type NodeEditorMeta,
  type NodeExecutionContext,
  type NodeExecutionResult,
  type NodeRunInfo,
  NODE_TYPES,
  type NodeType,
  type SourceHandle,
} from "./nodes/node-definition";
export { getNodeDefinition, isNodeType, type NodeConfig, nodeRegistry } from "./nodes/registry";
export { type StartVariable, VARIABLE_TYPES, type VariableType } from "./nodes/start";
export * from "./run-store";
export * from "./schema";
export type * from "./services";
export * from "./template";
export { checkGraph, type GraphIssue, validateDocument, validateGraph } from "./validate";
