/**
 * MCP servers as the runtime, the agents and the settings page use them: `mcpClientFor` (one session pool
 * per run or chat turn over lib/mcp, closed by its `close()`), and `testMcpServer` ("test connection":
 * connect, list the tools, close, bounded by the server's timeout, audited).
 */
import { appendAuditLog } from "@/lib/audit";
import type { Db } from "@/lib/db/client";
import type { FieldErrors } from "@/lib/errors";
import { getMcpServerDefinition } from "@/lib/db/queries/capability-definitions";
import { getAllowStdio, getSsrfPolicy } from "@/lib/db/queries/settings";
import { createMcpSessionPool, listTools, type McpSessionPool } from "@/lib/mcp/session-pool";
import { DEFAULT_MCP_CONNECT_TIMEOUT_MS, type McpServerDefinition, type McpToolInfo } from "@/lib/mcp/types";
import { isWorkflowError } from "@/lib/workflow/errors";

/**
 * A session pool over the enabled MCP servers of this database (by key), with the workspace's stdio and SSRF
 * settings. The caller closes it when the run or chat turn ends, also on error.
 */
export async function mcpClientFor(db: Db): Promise<McpSessionPool> {
  const [allowStdio, ssrf] = await Promise.all([getAllowStdio(db), getSsrfPolicy(db)]);
  return createMcpSessionPool({ resolveServer: (key) => getMcpServerDefinition(db, key), allowStdio, ssrf });
}

/**
 * The outcome of "test connection". A failure with code `invalid_input` was not tried: the form's values did not
 * validate, `error` names the first field and `fields` has each field's message.
 */
export type McpTestResult =
  | { ok: true; tools: McpToolInfo[]; elapsed_ms: number }
  | { ok: false; code: string; error: string; elapsed_ms: number; fields?: FieldErrors };

/**
 * Connects to `server`, lists its tools and closes the session. The whole test is bounded by the server's
 * `timeout_ms` (the handshake by at most 15 s of it), so a server that is down or silent gives an error, never
 * a hanging page. Appends `mcp.test` to the audit log (server key, transport, outcome; no headers or env).
 */
export async function testMcpServer(db: Db, server: McpServerDefinition, actor: { id: string; email: string }): Promise<McpTestResult> {
  const started = performance.now();
  const [allowStdio, ssrf] = await Promise.all([getAllowStdio(db), getSsrfPolicy(db)]);
  const timeoutMs = server.timeout_ms ?? 30_000;
  let result: McpTestResult;
  try {
    const tools = await listTools(server, {
      allowStdio,
      ssrf,
      connectTimeoutMs: Math.min(timeoutMs, DEFAULT_MCP_CONNECT_TIMEOUT_MS),
      signal: AbortSignal.timeout(timeoutMs),
    });
    result = { ok: true, tools, elapsed_ms: Math.round(performance.now() - started) };
  } catch (error) {
    result = {
      ok: false,
      code: isWorkflowError(error) ? error.code : "mcp_error",
      error: error instanceof Error ? error.message : String(error),
      elapsed_ms: Math.round(performance.now() - started),
    };
  }
  await appendAuditLog(db, {
    action: "mcp.test",
    actorId: actor.id,
    actorEmail: actor.email,
    targetType: "mcp_server",
    targetId: server.id,
    data: result.ok
      ? { transport: server.transport, ok: true, tool_count: result.tools.length, elapsed_ms: result.elapsed_ms }
      : { transport: server.transport, ok: false, code: result.code, elapsed_ms: result.elapsed_ms },
  });
  return result;
}
