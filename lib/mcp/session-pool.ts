/**
 * The McpService of lib/workflow/services.ts: MCP sessions opened lazily, one per server, reused for the
 * calls of one run or chat turn, and all closed by `close()` (the engine calls it when the run stops, also
 * after an error). A session whose connection dropped is replaced on the next call; after `close()` the
 * pool can be used again (new sessions open lazily).
 */
import type { McpCallRequest, McpCallResult, McpService } from "@/lib/workflow/services";
import { serviceError } from "@/lib/net/service-error";
import type { SsrfPolicy } from "@/lib/net/ssrf";
import { toCallResult } from "./call-result";
import { toMcpError } from "./mcp-error";
import { type McpSession, openSession } from "./open-session";
import { DEFAULT_MCP_TIMEOUT_MS, type McpServerDefinition, type McpToolInfo } from "./types";

export interface McpSessionPoolOptions {
  /** Returns the server with plain-text headers/env. Throw (or return null) for an unknown id. */
  resolveServer: (id: string) => Promise<McpServerDefinition | null>;
  /** Whether stdio servers may be started (workspace setting `mcp.allow_stdio`). */
  allowStdio: boolean;
  /** Outbound policy for Streamable HTTP servers. */
  ssrf?: SsrfPolicy;
  /** Handshake timeout, ms (default 15 000). */
  connectTimeoutMs?: number;
}

/** The service plus tool listing over the same sessions. */
export interface McpSessionPool extends McpService {
  /** Tools of a server (opens its session if needed). */
  listTools(serverId: string, options?: { signal?: AbortSignal }): Promise<McpToolInfo[]>;
  /** Child process ids of the open stdio sessions (diagnostics and tests). */
  openProcessIds(): number[];
}

interface PoolEntry {
  session: Promise<McpSession>;
  tools?: Promise<McpToolInfo[]>;
}

