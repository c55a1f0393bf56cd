/**
 * Test harness for the CLI integration tests: a migrated temporary SQLite database, the real CLI spawned
 * as a child process (`node --import tsx cli/workflow.ts …`), and small local HTTP servers.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { applyMigrations } from "@/lib/db/schema-engine";

export const ROOT = path.resolve(import.meta.dirname, "..");

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface TempDatabase {
  dir: string;
  url: string;
  env: Record<string, string>;
  cleanup(): void;
}

/** A temporary, migrated SQLite database and the environment the CLI needs for it. */
export async function createTempDatabase(): Promise<TempDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), "switchyard-cli-"));
  const url = `file:${path.join(dir, "cli.db")}`;
  await applyMigrations(url, ROOT);
  return {
    dir,
    url,
    env: { DATABASE_URL: url, SWITCHYARD_ENCRYPTION_KEY: randomBytes(32).toString("hex") },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Starts the CLI; the caller waits for it with `finished`. */
export function startCli(
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; finished: Promise<CliResult>; stderrText: () => string } {
  const child = spawn(process.execPath, ["--import", "tsx", "cli/workflow.ts", ...args], {
    cwd: ROOT,
    env: { NODE_ENV: "test", PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const finished = new Promise<CliResult>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
  return { child, finished, stderrText: () => stderr };
}

/** Runs the CLI to the end. */
export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return startCli(args, env).finished;
}

/** The run id from `run RUN_ID started` on stderr. */
export function startedRunId(stderr: string): string {
  const match = /^run (\S+) started$/m.exec(stderr);
  if (!match) throw new Error(`no "run … started" line in stderr:\n${stderr}`);
  return match[1];
}

/** Writes a copy of a fixture with the Orders API base URL pointing at `baseUrl`. Returns its path. */
export function fixtureWithBaseUrl(dir: string, fixture: string, baseUrl: string): string {
  const text = readFileSync(path.join(ROOT, "fixtures/workflows", fixture), "utf8").replace("http://127.0.0.1:4010", baseUrl);
  const file = path.join(dir, `${path.basename(fixture, ".json")}-${randomBytes(3).toString("hex")}.json`);
  writeFileSync(file, text);
  return file;
}

export interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

/** A local HTTP server answering with `handler`'s JSON; records every request. */
export async function startJsonServer(
  handler: (request: RecordedRequest) => { status: number; body: unknown; delayMs?: number },
): Promise<{ server: Server; baseUrl: string; requests: RecordedRequest[]; close(): Promise<void> }> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on("end", () => {
      const recorded = { method: req.method ?? "", url: req.url ?? "", authorization: req.headers.authorization, body };
      requests.push(recorded);
      const answer = handler(recorded);
      const timer = setTimeout(() => {
        res.writeHead(answer.status, { "content-type": "application/json" });
        res.end(JSON.stringify(answer.body));
      }, answer.delayMs ?? 0);
      res.on("close", () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
