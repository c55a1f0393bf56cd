/**
 * Run operations the app, the API and the CLI call (STYLE.md data flow: page/CLI → lib/runtime → engine):
 * start a workflow's run, decide an approval, cancel a run, read a run's trail (spec §5, §6).
 * Access rule: an admin may act on every workflow and run; a member on the workflows they own or that are
 * shared with them, and on the runs they triggered. Anything else is `not_found` (nothing leaks).
 */
import { appendAuditLog } from "@/lib/audit";
import { AppError } from "@/lib/errors";
import { canViewRun } from "@/lib/db/queries/runs";
import type { DecideOutcome } from "@/lib/workflow/engine";
import type { ApprovalRecord, NodeRunRecord, RunEventRecord, RunRecord, TriggerKind } from "@/lib/workflow/run-store";
import type { Runtime, RuntimeUser } from "./types";

async function loadRunnableWorkflow(runtime: Runtime, workflowId: string, user: RuntimeUser) {
  const workflow = await runtime.db.workflow.findUnique({
    where: { id: workflowId },
    include: { activeVersion: true, shares: { where: { userId: user.id }, select: { userId: true } } },
  });
  if (!workflow || (user.role !== "admin" && workflow.ownerId !== user.id && workflow.shares.length === 0)) {
    throw new AppError("not_found", `No workflow with id "${workflowId}"`);
  }
  return workflow;
}

export interface StartWorkflowRunParams {
  workflowId: string;
  /** A published version to run; default the active version, or the draft when none is published. */
  version?: number;
  /** Run the draft graph (the editor's "Run"); the run's version is null. */
  draft?: boolean;
  /** Values for START's variables (spec §5 `invalid_input` when they do not fit). */
  inputs?: unknown;
  /** What started the run (default `editor`) and anything worth keeping about it. */
  trigger?: { kind: TriggerKind; details?: Record<string, unknown> };
  user: RuntimeUser;
  /** Called once the run is stored, before anything executes (the CLI prints `run RUN_ID started`). */
  onRunCreated?: (run: RunRecord) => void;
  /** Resolve as soon as the run is stored and let it go on in this process (pages that stream its events). Default false: resolve when it is final or waiting. */
  background?: boolean;
}

/**
 * Starts a run of a stored workflow.
 * @returns the run: final or waiting, or just stored with `background`.
 * @throws AppError `not_found` (no such workflow/version or not allowed); WorkflowError `invalid_input` or a
 *   validation code (spec §4) with `issues` — nothing is stored then.
 */
export async function startWorkflowRun(runtime: Runtime, params: StartWorkflowRunParams): Promise<RunRecord> {
  const workflow = await loadRunnableWorkflow(runtime, params.workflowId, params.user);
  let graphText = workflow.draftGraph;
  let version: number | null = null;
  if (params.version !== undefined) {
    const row = await runtime.db.workflowVersion.findUnique({
      where: { workflowId_version: { workflowId: workflow.id, version: params.version } },
    });
    if (!row) throw new AppError("not_found", `Workflow "${workflow.id}" has no version ${params.version}`);
    graphText = row.graph;
    version = row.version;
  } else if (!params.draft && workflow.activeVersion) {
    graphText = workflow.activeVersion.graph;
    version = workflow.activeVersion.version;
  }
  await runtime.refreshWorkspaceEnv();
  let created: (run: RunRecord) => void = () => {};
  const stored = new Promise<RunRecord>((resolve) => {
    created = resolve;
  });
  const finished = runtime.engine.startRun({
    workflowId: workflow.id,
    version,
    graph: JSON.parse(graphText),
    inputs: params.inputs ?? {},
    trigger: {
      kind: params.trigger?.kind ?? "editor",
      userId: params.user.id,
      details: { user: params.user.email, ...params.trigger?.details },
    },
    onRunCreated: (run) => {
      params.onRunCreated?.(run);
      created(run);
    },
  });
  if (!params.background) return finished;
  // Validation errors reject `finished` before anything is stored; after that the run reports its own failures.
  return Promise.race([stored, finished]);
}

