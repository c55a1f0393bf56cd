/**
 * Maps MCP SDK failures to the runtime's codes (spec §5): a request timeout → `timeout`; an aborted run →
 * `cancelled` (or the WorkflowError given as the abort reason); a dropped connection, a server that does not
 * start, protocol errors → `mcp_error` naming the server.
 */
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { isServiceError, serviceError } from "@/lib/net/service-error";

/**
 * @param what e.g. `tool "echo" on MCP server "everything"`, used at the start of the message.
 * @param stderr the last lines the server wrote to stderr (stdio), appended when present.
 */
export function toMcpError(
  error: unknown,
  what: string,
  options: { timeoutMs?: number; signal?: AbortSignal; dropSignal?: AbortSignal; stderr?: string } = {},
): Error {
  if (isServiceError(error, "connection_error")) {
    // Network failures and SSRF refusals from the HTTP transport: for an MCP call the server is unreachable.
    return serviceError("mcp_error", `${what} failed: ${error.message}`, { cause: error });
  }
  if (isServiceError(error)) return error;
  const { signal, dropSignal, timeoutMs, stderr } = options;
  // The SDK reports every aborted request as a RequestTimeout McpError, so the signals decide first.
  if (dropSignal?.aborted && !signal?.aborted && isServiceError(dropSignal.reason)) return dropSignal.reason;
  if (signal?.aborted) {
    if (isServiceError(signal.reason)) return signal.reason;
    if (signal.reason instanceof Error && signal.reason.name === "TimeoutError")
      return serviceError("timeout", `${what} timed out`, { cause: error });
    return serviceError("cancelled", `${what} was cancelled`, { cause: error });
  }
  const tail = stderr ? ` (server stderr: ${stderr})` : "";
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) {
      return serviceError("timeout", `${what} timed out${timeoutMs ? ` after ${timeoutMs} ms` : ""}`, { cause: error });
    }
    if (error.code === ErrorCode.ConnectionClosed) {
      return serviceError("mcp_error", `${what} failed: the server closed the connection${tail}`, { cause: error });
    }
    return serviceError("mcp_error", `${what} failed: ${error.message}${tail}`, { cause: error, details: { mcp_code: error.code } });
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const hint = code === "ENOENT" ? " (command not found)" : "";
  return serviceError("mcp_error", `${what} failed: ${message}${hint}${tail}`, { cause: error });
}
