/**
 * `RunStore` over Prisma (SQLite and PostgreSQL), the durable store of the app, the CLI and workers
 * (spec §5 execution, §6 audit trail, §9 events). Passes `describeRunStoreConformance`.
 *
 * Atomicity: `createRun` and `commitStep` are each ONE transaction (hand-written multi-row SQL,
 * run-store-sql.ts: one statement per table) — run patch, node run upserts, events
 * and approvals are all written or none — so a process may die at any point and the stored run still
 * tells the truth. Event seqs come from `Run.lastSeq`: the step's first statement is a conditional
 * `UPDATE "Run" SET lastSeq = lastSeq + n … WHERE id = ? [AND status IN expectStatus]`, which takes the
 * run's row lock (PostgreSQL) or the write lock (SQLite) before anything else is read, so concurrent
 * commits to one run get consecutive, gapless seqs. `decideApproval` and `claimRun` are single
 * conditional updates (compare-and-set): of concurrent callers exactly one wins.
 */
import type {
  ApprovalDecisionInput,
  ApprovalRecord,
  ApprovalStatus,
  CommitResult,
  DecideApprovalResult,
  NewRun,
  NewRunEvent,
  RunEventRecord,
  RunRecord,
  RunSnapshot,
  RunStatus,
  RunStore,
  StepCommit,
} from "@/lib/workflow/run-store";
import { DuplicateRunError } from "@/lib/workflow/run-store";
import type { Db } from "./client";
import type { DatabaseKind } from "./database-url";
import { approvalFromRow, approvalToCreate, eventFromRow, nodeRunFromRow, runFromRow, runGraphRow, runToCreate } from "./run-records";
import { insertEventsSql, insertRunGraphSql, insertRunSql, updateRunSql, upsertNodeRunsSql } from "./run-store-sql";

/** The run's graph snapshot (RunGraph), read with the row. */
const WITH_GRAPH = { graphSnapshot: { select: { graph: true } } } as const;

/** A Run row read `WITH_GRAPH` as run-records.ts maps it. */
function withGraph<T extends { graphSnapshot: { graph: string } }>(row: T): Omit<T, "graphSnapshot"> & { graph: string } {
  const { graphSnapshot, ...rest } = row;
  return { ...rest, graph: graphSnapshot.graph };
}

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/** Interactive-transaction limits, ms: waiting for a connection / the SQLite mutex, and the whole transaction. */
const TX_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;

/** One snapshot for the three reads on PostgreSQL. `Db` is typed as the SQLite client, whose only level is Serializable. */
const POSTGRES_SNAPSHOT = { isolationLevel: "RepeatableRead" } as unknown as { isolationLevel: "Serializable" };

export interface PrismaRunStoreOptions {
  /** The database behind `db`; PostgreSQL snapshots use REPEATABLE READ. Default "sqlite". */
  kind?: DatabaseKind;
}

/** The durable RunStore. Give it the process-wide client (`getDb()`) or a test database's. */
export class PrismaRunStore implements RunStore {
  private readonly kind: DatabaseKind;

  constructor(
    private readonly db: Db,
    options: PrismaRunStoreOptions = {},
  ) {
    this.kind = options.kind ?? "sqlite";
  }

