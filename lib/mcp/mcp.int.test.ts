/**
 * The MCP session pool against @modelcontextprotocol/server-everything, a real MCP server, over stdio and
 * Streamable HTTP. Every process started here is killed or closed by the test.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpSessionPool, listTools } from "./session-pool";
import type { McpServerDefinition } from "./types";

const ENTRY = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/dist/index.js");

const stdioServer: McpServerDefinition = {
  id: "everything",
  name: "Everything",
  transport: "stdio",
  command: process.execPath,
  args: [ENTRY, "stdio"],
  timeout_ms: 10_000,
};
const loopback = { allowLoopback: true, useEnvAllowList: false };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw error;
  }
}

async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Starts server-everything over Streamable HTTP and resolves once it listens. */
async function startHttpServer(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [ENTRY, "streamableHttp"], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("server-everything did not start")), 15_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => reject(new Error(`server-everything exited with ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}/mcp` };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

describe("MCP over stdio", () => {
  it("lists tools for a connection test, and closes the process", async () => {
    const tools = await listTools(stdioServer, { allowStdio: true, connectTimeoutMs: 10_000 });
    const echo = tools.find((tool) => tool.name === "echo");
    expect(echo).toMatchObject({ name: "echo", title: "Echo Tool", description: "Echoes back the input string" });
    expect(echo?.inputSchema).toMatchObject({
      type: "object",
      properties: { message: { type: "string", description: "Message to echo" } },
      required: ["message"],
    });
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(["echo", "get-sum", "get-structured-content", "trigger-long-running-operation"]),
    );
  });

  it("calls tools over one reused session; close() leaves no child process", async () => {
    const pool = createMcpSessionPool({ resolveServer: async (id) => (id === "everything" ? stdioServer : null), allowStdio: true });
    try {
      expect(await pool.callTool({ serverId: "everything", toolName: "echo", arguments: { message: 'hello "world"' } })).toEqual({
        content: 'Echo: hello "world"',
        structured: null,
        is_error: false,
      });
      expect(
        await pool.callTool({ serverId: "everything", toolName: "get-structured-content", arguments: { location: "Los Angeles" } }),
      ).toEqual({
        content: '{"temperature":73,"conditions":"Sunny / Clear","humidity":48}',
        structured: { temperature: 73, conditions: "Sunny / Clear", humidity: 48 },
        is_error: false,
      });
      expect(await pool.callTool({ serverId: "everything", toolName: "get-sum", arguments: { a: 2, b: 40 } })).toMatchObject({
        content: "The sum of 2 and 40 is 42.",
        is_error: false,
      });
      const pids = pool.openProcessIds();
      expect(pids).toHaveLength(1);
      expect(isAlive(pids[0])).toBe(true);
      await pool.close();
      expect(pool.openProcessIds()).toEqual([]);
      expect(await waitUntil(() => !isAlive(pids[0]), 3000)).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it("returns a tool error as is_error and an unknown tool as mcp_error", async () => {
    const pool = createMcpSessionPool({ resolveServer: async () => stdioServer, allowStdio: true });
    try {
      const failed = await pool.callTool({ serverId: "everything", toolName: "echo", arguments: {} });
      expect(failed.is_error).toBe(true);
      expect(failed.structured).toBeNull();
      expect(failed.content).toMatch(/^MCP error -32602: Input validation error: Invalid arguments for tool echo/);
      await expect(pool.callTool({ serverId: "everything", toolName: "no-such-tool", arguments: {} })).rejects.toMatchObject({
        code: "mcp_error",
        message: expect.stringMatching(/^MCP server "everything" has no tool "no-such-tool" \(tools: echo, /),
      });
    } finally {
      await pool.close();
    }
  });

  it("fails fast with mcp_error when the server is killed mid-call, then reconnects", async () => {
    const pool = createMcpSessionPool({ resolveServer: async () => stdioServer, allowStdio: true });
    try {
      await pool.callTool({ serverId: "everything", toolName: "echo", arguments: { message: "warm up" } });
      const [pid] = pool.openProcessIds();
      const started = Date.now();
      const call = pool.callTool({
        serverId: "everything",
        toolName: "trigger-long-running-operation",
        arguments: { duration: 8, steps: 4 },
      });
      setTimeout(() => process.kill(pid, "SIGKILL"), 300);
      await expect(call).rejects.toMatchObject({ code: "mcp_error", message: expect.stringContaining('MCP server "everything"') });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await pool.callTool({ serverId: "everything", toolName: "echo", arguments: { message: "again" } })).toMatchObject({
        content: "Echo: again",
      });
      expect(pool.openProcessIds()).not.toContain(pid);
    } finally {
      await pool.close();
    }
  });

  it("times out a slow call with `timeout` and cancels with `cancelled`", async () => {
    const pool = createMcpSessionPool({ resolveServer: async () => ({ ...stdioServer, timeout_ms: 400 }), allowStdio: true });
    try {
      await expect(
        pool.callTool({ serverId: "everything", toolName: "trigger-long-running-operation", arguments: { duration: 5, steps: 5 } }),
      ).rejects.toMatchObject({
        code: "timeout",
        message: 'Tool "trigger-long-running-operation" on MCP server "everything" timed out after 400 ms',
      });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      await expect(
        pool.callTool({
          serverId: "everything",
          toolName: "trigger-long-running-operation",
          arguments: { duration: 5, steps: 5 },
          signal: controller.signal,
        }),
      ).rejects.toMatchObject({ code: "cancelled" });
    } finally {
      await pool.close();
    }
  });

  it("refuses stdio when disabled, unknown servers, and missing commands quickly", async () => {
    const disabled = createMcpSessionPool({ resolveServer: async () => stdioServer, allowStdio: false });
    await expect(disabled.callTool({ serverId: "everything", toolName: "echo", arguments: {} })).rejects.toMatchObject({
      code: "invalid_config",
      message: 'MCP server "everything" uses stdio, which is disabled (workspace setting mcp.allow_stdio)',
    });
    const none = createMcpSessionPool({ resolveServer: async () => null, allowStdio: true });
    await expect(none.callTool({ serverId: "ghost", toolName: "echo", arguments: {} })).rejects.toMatchObject({
      code: "invalid_config",
      message: 'Unknown MCP server "ghost"',
    });
    const missing = createMcpSessionPool({
      resolveServer: async () => ({ ...stdioServer, command: "/nonexistent/mcp-server" }),
      allowStdio: true,
    });
    const started = Date.now();
    await expect(missing.callTool({ serverId: "everything", toolName: "echo", arguments: {} })).rejects.toMatchObject({
      code: "mcp_error",
      message: expect.stringMatching(/^Connecting to MCP server "everything" failed: .*ENOENT.*\(command not found\)/),
    });
    expect(Date.now() - started).toBeLessThan(3000);
    await Promise.all([disabled.close(), none.close(), missing.close()]);
  });
});

describe("MCP over Streamable HTTP", () => {
  let server: { child: ChildProcess; url: string };
  const httpServer = (url: string): McpServerDefinition => ({
    id: "remote",
    name: "Remote",
    transport: "streamable_http",
    url,
    headers: { "x-trace": "t1" },
    timeout_ms: 10_000,
  });

  beforeAll(async () => {
    server = await startHttpServer();
  });
  afterAll(async () => {
    await stopChild(server.child);
  });

  it("lists tools and calls echo and a failing tool", async () => {
    const tools = await listTools(httpServer(server.url), { allowStdio: false, ssrf: loopback });
    expect(tools.find((tool) => tool.name === "echo")?.description).toBe("Echoes back the input string");
    const pool = createMcpSessionPool({ resolveServer: async () => httpServer(server.url), allowStdio: false, ssrf: loopback });
    try {
      expect(await pool.callTool({ serverId: "remote", toolName: "echo", arguments: { message: "over http" } })).toEqual({
        content: "Echo: over http",
        structured: null,
        is_error: false,
      });
      const failed = await pool.callTool({ serverId: "remote", toolName: "get-sum", arguments: { a: "two", b: 2 } });
      expect(failed.is_error).toBe(true);
      expect(failed.content).toMatch(/^MCP error -32602: Input validation error: Invalid arguments for tool get-sum/);
    } finally {
      await pool.close();
    }
  });

  it("applies the SSRF policy to the server URL", async () => {
    await expect(listTools(httpServer(server.url), { allowStdio: false, ssrf: { useEnvAllowList: false } })).rejects.toMatchObject({
      code: "mcp_error",
      message: expect.stringMatching(
        /^Connecting to MCP server "remote" failed: Refused outbound request to http:\/\/127\.0\.0\.1:\d+\/mcp: 127\.0\.0\.1 is a loopback address \(SSRF policy\)/,
      ),
    });
  });

  it("reports a server that is down as mcp_error quickly", async () => {
    const port = await freePort();
    const started = Date.now();
    await expect(listTools(httpServer(`http://127.0.0.1:${port}/mcp`), { allowStdio: false, ssrf: loopback })).rejects.toMatchObject({
      code: "mcp_error",
      message: `Connecting to MCP server "remote" failed: Request to http://127.0.0.1:${port}/mcp failed: connect ECONNREFUSED 127.0.0.1:${port}`,
    });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("fails fast with mcp_error when the server dies mid-call", async () => {
    const doomed = await startHttpServer();
    const pool = createMcpSessionPool({ resolveServer: async () => httpServer(doomed.url), allowStdio: false, ssrf: loopback });
    try {
      await pool.callTool({ serverId: "remote", toolName: "echo", arguments: { message: "warm up" } });
      const started = Date.now();
      const call = pool.callTool({ serverId: "remote", toolName: "trigger-long-running-operation", arguments: { duration: 8, steps: 4 } });
      setTimeout(() => doomed.child.kill("SIGKILL"), 300);
      await expect(call).rejects.toMatchObject({
        code: "mcp_error",
        message: expect.stringMatching(/^MCP server "remote" dropped the connection/),
      });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await pool.close();
      await stopChild(doomed.child);
    }
  });
});
