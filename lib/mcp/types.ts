/**
 * MCP servers as documents and the database describe them (spec §1 `resources.mcp_servers`; Prisma model
 * McpServer). Secrets (headers, env) are plain text here: the resolver decrypts them.
 */

interface McpServerBase {
  id: string;
  name: string;
  /** Per tool call timeout, ms (default 30 000). */
  timeout_ms?: number;
}

/** A local server started as a child process speaking MCP over stdio (MCP spec 2025-06-18 "Transports"). */
export interface McpStdioServerDefinition extends McpServerBase {
  transport: "stdio";
  command: string;
  args?: string[];
  /** Added to a minimal inherited environment (PATH, HOME, …: the SDK's getDefaultEnvironment). */
  env?: Record<string, string>;
  cwd?: string;
}

/** A remote server over Streamable HTTP (MCP spec 2025-06-18 "Streamable HTTP"). */
export interface McpHttpServerDefinition extends McpServerBase {
  transport: "streamable_http";
  url: string;
  headers?: Record<string, string>;
}

export type McpServerDefinition = McpStdioServerDefinition | McpHttpServerDefinition;

/** A tool as `tools/list` describes it. */
export interface McpToolInfo {
  name: string;
  title?: string;
  description?: string;
  /** JSON Schema of the arguments. */
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
}

export const DEFAULT_MCP_TIMEOUT_MS = 30_000;
export const DEFAULT_MCP_CONNECT_TIMEOUT_MS = 15_000;
