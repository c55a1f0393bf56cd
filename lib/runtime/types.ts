/**
 * The runtime as the composition root builds it (lib/runtime.ts): the engine over the run store and
 * the real services, with what its helpers need.
 */
import type { Db } from "@/lib/db/client";
import type { DatabaseKind } from "@/lib/db/database-url";
import type { WorkflowEngine } from "@/lib/workflow/engine";
import type { RunStore } from "@/lib/workflow/run-store";

export interface Runtime {
  db: Db;
  kind: DatabaseKind;
  /** SqliteRunStore on SQLite, PrismaRunStore on PostgreSQL (lib/runtime.ts). */
  store: RunStore;
  engine: WorkflowEngine;
  /** This process's worker id (`host:pid:nonce`), stamped on the runs it executes. */
  workerId: string;
  /** Reloads the workspace variables ({{env.NAME}}) the next run sessions get. Called before every start, decision and resume. */
  refreshWorkspaceEnv(): Promise<void>;
}

/** The person (or system account) a runtime operation acts for. */
export interface RuntimeUser {
  id: string;
  email: string;
  name: string;
  /** "admin" | "member" */
  role: string;
}