async function fetchTools(session: McpSession, timeoutMs: number, signal?: AbortSignal): Promise<McpToolInfo[]> {
  const tools: McpToolInfo[] = [];
  let cursor: string | undefined;
  do {
    const page = await session.client.listTools(cursor ? { cursor } : undefined, { timeout: timeoutMs, signal });
    for (const tool of page.tools) {
      tools.push({
        name: tool.name,
        ...(tool.title ? { title: tool.title } : {}),
        ...(tool.description ? { description: tool.description } : {}),
        inputSchema: tool.inputSchema as Record<string, unknown>,
        ...(tool.outputSchema ? { outputSchema: tool.outputSchema as Record<string, unknown> } : {}),
      });
    }
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

/**
 * Creates a pool. `callTool` throws WorkflowError `invalid_config` (unknown server, stdio disabled),
 * `mcp_error` (server down or not starting, dropped connection, unknown tool, protocol error), `timeout`
 * (no answer within the server's `timeout_ms`, default 30 000 ms), `cancelled`, `connection_error` (SSRF).
 * A tool result with `isError` resolves with `is_error: true` (the MCP node decides what that means).
 */
export function createMcpSessionPool(options: McpSessionPoolOptions): McpSessionPool {
  const entries = new Map<string, PoolEntry>();
  const opened: McpSession[] = [];
  /** Incremented by close(); a session that finishes connecting for an older generation is closed at once. */
  let generation = 0;

  async function resolve(serverId: string): Promise<McpServerDefinition> {
    const server = await options.resolveServer(serverId);
    if (!server) throw serviceError("invalid_config", `Unknown MCP server "${serverId}"`);
    return server;
  }

  async function entryFor(serverId: string, signal?: AbortSignal): Promise<{ entry: PoolEntry; session: McpSession }> {
    let entry = entries.get(serverId);
    if (entry) {
      const session = await entry.session.catch((error: unknown) => {
        entries.delete(serverId);
        throw error;
      });
      if (session.connected) return { entry, session };
      entries.delete(serverId);
      await session.close();
    }
    const startedIn = generation;
    const created: PoolEntry = {
      session: resolve(serverId).then(async (server) => {
        const session = await openSession(server, {
          allowStdio: options.allowStdio,
          ssrf: options.ssrf,
          connectTimeoutMs: options.connectTimeoutMs,
          signal,
        });
        if (startedIn !== generation) {
          await session.close();
          throw serviceError("mcp_error", `MCP sessions were closed while connecting to "${serverId}"`);
        }
        opened.push(session);
        return session;
      }),
    };
    entry = created;
    entries.set(serverId, entry);
    try {
      return { entry, session: await entry.session };
    } catch (error) {
      entries.delete(serverId);
      throw error;
    }
  }

  async function toolsOf(entry: PoolEntry, session: McpSession, signal?: AbortSignal): Promise<McpToolInfo[]> {
    const timeoutMs = session.server.timeout_ms ?? DEFAULT_MCP_TIMEOUT_MS;
    entry.tools ??= fetchTools(session, timeoutMs, signal ? AbortSignal.any([signal, session.dropSignal]) : session.dropSignal);
    try {
      return await entry.tools;
    } catch (error) {
      entry.tools = undefined;
      throw toMcpError(error, `Listing the tools of MCP server "${session.server.id}"`, {
        timeoutMs,
        signal,
        dropSignal: session.dropSignal,
        stderr: session.stderrTail(),
      });
    }
  }

  return {
    async callTool(request: McpCallRequest): Promise<McpCallResult> {
      const { entry, session } = await entryFor(request.serverId, request.signal);
      const tools = await toolsOf(entry, session, request.signal);
      if (!tools.some((tool) => tool.name === request.toolName)) {
        const names = tools.map((tool) => tool.name).join(", ");
        throw serviceError("mcp_error", `MCP server "${session.server.id}" has no tool "${request.toolName}" (tools: ${names || "none"})`);
      }
      const timeoutMs = session.server.timeout_ms ?? DEFAULT_MCP_TIMEOUT_MS;
      try {
        const signal = request.signal ? AbortSignal.any([request.signal, session.dropSignal]) : session.dropSignal;
        const raw = await session.client.callTool({ name: request.toolName, arguments: request.arguments }, undefined, {
          timeout: timeoutMs,
          signal,
        });
        return toCallResult(raw);
      } catch (error) {
        throw toMcpError(error, `Tool "${request.toolName}" on MCP server "${session.server.id}"`, {
          timeoutMs,
          signal: request.signal,
          dropSignal: session.dropSignal,
          stderr: session.stderrTail(),
        });
      }
    },

    async listTools(serverId, listOptions = {}) {
      const { entry, session } = await entryFor(serverId, listOptions.signal);
      return toolsOf(entry, session, listOptions.signal);
    },

    openProcessIds() {
      return opened.filter((session) => session.connected && session.pid !== null).map((session) => session.pid as number);
    },

    async close() {
      generation++;
      const sessions = [...opened];
      entries.clear();
      opened.length = 0;
      const results = await Promise.allSettled(sessions.map((session) => session.close()));
      const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
      if (failed) throw toMcpError(failed.reason, "Closing MCP sessions");
    },
  };
}

/**
 * "Test connection": opens a session to `server`, lists its tools (names, descriptions, input schemas)
 * and closes it, whatever happens.
 * @throws like {@link createMcpSessionPool}'s `callTool`; the handshake is bounded by `connectTimeoutMs`.
 */
export async function listTools(
  server: McpServerDefinition,
  options: { allowStdio: boolean; ssrf?: SsrfPolicy; connectTimeoutMs?: number; signal?: AbortSignal },
): Promise<McpToolInfo[]> {
  const pool = createMcpSessionPool({
    resolveServer: async () => server,
    allowStdio: options.allowStdio,
    ssrf: options.ssrf,
    connectTimeoutMs: options.connectTimeoutMs,
  });
  try {
    return await pool.listTools(server.id, { signal: options.signal });
  } finally {
    await pool.close();
  }
}