export interface DecideApprovalParams {
  /** The approval, or the run and the HUMAN_INTERVENTION node it waits on. */
  approvalId?: string;
  runId?: string;
  nodeId?: string;
  decision: "approved" | "rejected";
  note?: string | null;
  user: RuntimeUser;
}

/**
 * Decides an approval once and resumes its run from the stored state (spec §5), in this process; audited
 * as `approval.decide`.
 * @returns the approval and the run after it (final, waiting again, or running in another process).
 * @throws AppError `not_found` (no such approval, or a run the user may not see); WorkflowError
 *   `already_decided` (details: status, decided_by, decided_at; HTTP 409) or `forbidden` (not the assignee).
 */
export async function decideApproval(runtime: Runtime, params: DecideApprovalParams): Promise<DecideOutcome> {
  const approval = params.approvalId
    ? await runtime.db.approval.findUnique({ where: { id: params.approvalId }, select: { id: true, runId: true, nodeId: true } })
    : params.runId && params.nodeId
      ? await runtime.db.approval.findUnique({
          where: { runId_nodeId: { runId: params.runId, nodeId: params.nodeId } },
          select: { id: true, runId: true, nodeId: true },
        })
      : null;
  if (!approval || !(await canViewRun(runtime.db, params.user, approval.runId))) {
    const what = params.approvalId ? `approval "${params.approvalId}"` : `approval for node "${params.nodeId}" of run "${params.runId}"`;
    throw new AppError("not_found", `No ${what}`);
  }
  await runtime.refreshWorkspaceEnv();
  const outcome = await runtime.engine.decide(approval.id, params.decision, params.note ?? null, params.user);
  await appendAuditLog(runtime.db, {
    action: "approval.decide",
    actorId: params.user.id,
    actorEmail: params.user.email,
    targetType: "approval",
    targetId: approval.id,
    data: { run_id: approval.runId, node_id: approval.nodeId, decision: params.decision, note: params.note ?? null },
  });
  return outcome;
}

/**
 * Cancels a queued, running or waiting run (spec §5 "cancel by the user"); a final run is returned as is.
 * @throws AppError `not_found` (no such run or not visible to the user).
 */
export async function cancelRun(runtime: Runtime, runId: string, user: RuntimeUser): Promise<RunRecord> {
  if (!(await canViewRun(runtime.db, user, runId))) throw new AppError("not_found", `No run "${runId}"`);
  const run = await runtime.engine.cancelRun(runId, user.email);
  await appendAuditLog(runtime.db, {
    action: "run.cancel",
    actorId: user.id,
    actorEmail: user.email,
    targetType: "run",
    targetId: runId,
    data: { status: run.status },
  });
  return run;
}

/** A run's audit trail (spec §6): the run, its node runs (by position), approvals (by creation) and every event (by seq). */
export interface RunTrail {
  run: RunRecord;
  nodeRuns: NodeRunRecord[];
  approvals: ApprovalRecord[];
  events: RunEventRecord[];
}

/**
 * The trail of a run, for the run page, `show` and export; with `viewer`, null unless they may see it.
 * Null when there is no such run.
 */
export async function getRunTrail(runtime: Runtime, runId: string, viewer?: RuntimeUser): Promise<RunTrail | null> {
  if (viewer && !(await canViewRun(runtime.db, viewer, runId))) return null;
  const snapshot = await runtime.store.loadRun(runId);
  if (!snapshot) return null;
  const events = await runtime.store.listEvents(runId, 0);
  return { ...snapshot, events };
}

/** Resumes a queued run, or a waiting one whose approval was decided elsewhere; returns it when it is final or waiting. @throws WorkflowError `not_found`. */
export async function resumeRun(runtime: Runtime, runId: string): Promise<RunRecord> {
  await runtime.refreshWorkspaceEnv();
  return runtime.engine.resumeRun(runId);
}
