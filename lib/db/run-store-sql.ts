/**
 * Hand-written SQL for the hot writes of PrismaRunStore (createRun, commitStep): one multi-row statement
 * per table instead of one Prisma query per row, which is what makes a persisted run cheap (bench/engine.bench.ts).
 * The same SQL serves SQLite and PostgreSQL: quoted identifiers, `INSERT … ON CONFLICT … DO UPDATE` with
 * `excluded`, `UPDATE … RETURNING`; only placeholders (`?` / `$n`) and timestamps differ. Timestamps are
 * written as Prisma writes them: ISO-8601 text on SQLite (the adapter binds a Date as `…+00:00`), UTC
 * `timestamp(3)` on PostgreSQL (`$n::timestamptz AT TIME ZONE 'UTC'`).
 */
import { newId } from "@/lib/ids";
import type { NewRunEvent, NodeRunRecord, RunPatch } from "@/lib/workflow/run-store";
import type { DatabaseKind } from "./database-url";
import { nodeRunColumns, runPatchToUpdate, type runToCreate } from "./run-records";

/** A statement and its parameters. */
export interface SqlStatement {
  sql: string;
  params: unknown[];
}

class Params {
  readonly values: unknown[] = [];
  constructor(private readonly kind: DatabaseKind) {}

  /** A placeholder for `value`. */
  add(value: unknown): string {
    this.values.push(value);
    return this.kind === "sqlite" ? "?" : `$${this.values.length}`;
  }

  /** A placeholder for a timestamp (or NULL). */
  time(value: Date | null | undefined): string {
    if (value === null || value === undefined) return this.add(null);
    if (this.kind === "sqlite") return this.add(value);
    return `(${this.add(value.toISOString())}::timestamptz AT TIME ZONE 'UTC')`;
  }
}

const TIME_COLUMNS = new Set(["createdAt", "startedAt", "endedAt", "updatedAt", "at"]);

function insertRows(kind: DatabaseKind, table: string, rows: Array<Record<string, unknown>>, suffix = ""): SqlStatement {
  const params = new Params(kind);
  const columns = Object.keys(rows[0]);
  const values = rows.map(
    (row) =>
      `(${columns.map((column) => (TIME_COLUMNS.has(column) ? params.time(row[column] as Date | null) : params.add(row[column]))).join(", ")})`,
  );
  return {
    sql: `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES ${values.join(", ")}${suffix}`,
    params: params.values,
  };
}

/** INSERT of a run's graph snapshot (`runGraphRow`), unless a run stored the same one before. */
export function insertRunGraphSql(
  kind: DatabaseKind,
  row: { id: string; workflowId: string; graph: string; createdAt: Date },
): SqlStatement {
  return insertRows(kind, "RunGraph", [row], ' ON CONFLICT ("id") DO NOTHING');
}

/** INSERT of a Run row (`runToCreate` data). */
export function insertRunSql(kind: DatabaseKind, data: ReturnType<typeof runToCreate>, now: Date): SqlStatement {
  return insertRows(kind, "Run", [{ ...data, updatedAt: now }]);
}

/** Multi-row INSERT of events with seq `firstSeq`, `firstSeq + 1`, … */
export function insertEventsSql(kind: DatabaseKind, runId: string, firstSeq: number, events: readonly NewRunEvent[]): SqlStatement {
  return insertRows(
    kind,
    "RunEvent",
    events.map((event, i) => ({ runId, seq: firstSeq + i, type: event.type, data: JSON.stringify(event.data ?? {}), at: event.at })),
  );
}

/** Multi-row upsert of node runs by (runId, nodeId); a new row gets a random id, an existing one keeps its id and cost. */
export function upsertNodeRunsSql(kind: DatabaseKind, runId: string, nodeRuns: readonly NodeRunRecord[]): SqlStatement {
  const rows = nodeRuns.map((nodeRun) => ({ id: newId(), runId, nodeId: nodeRun.nodeId, ...nodeRunColumns(nodeRun) }));
  const updated = Object.keys(rows[0]).filter((column) => column !== "id" && column !== "runId" && column !== "nodeId");
  const suffix = ` ON CONFLICT ("runId", "nodeId") DO UPDATE SET ${updated.map((c) => `"${c}" = excluded."${c}"`).join(", ")}`;
  return insertRows(kind, "NodeRun", rows, suffix);
}

/**
 * The step's first statement: applies the run patch and reserves `eventCount` seqs, only when the run's
 * status is one of `expectStatus` (when given); RETURNING the new `lastSeq` (no row: refused or missing).
 */
export function updateRunSql(
  kind: DatabaseKind,
  runId: string,
  patch: RunPatch,
  eventCount: number,
  expectStatus: readonly string[] | undefined,
  now: Date,
): SqlStatement {
  const params = new Params(kind);
  const sets = Object.entries(runPatchToUpdate(patch)).map(
    ([column, value]) => `"${column}" = ${TIME_COLUMNS.has(column) ? params.time(value as Date | null) : params.add(value)}`,
  );
  sets.push(`"lastSeq" = "lastSeq" + ${params.add(eventCount)}`, `"updatedAt" = ${params.time(now)}`);
  let where = `"id" = ${params.add(runId)}`;
  if (expectStatus) where += ` AND "status" IN (${expectStatus.map((status) => params.add(status)).join(", ")})`;
  return { sql: `UPDATE "Run" SET ${sets.join(", ")} WHERE ${where} RETURNING "lastSeq"`, params: params.values };
}
