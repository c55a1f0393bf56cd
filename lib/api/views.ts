/**
 * Records as the REST API shows them (lib/api/schemas.ts shapes): ISO-8601 UTC times, snake_case, links
 * as absolute paths.
 */
import type { TriggerVariable } from "@/lib/db/queries/triggers";
import type { ApprovalRecord, NodeRunRecord, RunErrorInfo, RunRecord } from "@/lib/workflow/run-store";
import type { ApprovalBody, NodeRunBody, RunBody } from "./schemas";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Paths of a run's resources. */
export function runLinks(runId: string) {
  const self = `/api/v1/runs/${encodeURIComponent(runId)}`;
  return { self, events: `${self}/events`, cancel: `${self}/cancel` };
}

function errorBody(error: RunErrorInfo | null) {
  if (!error) return null;
  return {
    code: error.code,
    message: error.message,
    ...(error.nodeId ? { node_id: error.nodeId } : {}),
    ...(error.details !== undefined ? { details: error.details } : {}),
  };
}

/** A run (trigger details without internal ids beyond what the caller started it with). */
export function runBody(run: RunRecord, approvals?: ApprovalRecord[]): RunBody {
  return {
    id: run.id,
    workflow_id: run.workflowId,
    version: run.version,
    status: run.status,
    inputs: run.inputs,
    outputs: run.outputs,
    error: errorBody(run.error),
    trigger: { kind: run.trigger.kind, ...(run.trigger.details ? { details: run.trigger.details } : {}) },
    parent_run_id: run.parentRunId,
    depth: run.depth,
    created_at: run.createdAt.toISOString(),
    started_at: iso(run.startedAt),
    ended_at: iso(run.endedAt),
    links: runLinks(run.id),
    ...(approvals ? { approvals: approvals.map(approvalBody) } : {}),
  };
}

export function nodeRunBody(nodeRun: NodeRunRecord): NodeRunBody {
  return {
    node_id: nodeRun.nodeId,
    node_type: nodeRun.nodeType,
    status: nodeRun.status,
    position: nodeRun.position,
    attempts: nodeRun.attempts,
    inputs: nodeRun.inputs,
    outputs: nodeRun.outputs,
    error: errorBody(nodeRun.error),
    started_at: iso(nodeRun.startedAt),
    ended_at: iso(nodeRun.endedAt),
    elapsed_ms: nodeRun.elapsedMs,
    usage: nodeRun.usage,
  };
}

/** An approval (from the run store or the inbox query; both carry these fields). */
export function approvalBody(
  approval: Pick<
    ApprovalRecord,
    "id" | "runId" | "nodeId" | "title" | "description" | "assignee" | "decidedByName" | "note" | "decidedAt" | "expiresAt" | "createdAt"
  > & {
    status: string;
  },
): ApprovalBody {
  return {
    id: approval.id,
    run_id: approval.runId,
    node_id: approval.nodeId,
    title: approval.title,
    description: approval.description,
    assignee: approval.assignee,
    status: approval.status as ApprovalBody["status"],
    decided_by: approval.decidedByName,
    note: approval.note,
    decided_at: iso(approval.decidedAt),
    expires_at: iso(approval.expiresAt),
    created_at: approval.createdAt.toISOString(),
    links: { decide: `/api/v1/approvals/${encodeURIComponent(approval.id)}/decision`, run: runLinks(approval.runId).self },
  };
}

/**
 * JSON Schema (draft 2020-12) of a workflow's inputs from START's variables (spec §2): one property per
 * variable with its type and description, `required` for required variables without a default.
 */
export function inputJsonSchema(variables: TriggerVariable[]): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const variable of variables) {
    properties[variable.name] = {
      type: variable.type,
      ...(variable.description ? { description: variable.description } : {}),
      ...(variable.default_value !== undefined && variable.default_value !== null ? { default: variable.default_value } : {}),
    };
    if (variable.required && (variable.default_value === undefined || variable.default_value === null)) required.push(variable.name);
  }
  return { type: "object", properties, ...(required.length ? { required } : {}), additionalProperties: false };
}
