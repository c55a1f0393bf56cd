/**
 * Read queries of approvals (HUMAN_INTERVENTION, spec §5) for the inbox, its live count and the decided
 * history. Deciding goes through lib/runtime.ts (the engine resumes the run); nothing here writes.
 *
 * Who sees an approval: whoever may see its run (runs.ts `runAccessWhere`: an admin every run, a member the
 * runs they triggered and those of workflows they own or that are shared with them) — the same rule the
 * runtime's `decideApproval` applies, so everything the inbox shows can be decided. An approval assigned by
 * email to someone who cannot see the workflow waits until the workflow is shared with them. The inbox
 * ("for me") is the pending approvals the viewer sees AND may decide: assigned to their email, their role,
 * or to anyone ("").
 */
import type { Db } from "../client";
import type { Prisma } from "../generated/sqlite/client";
import { type ApprovalView, approvalViewFromRow, runAccessWhere, type Viewer } from "./runs";

/** Who an approval is for: `assignee` is a user email, a role name, or "" (anyone). */
export function approvalAssigneeFilter(user: { email: string; role: string }) {
  const emails = [...new Set([user.email, user.email.toLowerCase()])];
  return { assignee: { in: ["", user.role, ...emails] } };
}

/** The Prisma filter of the approvals `viewer` may see: those of runs they may see (see the module comment). */
export async function approvalAccessWhere(db: Db, viewer: Viewer): Promise<Prisma.ApprovalWhereInput> {
  if (viewer.role === "admin") return {};
  return { run: await runAccessWhere(db, viewer) };
}

/** Number of pending approvals the user sees and may decide (the navigation badge). */
export async function countPendingApprovals(db: Db, user: Viewer): Promise<number> {
  const access = await approvalAccessWhere(db, user);
  return db.approval.count({ where: { AND: [{ status: "pending" }, approvalAssigneeFilter(user), access] } });
}

/** An approval with what its card shows about the run. */
export interface ApprovalItem extends ApprovalView {
  run: {
    id: string;
    status: string;
    workflowId: string;
    workflowName: string;
    version: number | null;
    triggerKind: string;
    triggeredBy: { name: string; email: string } | null;
    createdAt: Date;
  };
}

const approvalInclude = {
  run: {
    select: {
      id: true,
      status: true,
      workflowId: true,
      version: true,
      triggerKind: true,
      createdAt: true,
      workflow: { select: { name: true } },
      triggeredBy: { select: { name: true, email: true } },
    },
  },
} as const;

type ApprovalRowWithRun = Prisma.ApprovalGetPayload<{ include: typeof approvalInclude }>;

function approvalItemFromRow(row: ApprovalRowWithRun): ApprovalItem {
  return {
    ...approvalViewFromRow(row),
    run: {
      id: row.run.id,
      status: row.run.status,
      workflowId: row.run.workflowId,
      workflowName: row.run.workflow.name,
      version: row.run.version,
      triggerKind: row.run.triggerKind,
      triggeredBy: row.run.triggeredBy,
      createdAt: row.run.createdAt,
    },
  };
}

/** The inbox: pending approvals the viewer sees and may decide, newest first (at most `limit`, default 100). */
export async function listPendingApprovals(db: Db, viewer: Viewer, options: { limit?: number } = {}): Promise<ApprovalItem[]> {
  const access = await approvalAccessWhere(db, viewer);
  const rows = await db.approval.findMany({
    where: { AND: [{ status: "pending" }, approvalAssigneeFilter(viewer), access] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(500, options.limit ?? 100),
    include: approvalInclude,
  });
  return rows.map(approvalItemFromRow);
}

/**
 * The decided history the viewer sees (approved, rejected, timed out, cancelled), most recently decided
 * first; `before` (an approval id from the previous page) continues the list. At most `limit` (default 50).
 */
export async function listDecidedApprovals(
  db: Db,
  viewer: Viewer,
  options: { limit?: number; before?: string | null } = {},
): Promise<{ approvals: ApprovalItem[]; nextBefore: string | null }> {
  const limit = Math.min(200, Math.max(1, options.limit ?? 50));
  const access = await approvalAccessWhere(db, viewer);
  const and: Prisma.ApprovalWhereInput[] = [{ status: { not: "pending" } }, access];
  if (options.before) {
    const anchor = await db.approval.findUnique({ where: { id: options.before }, select: { id: true, decidedAt: true } });
    if (anchor?.decidedAt) {
      and.push({
        OR: [{ decidedAt: { lt: anchor.decidedAt } }, { decidedAt: anchor.decidedAt, id: { lt: anchor.id } }, { decidedAt: null }],
      });
    } else if (anchor) {
      and.push({ decidedAt: null, id: { lt: anchor.id } });
    }
  }
  const rows = await db.approval.findMany({
    where: { AND: and },
    orderBy: [{ decidedAt: { sort: "desc", nulls: "last" } }, { id: "desc" }],
    take: limit + 1,
    include: approvalInclude,
  });
  const page = rows.slice(0, limit).map(approvalItemFromRow);
  return { approvals: page, nextBefore: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null };
}

/** One approval the viewer sees, with its run; null when missing or not visible (callers answer 404). */
export async function getApprovalForViewer(db: Db, viewer: Viewer, approvalId: string): Promise<ApprovalItem | null> {
  const access = await approvalAccessWhere(db, viewer);
  const row = await db.approval.findFirst({ where: { AND: [{ id: approvalId }, access] }, include: approvalInclude });
  return row ? approvalItemFromRow(row) : null;
}

/**
 * A cheap fingerprint of the viewer's inbox: the ids of the pending approvals they may decide, newest
 * first. The live stream compares it between polls and tells the page to refresh when it changes.
 */
export async function pendingApprovalIds(db: Db, viewer: Viewer): Promise<string[]> {
  const access = await approvalAccessWhere(db, viewer);
  const rows = await db.approval.findMany({
    where: { AND: [{ status: "pending" }, approvalAssigneeFilter(viewer), access] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 500,
    select: { id: true },
  });
  return rows.map((r) => r.id);
}
