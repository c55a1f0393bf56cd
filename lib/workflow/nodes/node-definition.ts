/**
 * The shape every node type module (nodes/<type>.ts) exports: config schema, output schema, handles,
 * editor metadata and executor (STYLE.md "one module per node type"). Registered in nodes/registry.ts.
 */
import type { z } from "zod";
import type { NodeServices, TokenUsage } from "../services";
import type { TemplateScope } from "../template";

/** The nine node types of spec §2. */
export const NODE_TYPES = [
  "START",
  "END",
  "LLM",
  "CONDITION_BRANCH",
  "AGENT",
  "KNOWLEDGE_RETRIEVAL",
  "CONNECTOR",
  "MCP",
  "HUMAN_INTERVENTION",
] as const;

/** One of NODE_TYPES. */
export type NodeType = (typeof NODE_TYPES)[number];

/** `sourceHandle` of an edge: a named handle, or `null` for a node's one unnamed handle (spec §2). */
export type SourceHandle = string | null;

/** The handle `fail_branch` adds to every node (spec §2). */
export const ERROR_HANDLE = "error";

/** Grouping in the editor's node palette. */
export type NodeCategory = "control" | "model" | "knowledge" | "integration" | "human";

/** Editor metadata; field help comes from the config schema's `.describe()` texts. */
export interface NodeEditorMeta {
  label: string;
  description: string;
  /** A lucide icon name (lucide-react export), e.g. `"Sparkles"`. */
  icon: string;
  /** CSS colour of the node header, hex. */
  color: string;
  category: NodeCategory;
  /**
   * `data` of a node freshly dropped on the canvas. Valid against the config schema except for the
   * choices only the user can make (which knowledge bases, connector and action, MCP server and tool).
   */
  defaultData: Record<string, unknown>;
}

/** Who and what a node runs for (spec §5, §7). */
export interface NodeRunInfo {
  runId: string;
  workflowId: string;
  /** Nesting depth of the run, 0 for a top-level run. */
  depth: number;
  /** Workflow ids of the enclosing runs, outermost first, this run's workflow last. */
  callStack: string[];
  userId: string | null;
}

/** What an executor receives for one attempt. */
export interface NodeExecutionContext<Config, Inputs> {
  nodeId: string;
  /** The node's parsed `data` (defaults applied). */
  config: Config;
  /** The node's resolved inputs (templates rendered), as recorded in the node run and `node.started`. */
  inputs: Inputs;
  /** Outputs of the nodes that ran, `input`, `env`. */
  scope: TemplateScope;
  services: NodeServices;
  /** Aborted on node timeout (`timeout_ms`), run cancel, or a `stop_workflow` failure elsewhere. */
  signal: AbortSignal;
  /** 1-based attempt number (retries, spec §2 `retry_count`). */
  attempt: number;
  run: NodeRunInfo;
  /** Streams a text fragment as a `node.delta` event (spec §9). */
  emit(text: string): void;
}

/** What an executor returns: the outputs, and token usage and model when a model ran. */
export interface NodeExecutionResult<Outputs> {
  outputs: Outputs;
  /** Tokens used by this attempt. */
  usage?: TokenUsage;
  model?: string;
}

/**
 * One node type. `Config` is `z.infer` of `configSchema`; `Inputs` the resolved inputs; `Outputs` of `outputSchema`.
 * Methods (not function properties) so that a definition of a narrower type fits `NodeDefinition` in the registry.
 */
export interface NodeDefinition<T extends NodeType = NodeType, Config = unknown, Inputs = unknown, Outputs = unknown> {
  type: T;
  /**
   * The executor only computes from its inputs and config: no service call, no I/O, nothing outside the
   * run. Its attempt's start is then queued without waiting for the write, so its `node.started` and
   * `node.ended` steps usually share one write with the steps around them (spec §5 still holds: a crash
   * before that write loses nothing that happened outside the stored run, and recovery ends the run
   * `interrupted`). Default false: the start is stored before `execute` begins.
   */
  pure?: boolean;
  /** The node's `data` (spec §2), common fields included. */
  configSchema: z.ZodType<Config>;
  outputSchema: z.ZodType<Outputs>;
  meta: NodeEditorMeta;
  /** Top-level `data` keys whose strings are templates (checked for upstream references, spec §4). */
  templateFields: readonly string[];
  /** The node's source handles, without the `error` handle that `fail_branch` adds. */
  sourceHandles(config: Config): SourceHandle[];
  /** The handles whose edges are taken after a success; every other outgoing edge is skipped. */
  takenHandles(outputs: Outputs, config: Config): SourceHandle[];
  /** The handles taken when the node failed under `error_strategy: continue`. */
  continueHandles(config: Config): SourceHandle[];
  /**
   * Renders the node's templates against the scope.
   * @throws WorkflowError `unresolved_reference` for a missing path.
   */
  resolveInputs(config: Config, scope: TemplateScope): Inputs;
  /**
   * Runs one attempt. Throws a WorkflowError with a spec §5 code on failure (`invalid_config` when a
   * needed service is absent).
   */
  execute(context: NodeExecutionContext<Config, Inputs>): Promise<NodeExecutionResult<Outputs>>;
}

/** Identity helper that infers a definition's type parameters. */
export function defineNode<T extends NodeType, Config, Inputs, Outputs>(
  definition: NodeDefinition<T, Config, Inputs, Outputs>,
): NodeDefinition<T, Config, Inputs, Outputs> {
  return definition;
}
