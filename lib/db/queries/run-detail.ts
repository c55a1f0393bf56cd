/**
 * The run detail query (the audit trail, spec §6): the run with its node runs, approvals, events and related
 * runs, for the run page and its export. Access as in ./runs.ts: a run the viewer may not see is null.
 */
import type { Db } from "../client";
import { parseJson } from "../client";
import { canViewRun, runAccessWhere, type Viewer } from "./runs";

// ─── Run detail (the audit trail) ───────────────────────────────────────────────────────────────

export interface RunErrorView {
  code: string;
  message: string;
  nodeId?: string;
  details?: unknown;
}

export interface NodeRunView {
  nodeId: string;
  nodeType: string;
  status: string;
  position: number;
  attempts: number;
  inputs: unknown;
  outputs: unknown;
  error: RunErrorView | null;
  model: string | null;
  promptTokens: number;
  completionTokens: number;
  cost: number | null;
  startedAt: Date | null;
  endedAt: Date | null;
  elapsedMs: number | null;
}

export interface ApprovalView {
  id: string;
  nodeId: string;
  title: string;
  description: string;
  assignee: string;
  status: string;
  context: Record<string, unknown>;
  decidedByName: string | null;
  note: string | null;
  decidedAt: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
}

export interface RunEventView {
  seq: number;
  type: string;
  data: Record<string, unknown>;
  at: Date;
}

export interface RelatedRunView {
  id: string;
  workflowId: string;
  workflowName: string;
  status: string;
  depth: number;
  createdAt: Date;
}

export interface RunDetail {
  id: string;
  workflow: { id: string; name: string; ownerId: string };
  version: number | null;
  /** The graph snapshot the run executed (spec §1 `graph`). */
  graph: unknown;
  status: string;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown> | null;
  error: RunErrorView | null;
  triggerKind: string;
  /** The trigger JSON as stored (kind, userId, details). */
  trigger: Record<string, unknown>;
  triggeredBy: { id: string; name: string; email: string } | null;
  depth: number;
  parent: RelatedRunView | null;
  children: RelatedRunView[];
  createdAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
  durationMs: number | null;
  promptTokens: number;
  completionTokens: number;
  /** Sum of the node runs' cost; null when no node recorded one. */
  cost: number | null;
  lastSeq: number;
  /** Ordered by position. */
  nodeRuns: NodeRunView[];
  /** Ordered by creation. */
  approvals: ApprovalView[];
  /** Every event, ordered by seq (spec §9). */
  events: RunEventView[];
}

const relatedSelect = {
  id: true,
  workflowId: true,
  status: true,
  depth: true,
  createdAt: true,
  workflow: { select: { name: true } },
} as const;

function relatedView(row: {
  id: string;
  workflowId: string;
  status: string;
  depth: number;
  createdAt: Date;
  workflow: { name: string };
}): RelatedRunView {
  return {
    id: row.id,
    workflowId: row.workflowId,
    workflowName: row.workflow.name,
    status: row.status,
    depth: row.depth,
    createdAt: row.createdAt,
  };
}

/**
 * The whole trail of one run for `viewer`: the run with its graph snapshot, inputs, outputs, error and
 * trigger, every node run, approval and event, and the parent and child runs the viewer may see.
 * Null when the run does not exist or the viewer may not see it (callers answer 404).
 */
export async function getRunDetail(db: Db, viewer: Viewer, runId: string): Promise<RunDetail | null> {
  if (!(await canViewRun(db, viewer, runId))) return null;
  const access = await runAccessWhere(db, viewer);
  const [run, nodeRuns, approvals, events, children] = await Promise.all([
    db.run.findUnique({
      where: { id: runId },
      include: {
        workflow: { select: { id: true, name: true, ownerId: true } },
        triggeredBy: { select: { id: true, name: true, email: true } },
        parentRun: { select: relatedSelect },
        graphSnapshot: { select: { graph: true } },
      },
    }),
    db.nodeRun.findMany({ where: { runId }, orderBy: [{ position: "asc" }, { nodeId: "asc" }] }),
    db.approval.findMany({ where: { runId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" }, select: { seq: true, type: true, data: true, at: true } }),
    db.run.findMany({
      where: { AND: [{ parentRunId: runId }, access] },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: relatedSelect,
    }),
  ]);
  if (!run) return null;
  const parentVisible = run.parentRun ? await canViewRun(db, viewer, run.parentRun.id) : false;
  const costs = nodeRuns.map((n) => n.cost).filter((c): c is number => c !== null);
  return {
    id: run.id,
    workflow: run.workflow,
    version: run.version,
    graph: parseJson<unknown>(run.graphSnapshot.graph, null),
    status: run.status,
    inputs: parseJson<Record<string, unknown>>(run.inputs, {}),
    outputs: parseJson<Record<string, unknown> | null>(run.outputs, null),
    error: parseJson<RunErrorView | null>(run.error, null),
    triggerKind: run.triggerKind,
    trigger: parseJson<Record<string, unknown>>(run.trigger, {}),
    triggeredBy: run.triggeredBy,
    depth: run.depth,
    parent: run.parentRun && parentVisible ? relatedView(run.parentRun) : null,
    children: children.map(relatedView),
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    endedAt: run.endedAt,
    durationMs: run.startedAt && run.endedAt ? run.endedAt.getTime() - run.startedAt.getTime() : null,
    promptTokens: run.promptTokens,
    completionTokens: run.completionTokens,
    cost: costs.length ? costs.reduce((sum, c) => sum + c, 0) : null,
    lastSeq: run.lastSeq,
    nodeRuns: nodeRuns.map((n) => ({
      nodeId: n.nodeId,
      nodeType: n.nodeType,
      status: n.status,
      position: n.position,
      attempts: n.attempts,
      inputs: parseJson<unknown>(n.inputs, null),
      outputs: parseJson<unknown>(n.outputs, null),
      error: parseJson<RunErrorView | null>(n.error, null),
      model: n.model,
      promptTokens: n.promptTokens,
      completionTokens: n.completionTokens,
      cost: n.cost,
      startedAt: n.startedAt,
      endedAt: n.endedAt,
      elapsedMs: n.elapsedMs,
    })),
    approvals: approvals.map(approvalViewFromRow),
    events: events.map((e) => ({ seq: e.seq, type: e.type, data: parseJson<Record<string, unknown>>(e.data, {}), at: e.at })),
  };
}

/** Maps an Approval row to its view (context parsed). */
export function approvalViewFromRow(row: {
  id: string;
  nodeId: string;
  title: string;
  description: string;
  assignee: string;
  status: string;
  context: string;
  decidedByName: string | null;
  note: string | null;
  decidedAt: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
}): ApprovalView {
  return {
    id: row.id,
    nodeId: row.nodeId,
    title: row.title,
    description: row.description,
    assignee: row.assignee,
    status: row.status,
    context: parseJson<Record<string, unknown>>(row.context, {}),
    decidedByName: row.decidedByName,
    note: row.note,
    decidedAt: row.decidedAt,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
  };
}
