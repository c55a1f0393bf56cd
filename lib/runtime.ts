/**
 * The composition root (STYLE.md): wires the run store (SQLite: SqliteRunStore, PostgreSQL: PrismaRunStore),
 * the model client, connectors, MCP sessions and knowledge retrieval into the workflow engine. Pages, route handlers, the CLI and workers
 * start here; nothing below reaches back up.
 *
 * Public API:
 * - `getRuntime()` — the process-wide runtime over `getDb()`; `createRuntime(options)` for the CLI and tests.
 * - run operations (lib/runtime/runs.ts): `startWorkflowRun`, `decideApproval`, `cancelRun`, `getRunTrail`, `resumeRun`.
 * - `recoverInterruptedRuns(runtime)` (spec §5 crash recovery, only runs of dead processes) and
 *   `startApprovalTimeoutSweep(runtime)` (approval deadlines, an unref'd interval).
 * - events: `runtime.engine.followEvents(runId, {afterSeq, signal})` (spec §9), as app/api/runs/[id]/events streams them.
 */
import { createDb, type Db, getDb } from "@/lib/db/client";
import { databaseKind, databaseUrl, type DatabaseKind } from "@/lib/db/database-url";
import { PrismaRunStore } from "@/lib/db/prisma-run-store";
import { SqliteRunStore } from "@/lib/db/sqlite-run-store";
import { loadWorkspaceEnv, type WorkspaceEnv } from "@/lib/db/queries/env-variables";
import { createEngine } from "@/lib/workflow/engine";
import type { RunRecord, RunStore } from "@/lib/workflow/run-store";
import { createAgentRuntime, registerAgentRuntime } from "./runtime-agents";
import { currentWorkerId, withDeadWorkersOnly } from "./runtime/recovery";
import { createRunServicesFactory } from "./runtime/services";
import type { Runtime } from "./runtime/types";

export type { Runtime, RuntimeUser } from "./runtime/types";
export { cancelRun, decideApproval, getRunTrail, resumeRun, startWorkflowRun } from "./runtime/runs";
export type { DecideApprovalParams, RunTrail, StartWorkflowRunParams } from "./runtime/runs";
export { currentWorkerId, isWorkerAlive } from "./runtime/recovery";

export interface CreateRuntimeOptions {
  /** Default: a new client for `url`. */
  db?: Db;
  /** Default DATABASE_URL (or the embedded SQLite default). */
  url?: string;
  kind?: DatabaseKind;
  /** Model overrides (OPENAI_BASE_URL, OPENAI_API_KEY, SWITCHYARD_MODEL), SWITCHYARD_ALLOW_STDIO; default `process.env`. */
  env?: Record<string, string | undefined>;
  /** Nodes of one run executing at once (spec §5, default 8). */
  maxParallel?: number;
  /**
   * The run store; default the database's (SqliteRunStore or PrismaRunStore). bench/engine.bench.ts passes
   * an InMemoryRunStore to measure the same runs without persisting them.
   */
  store?: RunStore;
}

/** Builds a runtime. The caller owns `runtime.db` when it did not pass one (`$disconnect()` it). */
export function createRuntime(options: CreateRuntimeOptions = {}): Runtime {
  const url = options.url ?? databaseUrl();
  const kind = options.kind ?? databaseKind(url);
  const db = options.db ?? createDb(url);
  // SQLite: the run store writes through its own better-sqlite3 connection to the same file (same rows,
  // one synchronous transaction per step, ~50x less CPU than through Prisma; closed with `db`).
  // PostgreSQL keeps PrismaRunStore. Both pass the RunStore conformance suite.
  const store = options.store ?? (kind === "sqlite" ? SqliteRunStore.forClient(db, url) : new PrismaRunStore(db, { kind }));
  const workerId = currentWorkerId();
  let workspace: WorkspaceEnv = { values: {}, secretNames: [] };
  const services = createRunServicesFactory({ db, env: options.env, workspaceEnv: () => workspace });
  // agents (issue 5, lib/runtime-agents.ts): AGENT nodes get the agent service; run_workflow starts child runs on this engine
  const agents = createAgentRuntime({ db, env: options.env, engine: () => engine });
  const engine = createEngine({ store, services: agents.withAgentService(services), workerId, maxParallel: options.maxParallel });
  registerAgentRuntime(engine, agents);
  return {
    db,
    kind,
    store,
    engine,
    workerId,
    async refreshWorkspaceEnv() {
      workspace = await loadWorkspaceEnv(db);
    },
  };
}

const globalForRuntime = globalThis as unknown as { switchyardRuntime?: Runtime; switchyardApprovalSweep?: NodeJS.Timeout };

/** The process-wide runtime over `getDb()` (kept across hot reloads in development). */
export function getRuntime(): Runtime {
  globalForRuntime.switchyardRuntime ??= createRuntime({ db: getDb() });
  return globalForRuntime.switchyardRuntime;
}

/**
 * Fails with `interrupted` every run left `running` by a process that is gone (lib/runtime/recovery.ts
 * decides which are gone); runs of live processes, waiting runs and final runs are left alone.
 * @returns the runs it ended.
 */
export async function recoverInterruptedRuns(runtime: Runtime): Promise<RunRecord[]> {
  const recovery = createEngine({
    store: withDeadWorkersOnly(runtime.store),
    services: {},
    workerId: runtime.workerId,
  });
  // Streams of these runs (followEvents) poll the store, so they see the ending events too.
  return recovery.recoverInterrupted();
}

/** Every minute by default: approvals past their deadline fail with `approval_timeout` (spec §5). */
export const APPROVAL_SWEEP_INTERVAL_MS = 60_000;

/**
 * Starts the periodic approval-timeout sweep of this process (once; an unref'd interval that never keeps
 * the process alive; a sweep still running when the next is due is not doubled).
 * @returns a function that stops it.
 */
export function startApprovalTimeoutSweep(runtime: Runtime, intervalMs = APPROVAL_SWEEP_INTERVAL_MS): () => void {
  if (globalForRuntime.switchyardApprovalSweep) clearInterval(globalForRuntime.switchyardApprovalSweep);
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    runtime
      .refreshWorkspaceEnv()
      .then(() => runtime.engine.sweepApprovalTimeouts())
      .catch((error: unknown) => console.error("[runtime] approval timeout sweep failed", error))
      .finally(() => {
        sweeping = false;
      });
  }, intervalMs);
  timer.unref();
  globalForRuntime.switchyardApprovalSweep = timer;
  return () => {
    clearInterval(timer);
    if (globalForRuntime.switchyardApprovalSweep === timer) globalForRuntime.switchyardApprovalSweep = undefined;
  };
}
