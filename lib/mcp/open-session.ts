/**
 * Opens one MCP client session (initialize handshake, MCP spec 2025-06-18 "Lifecycle") over stdio or
 * Streamable HTTP, with a connect timeout. The session remembers the server's last stderr output (stdio),
 * notices when the connection drops, and always closes its transport (and so its child process).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { createSafeFetch } from "@/lib/net/safe-fetch";
import { serviceError } from "@/lib/net/service-error";
import type { SsrfPolicy } from "@/lib/net/ssrf";
import { toMcpError } from "./mcp-error";
import { DEFAULT_MCP_CONNECT_TIMEOUT_MS, type McpServerDefinition } from "./types";

export interface OpenSessionOptions {
  /** Whether stdio servers may be started (workspace setting `mcp.allow_stdio`). */
  allowStdio: boolean;
  /** Outbound policy for Streamable HTTP servers (SSRF, spec §8). */
  ssrf?: SsrfPolicy;
  /** Handshake timeout, ms (default 15 000). */
  connectTimeoutMs?: number;
  signal?: AbortSignal;
}

export interface McpSession {
  readonly server: McpServerDefinition;
  readonly client: Client;
  /** Child process id for stdio servers, else null. */
  readonly pid: number | null;
  /** False once the transport closed or the connection dropped. */
  readonly connected: boolean;
  /** Aborted (reason: WorkflowError `mcp_error`) when the connection drops; pass it to requests so none hangs. */
  readonly dropSignal: AbortSignal;
  /** The last ~2 KB the server wrote to stderr (stdio), trimmed. */
  stderrTail(): string;
  close(): Promise<void>;
}

const STDERR_KEEP = 2048;
/** How long a liveness ping after a transport error may take, ms. */
const PROBE_TIMEOUT_MS = 3000;
const CLIENT_INFO = { name: "switchyard", version: "0.1.0" };

function buildTransport(server: McpServerDefinition, options: OpenSessionOptions): Transport {
  if (server.transport === "stdio") {
    if (!options.allowStdio) {
      throw serviceError("invalid_config", `MCP server "${server.id}" uses stdio, which is disabled (workspace setting mcp.allow_stdio)`);
    }
    return new StdioClientTransport({ command: server.command, args: server.args ?? [], env: server.env, cwd: server.cwd, stderr: "pipe" });
  }
  let url: URL;
  try {
    url = new URL(server.url);
  } catch (error) {
    throw serviceError("invalid_config", `MCP server "${server.id}" has an invalid URL`, { cause: error });
  }
  return new StreamableHTTPClientTransport(url, {
    requestInit: { headers: server.headers ?? {} },
    fetch: createSafeFetch(options.ssrf ?? {}),
    reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 1000, maxReconnectionDelay: 1000, reconnectionDelayGrowFactor: 1 },
  });
}

/**
 * Starts the transport and performs the initialize handshake.
 * @throws WorkflowError `invalid_config` (stdio not allowed, bad URL), `connection_error` (SSRF refusal),
 *   `timeout` (no handshake within connectTimeoutMs), `mcp_error` (server does not start or answer).
 */
export async function openSession(server: McpServerDefinition, options: OpenSessionOptions): Promise<McpSession> {
  const transport = buildTransport(server, options);
  let stderr = "";
  let connected = true;
  if (transport instanceof StdioClientTransport) {
    transport.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_KEEP);
    });
  }
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  const drop = new AbortController();
  const markDropped = (reason: string) => {
    if (!connected) return;
    connected = false;
    drop.abort(serviceError("mcp_error", `MCP server "${server.id}" dropped the connection: ${reason}`));
  };
  client.onclose = () => markDropped("connection closed");
  // A transport error may be harmless (a stray line on stdout) or a lost server (an SSE stream cut when the
  // server dies: the SDK then only reports it here, and the pending request would wait for its timeout).
  // A ping tells the two apart.
  let probing = false;
  client.onerror = (error: Error) => {
    if (!connected || probing) return;
    probing = true;
    client.ping({ timeout: PROBE_TIMEOUT_MS }).then(
      () => {
        probing = false;
      },
      () => {
        probing = false;
        markDropped(error.message);
      },
    );
  };
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_MCP_CONNECT_TIMEOUT_MS;
  const session: McpSession = {
    server,
    client,
    get pid() {
      return transport instanceof StdioClientTransport ? transport.pid : null;
    },
    get connected() {
      return connected;
    },
    dropSignal: drop.signal,
    stderrTail: () => stderr.trim().split("\n").slice(-5).join(" | "),
    async close() {
      connected = false;
      await client.close();
    },
  };
  try {
    await client.connect(transport, { timeout: connectTimeoutMs, signal: options.signal });
  } catch (error) {
    await session.close().catch((closeError: unknown) => {
      // The handshake error is the one to report; the close error only adds noise.
      void closeError;
    });
    const what = `Connecting to MCP server "${server.id}"`;
    throw toMcpError(error, what, { timeoutMs: connectTimeoutMs, signal: options.signal, stderr: session.stderrTail() });
  }
  return session;
}
