/**
 * Read queries of runs for the runs list, the run detail (the audit trail, spec §6) and its export, with the
 * access rule applied in the query: an admin sees every run; a member sees the runs they triggered and the
 * runs of workflows they own or that are shared with them (WorkflowShare). A run the viewer may not see is
 * simply not found (pages answer 404), so its existence does not leak.
 *
 * Writes to runs never happen here: starting, deciding, cancelling and re-running go through lib/runtime.ts.
 */
import type { Db } from "../client";
import { parseJson } from "../client";
import type { Prisma } from "../generated/sqlite/client";

/** The signed-in person a query answers for. */
export interface Viewer {
  id: string;
  email: string;
  /** "admin" | "member" */
  role: string;
}

export const RUN_STATUS_VALUES = ["queued", "running", "waiting", "succeeded", "partial_succeeded", "failed", "cancelled"] as const;
export const TRIGGER_KIND_VALUES = ["editor", "api", "webhook", "schedule", "mcp", "agent", "parent_run", "cli"] as const;

/** Statuses in which a run can still be cancelled (spec §5 "cancel by the user"). */
export const CANCELLABLE_RUN_STATUSES: readonly string[] = ["queued", "running", "waiting"];

/** Ids of the workflows a member owns or that are shared with them. */
export async function listAccessibleWorkflowIds(db: Db, userId: string): Promise<string[]> {
  const [owned, shared] = await Promise.all([
    db.workflow.findMany({ where: { ownerId: userId }, select: { id: true } }),
    db.workflowShare.findMany({ where: { userId }, select: { workflowId: true } }),
  ]);
  return [...new Set([...owned.map((w) => w.id), ...shared.map((s) => s.workflowId)])];
}

/**
 * The Prisma filter of the runs `viewer` may see: `{}` for an admin; for a member, runs they triggered or of
 * a workflow they own or that is shared with them. Resolving the workflow ids first keeps the query on the
 * (workflowId, createdAt) and (triggeredById, createdAt) indexes instead of a join per row.
 */
export async function runAccessWhere(db: Db, viewer: Viewer): Promise<Prisma.RunWhereInput> {
  if (viewer.role === "admin") return {};
  const workflowIds = await listAccessibleWorkflowIds(db, viewer.id);
  return { OR: [{ triggeredById: viewer.id }, ...(workflowIds.length ? [{ workflowId: { in: workflowIds } }] : [])] };
}

/** Whether `viewer` may see run `runId`. False for a run that does not exist. */
export async function canViewRun(db: Db, viewer: Viewer, runId: string): Promise<boolean> {
  const run = await db.run.findUnique({
    where: { id: runId },
    select: { triggeredById: true, workflowId: true, workflow: { select: { ownerId: true } } },
  });
  if (!run) return false;
  if (viewer.role === "admin" || run.triggeredById === viewer.id || run.workflow.ownerId === viewer.id) return true;
  const share = await db.workflowShare.findUnique({
    where: { workflowId_userId: { workflowId: run.workflowId, userId: viewer.id } },
    select: { userId: true },
  });
  return share !== null;
}

// ─── Runs list ──────────────────────────────────────────────────────────────────────────────────

export interface RunListFilters {
  workflowId?: string;
  status?: string;
  triggerKind?: string;
  /** Runs created at or after this instant. */
  from?: Date;
  /** Runs created before this instant. */
  to?: Date;
}

export interface RunListPage {
  /** Opaque keyset cursor from a previous page's `olderCursor` / `newerCursor`. */
  cursor?: string | null;
  /** `older` (default) reads the page after the cursor in newest-first order, `newer` the page before it. */
  direction?: "older" | "newer";
  /** Rows per page, 1–200 (default 50). */
  limit?: number;
}

export interface RunListItem {
  id: string;
  workflowId: string;
  workflowName: string;
  version: number | null;
  status: string;
  triggerKind: string;
  triggeredBy: { name: string; email: string } | null;
  errorCode: string | null;
  parentRunId: string | null;
  depth: number;
  createdAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
  /** endedAt − startedAt, ms; null while the run has not ended. */
  durationMs: number | null;
  tokens: number;
}