  /** Inserts the run and its first events (seq 1…n) in one transaction. @throws DuplicateRunError on a duplicate id. */
  async createRun(run: NewRun, events: readonly NewRunEvent[] = []): Promise<RunRecord> {
    const graph = runGraphRow(run);
    const insertGraph = insertRunGraphSql(this.kind, graph);
    const insertRun = insertRunSql(this.kind, runToCreate(run, events.length, graph.id), new Date());
    const statements = [
      this.db.$executeRawUnsafe(insertGraph.sql, ...insertGraph.params),
      this.db.$executeRawUnsafe(insertRun.sql, ...insertRun.params),
    ];
    if (events.length > 0) {
      const insertEvents = insertEventsSql(this.kind, run.id, 1, events);
      statements.push(this.db.$executeRawUnsafe(insertEvents.sql, ...insertEvents.params));
    }
    try {
      await this.db.$transaction(statements);
    } catch (error) {
      // raw statements report a unique violation as P2010 with the driver adapter's error kind
      const kind = (error as { meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } }).meta?.driverAdapterError?.cause?.kind;
      if (kind === "UniqueConstraintViolation") throw new DuplicateRunError(run.id, { cause: error });
      throw error;
    }
    return { ...structuredClone(run), lastSeq: events.length };
  }

  async getRun(runId: string): Promise<RunRecord | null> {
    const row = await this.db.run.findUnique({ where: { id: runId }, include: WITH_GRAPH });
    return row ? runFromRow(withGraph(row)) : null;
  }

  async loadRun(runId: string): Promise<RunSnapshot | null> {
    const queries = [
      this.db.run.findUnique({ where: { id: runId }, include: WITH_GRAPH }),
      this.db.nodeRun.findMany({ where: { runId }, orderBy: { position: "asc" } }),
      this.db.approval.findMany({ where: { runId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    ] as const;
    const [run, nodeRuns, approvals] = await this.db.$transaction([...queries], this.kind === "postgres" ? POSTGRES_SNAPSHOT : undefined);
    if (!run) return null;
    return { run: runFromRow(withGraph(run)), nodeRuns: nodeRuns.map(nodeRunFromRow), approvals: approvals.map(approvalFromRow) };
  }

  async commitStep(runId: string, step: StepCommit): Promise<CommitResult> {
    return this.db.$transaction((tx) => this.commitInTransaction(tx, runId, step), TX_OPTIONS);
  }

  private async commitInTransaction(tx: Tx, runId: string, step: StepCommit): Promise<CommitResult> {
    const events = step.events ?? [];
    const refused = async (): Promise<CommitResult> => {
      const current = await tx.run.findUnique({ where: { id: runId }, select: { status: true } });
      return current ? { ok: false, reason: "status_mismatch", status: current.status as RunStatus } : { ok: false, reason: "not_found" };
    };
    if (step.expectStatus && step.expectStatus.length === 0) return refused();
    // First statement: the conditional update that locks the run and reserves the event seqs (run-store-sql.ts).
    const update = updateRunSql(this.kind, runId, step.runPatch ?? {}, events.length, step.expectStatus, new Date());
    const updated = await tx.$queryRawUnsafe<Array<{ lastSeq: number | bigint }>>(update.sql, ...update.params);
    if (updated.length === 0) return refused();
    const lastSeq = Number(updated[0].lastSeq);
    if (step.nodeRuns?.length) {
      const upsert = upsertNodeRunsSql(this.kind, runId, step.nodeRuns);
      await tx.$executeRawUnsafe(upsert.sql, ...upsert.params);
    }
    if (step.approvalsCreate?.length) await tx.approval.createMany({ data: step.approvalsCreate.map((a) => approvalToCreate(runId, a)) });
    if (step.cancelPendingApprovals) await tx.approval.updateMany({ where: { runId, status: "pending" }, data: { status: "cancelled" } });
    const firstSeq = lastSeq - events.length + 1;
    if (events.length > 0) {
      const insert = insertEventsSql(this.kind, runId, firstSeq, events);
      await tx.$executeRawUnsafe(insert.sql, ...insert.params);
    }
    const stored: RunEventRecord[] = events.map((event, i) => ({
      runId,
      seq: firstSeq + i,
      type: event.type,
      data: structuredClone(event.data ?? {}),
      at: new Date(event.at),
    }));
    return { ok: true, events: stored, lastSeq };
  }

  async claimRun(runId: string, claim: { from: readonly RunStatus[]; workerId: string | null }): Promise<RunRecord | null> {
    const claimed = await this.db.run.updateMany({
      where: { id: runId, status: { in: [...claim.from] } },
      data: { status: "running", workerId: claim.workerId },
    });
    return claimed.count === 1 ? this.getRun(runId) : null;
  }

  async getApproval(approvalId: string): Promise<ApprovalRecord | null> {
    const row = await this.db.approval.findUnique({ where: { id: approvalId } });
    return row ? approvalFromRow(row) : null;
  }

  async listApprovals(filter: { runId?: string; status?: readonly ApprovalStatus[] }): Promise<ApprovalRecord[]> {
    const rows = await this.db.approval.findMany({
      where: {
        ...(filter.runId !== undefined ? { runId: filter.runId } : {}),
        ...(filter.status ? { status: { in: [...filter.status] } } : {}),
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    return rows.map(approvalFromRow);
  }

  /** Compare-and-set `pending` → decision; the losers get `already_decided` with the winner's row (who, when, note). */
  async decideApproval(decision: ApprovalDecisionInput): Promise<DecideApprovalResult> {
    const won = await this.db.approval.updateMany({
      where: { id: decision.approvalId, status: "pending" },
      data: {
        status: decision.status,
        decidedById: decision.decidedById,
        decidedByName: decision.decidedByName,
        note: decision.note,
        decidedAt: decision.at,
      },
    });
    const row = await this.db.approval.findUnique({ where: { id: decision.approvalId } });
    if (!row) return { ok: false, reason: "not_found" };
    return won.count === 1
      ? { ok: true, approval: approvalFromRow(row) }
      : { ok: false, reason: "already_decided", approval: approvalFromRow(row) };
  }

  async listEvents(runId: string, afterSeq = 0, limit?: number): Promise<RunEventRecord[]> {
    const rows = await this.db.runEvent.findMany({
      where: { runId, seq: { gt: afterSeq } },
      orderBy: { seq: "asc" },
      ...(limit !== undefined ? { take: Math.max(0, limit) } : {}),
    });
    return rows.map(eventFromRow);
  }

  async findRunsByStatus(statuses: readonly RunStatus[], options: { workerId?: string; limit?: number } = {}): Promise<RunRecord[]> {
    const rows = await this.db.run.findMany({
      where: { status: { in: [...statuses] }, ...(options.workerId !== undefined ? { workerId: options.workerId } : {}) },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      ...(options.limit !== undefined ? { take: options.limit } : {}),
      include: WITH_GRAPH,
    });
    return rows.map((row) => runFromRow(withGraph(row)));
  }

  async listExpiredApprovals(now: Date): Promise<ApprovalRecord[]> {
    const rows = await this.db.approval.findMany({
      where: { status: "pending", expiresAt: { not: null, lte: now } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    return rows.map(approvalFromRow);
  }
}
