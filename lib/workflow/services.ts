/**
 * The side effects a workflow run may have, passed to node executors as a `services` argument
 * (STYLE.md "Side effects through interfaces"). The runtime in lib/workflow imports no openai, Prisma
 * or MCP SDK; lib/runtime.ts wires real implementations (lib/llm, lib/connectors, lib/mcp, lib/knowledge),
 * tests wire real local peers or in-memory fakes.
 *
 * Every method may throw a `WorkflowError` (lib/workflow/errors.ts) whose `code` is one of the runtime
 * error codes of spec §5 (`timeout`, `http_status`, `connection_error`, `mcp_error`, `llm_error`, …).
 * Any other thrown error is reported by the engine as the node's failure with its message.
 */

/** Token usage of one model call, in tokens. */
export interface TokenUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export interface LlmCompletionRequest {
  /** Model name; absent = the configured default ("smart") model. */
  model?: string;
  system_prompt?: string;
  prompt: string;
  temperature?: number;
  max_tokens?: number;
  /** JSON Schema; when set the call asks for structured output and the result is validated against it. */
  output_schema?: Record<string, unknown>;
  /** Called with each streamed text fragment, in order. */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
}

export interface LlmCompletionResult {
  text: string;
  /** Parsed and schema-validated JSON, present only when `output_schema` was given. */
  json?: unknown;
  usage: TokenUsage;
  /** The model that actually answered. */
  model: string;
}

export interface LlmService {
  /** Throws WorkflowError `llm_error` (endpoint error, bad structured output) or `timeout`. */
  complete(request: LlmCompletionRequest): Promise<LlmCompletionResult>;
}

export interface ConnectorCallRequest {
  /** Connector id as used in documents (spec §1 resources.connectors[].id). */
  connectorId: string;
  /** Action id within the connector. */
  actionId: string;
  /** Values for `{{params.NAME}}` in the action's templates. */
  parameters: Record<string, unknown>;
  /** The user on whose behalf the call is made (access level check, audit log). */
  actor?: { userId?: string; email?: string; role?: string };
  signal?: AbortSignal;
}

export interface ConnectorCallResult {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the response is JSON, else text. */
  body: unknown;
  elapsed_ms: number;
  /** True when the response exceeded the action's max_response_bytes and was cut (marker appended). */
  truncated: boolean;
}

export interface ConnectorService {
  /**
   * Calls a connector action. Resolves for every HTTP status (the CONNECTOR node turns status ≥ 400
   * into `http_status`). Throws WorkflowError `connection_error` (network, SSRF refusal), `timeout`,
   * `invalid_config` (unknown connector/action, access level not held).
   */
  call(request: ConnectorCallRequest): Promise<ConnectorCallResult>;
}

export interface McpCallRequest {
  /** MCP server id as used in documents (spec §1 resources.mcp_servers[].id). */
  serverId: string;
  toolName: string;
  arguments: Record<string, unknown>;
  signal?: AbortSignal;
}

export interface McpCallResult {
  /** Text content blocks joined with "\n". */
  content: string;
  /** `structuredContent` of the result, or null. */
  structured: unknown;
  is_error: boolean;
}

export interface McpService {
  /** Throws WorkflowError `mcp_error` (server down, dropped connection, unknown tool) or `timeout`. */
  callTool(request: McpCallRequest): Promise<McpCallResult>;
  /** Closes every session opened for this run; called by the engine when a run stops, also on error. */
  close(): Promise<void>;
}

export interface RetrievedChunk {
  /** Document name. */
  document: string;
  /** Chunk position within its document (0-based). */
  chunk: number;
  /** Relevance score, higher is better (bm25, or hybrid when embeddings are configured). */
  score: number;
  text: string;
}

export interface KnowledgeService {
  /** Throws WorkflowError `invalid_config` for an unknown knowledge base id. */
  retrieve(request: { kbIds: string[]; query: string; topK: number; minScore?: number }): Promise<RetrievedChunk[]>;
}

/** Who and where an agent run happens, for nested `run_workflow` calls (spec §7). */
export interface AgentRunContext {
  /** The workflow run the AGENT node belongs to. */
  runId: string;
  /** Nesting depth of that run (0 = top level). */
  depth: number;
  /** Workflow ids on the call stack, outermost first, the current one last (for `reentrant_call`). */
  callStack: string[];
  /** The user the run acts for, when known. */
  userId: string | null;
}

/** One run of the agent loop for an AGENT node. */
export interface AgentRunRequest {
  /** A saved agent; when absent the inline fields below define the agent. */
  agentId?: string;
  instructions?: string;
  model?: string;
  /** Tool categories the agent may use; absent = all. */
  tool_categories?: string[];
  max_iterations?: number;
  prompt: string;
  signal?: AbortSignal;
  /** Called with each streamed answer fragment, in order. */
  onDelta?: (text: string) => void;
  context: AgentRunContext;
}

/** What the agent loop returns. */
export interface AgentRunResult {
  text: string;
  /** The agent's steps (tool calls and their results), JSON-serialisable. */
  steps: unknown[];
  usage: TokenUsage;
  /** The model that answered, when known. */
  model?: string;
}

/** The agent loop as the AGENT node uses it (implemented in lib/agent). */
export interface AgentService {
  /** Runs one agent loop to its answer. Throws WorkflowError `max_iterations`, `llm_error`, `timeout`, `invalid_config`. */
  run(request: AgentRunRequest): Promise<AgentRunResult>;
}

/** The services a run may use. Any may be absent; a node that needs a missing one fails with `invalid_config`. */
export interface NodeServices {
  llm?: LlmService;
  connectors?: ConnectorService;
  mcp?: McpService;
  knowledge?: KnowledgeService;
  /** The AGENT node's loop (lib/agent). */
  agent?: AgentService;
  /** Workspace variables for `{{env.NAME}}` (spec §3), decrypted. */
  env?: Record<string, string>;
  /** Names in `env` whose values are secret: the engine replaces those values with `[redacted]` in stored inputs, outputs and events. */
  secretEnvNames?: readonly string[];
}