export interface RunListResult {
  runs: RunListItem[];
  /** Cursor of the next page of older runs, or null at the end. */
  olderCursor: string | null;
  /** Cursor of the page of newer runs, or null on the first page. */
  newerCursor: string | null;
}

const MAX_ACCESS_BRANCHES = 40;

const runListSelect = {
  id: true,
  workflowId: true,
  version: true,
  status: true,
  triggerKind: true,
  errorCode: true,
  parentRunId: true,
  depth: true,
  createdAt: true,
  startedAt: true,
  endedAt: true,
  promptTokens: true,
  completionTokens: true,
  workflow: { select: { name: true } },
  triggeredBy: { select: { name: true, email: true } },
} as const;

/** Ascending keyset order: createdAt, then id. */
function compareKeyset(a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }): number {
  return a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The access rule of a member as a list of index-friendly branches (their own runs; each workflow they own or
 * that is shared with them), narrowed to `workflowId` when the list is filtered by workflow. Null for an admin.
 */
async function memberAccessBranches(db: Db, viewer: Viewer, workflowId: string | undefined): Promise<Prisma.RunWhereInput[] | null> {
  if (viewer.role === "admin") return null;
  const workflowIds = await listAccessibleWorkflowIds(db, viewer.id);
  const visible = workflowId ? workflowIds.filter((id) => id === workflowId) : workflowIds;
  return [{ triggeredById: viewer.id }, ...visible.map((id) => ({ workflowId: id }))];
}

/** Encodes a keyset position (createdAt, id) as an opaque URL-safe string. */
export function encodeRunCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.getTime()}:${row.id}`).toString("base64url");
}

/** Decodes a cursor; null when it is malformed (the list then starts from the newest run). */
export function decodeRunCursor(cursor: string | null | undefined): { createdAt: Date; id: string } | null {
  if (!cursor) return null;
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const match = /^(\d{1,15}):(.+)$/.exec(text);
  if (!match) return null;
  return { createdAt: new Date(Number(match[1])), id: match[2] };
}

/**
 * One page of the runs `viewer` may see, newest first (createdAt desc, id desc), with keyset pagination so
 * every page costs the same on 100,000 runs. Each filter maps onto an index of Run: (workflowId, createdAt),
 * (status, createdAt), (triggerKind, createdAt), (createdAt). Large columns (graph, state, inputs, outputs)
 * are never read.
 */
export async function listRuns(db: Db, viewer: Viewer, filters: RunListFilters = {}, page: RunListPage = {}): Promise<RunListResult> {
  const limit = Math.min(200, Math.max(1, page.limit ?? 50));
  const direction = page.direction ?? "older";
  const cursor = decodeRunCursor(page.cursor);
  const and: Prisma.RunWhereInput[] = [];
  if (filters.workflowId) and.push({ workflowId: filters.workflowId });
  if (filters.status) and.push({ status: filters.status });
  if (filters.triggerKind) and.push({ triggerKind: filters.triggerKind });
  if (filters.from || filters.to)
    and.push({ createdAt: { ...(filters.from ? { gte: filters.from } : {}), ...(filters.to ? { lt: filters.to } : {}) } });
  if (cursor) {
    const op = direction === "older" ? "lt" : "gt";
    and.push({ OR: [{ createdAt: { [op]: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { [op]: cursor.id } }] });
  }
  const order = direction === "older" ? "desc" : "asc";
  const fetch = (access: Prisma.RunWhereInput) =>
    db.run.findMany({
      where: { AND: [access, ...and] },
      orderBy: [{ createdAt: order }, { id: order }],
      take: limit + 1,
      select: runListSelect,
    });
  let rows: Awaited<ReturnType<typeof fetch>>;
  const branches = await memberAccessBranches(db, viewer, filters.workflowId);
  if (branches === null) {
    rows = await fetch({});
  } else if (branches.length <= MAX_ACCESS_BRANCHES) {
    // One index-ordered query per branch reading only (createdAt, id), merged; then the page's rows by id. A
    // single OR query would collect and sort every run the member can see.
    const keys = await Promise.all(
      branches.map((access) =>
        db.run.findMany({
          where: { AND: [access, ...and] },
          orderBy: [{ createdAt: order }, { id: order }],
          take: limit + 1,
          select: { id: true, createdAt: true },
        }),
      ),
    );
    const seen = new Set<string>();
    const ids = keys
      .flat()
      .filter((row) => {
        if (seen.has(row.id)) return false;
        seen.add(row.id);
        return true;
      })
      .sort((a, b) => compareKeyset(a, b) * (order === "desc" ? -1 : 1))
      .slice(0, limit + 1)
      .map((row) => row.id);
    const byId = new Map((await db.run.findMany({ where: { id: { in: ids } }, select: runListSelect })).map((row) => [row.id, row]));
    rows = ids.flatMap((id) => byId.get(id) ?? []);
  } else {
    rows = await fetch({ OR: branches });
  }
  const hasMore = rows.length > limit;
  const pageRows = rows.slice(0, limit);
  if (direction === "newer") pageRows.reverse();
  const runs: RunListItem[] = pageRows.map((row) => ({
    id: row.id,
    workflowId: row.workflowId,
    workflowName: row.workflow.name,
    version: row.version,
    status: row.status,
    triggerKind: row.triggerKind,
    triggeredBy: row.triggeredBy,
    errorCode: row.errorCode,
    parentRunId: row.parentRunId,
    depth: row.depth,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    durationMs: row.startedAt && row.endedAt ? row.endedAt.getTime() - row.startedAt.getTime() : null,
    tokens: row.promptTokens + row.completionTokens,
  }));
  const first = runs[0];
  const last = runs[runs.length - 1];
  const olderExists = direction === "older" ? hasMore : cursor !== null;
  const newerExists = direction === "older" ? cursor !== null : hasMore;
  return {
    runs,
    olderCursor: olderExists && last ? encodeRunCursor(last) : null,
    newerCursor: newerExists && first ? encodeRunCursor(first) : null,
  };
}

/** The workflows whose runs `viewer` may filter by (name order), for the runs list's workflow filter. */
export async function listRunWorkflowOptions(db: Db, viewer: Viewer): Promise<{ id: string; name: string }[]> {
  const where: Prisma.WorkflowWhereInput =
    viewer.role === "admin"
      ? {}
      : { OR: [{ ownerId: viewer.id }, { shares: { some: { userId: viewer.id } } }, { runs: { some: { triggeredById: viewer.id } } }] };
  return db.workflow.findMany({ where, select: { id: true, name: true }, orderBy: { name: "asc" }, take: 500 });
}

// The run detail (audit trail) lives in ./run-detail.ts; re-exported so callers keep one import.
export { approvalViewFromRow, getRunDetail } from "./run-detail";
export type { ApprovalView, NodeRunView, RelatedRunView, RunDetail, RunErrorView, RunEventView } from "./run-detail";

/** What re-running needs: the run's workflow, version, graph snapshot and inputs. Null when not visible. */
export async function getRunForRerun(
  db: Db,
  viewer: Viewer,
  runId: string,
): Promise<{
  id: string;
  workflowId: string;
  version: number | null;
  graph: unknown;
  inputs: Record<string, unknown>;
  status: string;
} | null> {
  if (!(await canViewRun(db, viewer, runId))) return null;
  const run = await db.run.findUnique({
    where: { id: runId },
    select: { id: true, workflowId: true, version: true, graphSnapshot: { select: { graph: true } }, inputs: true, status: true },
  });
  if (!run) return null;
  const { graphSnapshot, ...rest } = run;
  return { ...rest, graph: parseJson<unknown>(graphSnapshot.graph, null), inputs: parseJson<Record<string, unknown>>(run.inputs, {}) };
}

/** Status and last event seq of a visible run (for live pages), or null. */
export async function getRunProgress(db: Db, viewer: Viewer, runId: string): Promise<{ status: string; lastSeq: number } | null> {
  if (!(await canViewRun(db, viewer, runId))) return null;
  return db.run.findUnique({ where: { id: runId }, select: { status: true, lastSeq: true } });
}
