/**
 * The Tool protocol (issue 5, STYLE.md "Everything an agent can do is a Tool"): every capability an agent
 * has — builtin, knowledge base, connector action, MCP tool, skill, workflow, delegate agent — is one of
 * these, invoked through one envelope (invoke.ts).
 */

/** A JSON Schema object (draft 2020-12 / draft-07 keywords as Ajv 8 supports them). */
export type JsonSchema = Record<string, unknown>;

/**
 * Tool categories, for an agent's `tool_categories` filter (spec §2 AGENT). Builtins have finer
 * categories; every other source has its own. `meta` tools (request_tools, call_agent) are never filtered.
 */
export const TOOL_CATEGORIES = [
  "math",
  "data",
  "text",
  "web",
  "knowledge",
  "connector",
  "mcp",
  "skill",
  "workflow",
  "agent",
  "meta",
] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number];

/** Categories a user picks for an agent (everything but `meta`), with their labels. */
export const SELECTABLE_TOOL_CATEGORIES: { value: Exclude<ToolCategory, "meta">; label: string }[] = [
  { value: "math", label: "Math (calculator)" },
  { value: "data", label: "Data (JSONata transforms)" },
  { value: "text", label: "Text (templates, text utilities)" },
  { value: "web", label: "Web (fetch a URL)" },
  { value: "knowledge", label: "Knowledge bases" },
  { value: "connector", label: "Connectors" },
  { value: "mcp", label: "MCP servers" },
  { value: "skill", label: "Skills" },
  { value: "workflow", label: "Workflows (run_workflow)" },
  { value: "agent", label: "Other agents (call_agent)" },
];

/** The workflow run an agent acts inside (spec §7), or null in chat (no parent run). */
export interface ToolRunScope {
  runId: string;
  /** Depth of that run (0 = top level). */
  depth: number;
  /** Workflow ids on the call stack, outermost first, the current one last. */
  callStack: string[];
}

/** Where and for whom a tool runs. */
export interface ToolContext {
  /** The user the agent acts for; null for headless runs without a user. */
  userId: string | null;
  /** The acting user's email and role (connector access levels, audit). */
  actor?: { userId?: string; email?: string; role?: string };
  /** The workflow run of an AGENT node; null or absent in chat. */
  run?: ToolRunScope | null;
  /** The conversation of a chat turn. */
  conversationId?: string;
  /** The model's id of this tool call. */
  callId?: string;
  /** Where binary results go (files are stored and referenced, never inlined). */
  files?: FileStore;
  signal?: AbortSignal;
}

/** A stored binary result, as the model and the UI see it. */
export interface FileRef {
  /** Opaque reference, e.g. `file:sha256:…`. */
  ref: string;
  name: string;
  mime_type: string;
  size_bytes: number;
}

/** Stores binary tool results. */
export interface FileStore {
  put(file: { name: string; mimeType: string; data: Uint8Array }): Promise<FileRef>;
}

/** What a tool's `run` may return besides plain values: binary files (stored by the envelope). */
export interface ToolFilesOutput {
  type: "files";
  files: { name: string; mimeType: string; data: Uint8Array }[];
  /** Text shown to the model beside the file references. */
  text?: string;
}

/** A tool's raw output: text, any JSON value, or files. */
export type ToolOutput = string | number | boolean | null | ToolFilesOutput | Record<string, unknown> | unknown[];

/** The normalised result of a call. */
export type ToolResult =
  | { kind: "text"; text: string }
  | { kind: "json"; value: unknown }
  | { kind: "files"; files: FileRef[]; text?: string };

/** A tool error: stable code and a message the model can act on. */
export interface ToolErrorInfo {
  code: string;
  message: string;
}

/** One record per call (issue 5 "invoke receipt"), kept in the conversation or run trail. */
export interface InvokeReceipt {
  tool: string;
  provider: string;
  category: ToolCategory;
  /** The arguments the tool ran with (presets merged, coerced), or the raw text when they did not parse. */
  parameters: unknown;
  elapsed_ms: number;
  error: ToolErrorInfo | null;
}

export interface Tool {
  /** `^[a-zA-Z0-9_-]{1,64}$` (OpenAI function name rule). */
  name: string;
  description: string;
  /** JSON Schema of the arguments (an object schema). */
  parameters: JsonSchema;
  category: ToolCategory;
  /** Where it comes from: `builtin`, `knowledge`, `connector:orders`, `mcp:everything`, `workflow` … */
  provider: string;
  /** Arguments fixed by the runtime: merged over the model's (they win), hidden from the advertised schema. */
  presets?: Record<string, unknown>;
  /** Runs the call with validated arguments. Throw a ToolError (or anything) to report a failure. */
  run(args: Record<string, unknown>, context: ToolContext): Promise<ToolOutput> | ToolOutput;
}

/** A tool as the model sees it (lib/llm ToolDefinition shape). */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: JsonSchema;
}
