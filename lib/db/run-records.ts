/**
 * Row ↔ record mapping between the Prisma models Run, NodeRun, RunEvent, Approval (JSON stored as text)
 * and the RunStore records of lib/workflow/run-store.ts. Pure functions, no queries.
 */
import type {
  ApprovalRecord,
  ApprovalStatus,
  NewApproval,
  NewRun,
  NodeRunRecord,
  NodeRunStatus,
  RunErrorInfo,
  RunEventRecord,
  RunEventType,
  RunPatch,
  RunRecord,
  RunState,
  RunStatus,
  RunTrigger,
} from "@/lib/workflow/run-store";
import { createHash } from "node:crypto";
import { snapshotText } from "@/lib/workflow/validate";
import type { Approval, NodeRun, Run, RunEvent } from "./generated/sqlite/client";

/** JSON text of a value; `null` and `undefined` become SQL NULL. */
export function jsonOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

function parseOr<T>(text: string | null, fallback: T): T {
  return text === null || text === "" ? fallback : (JSON.parse(text) as T);
}

/** A Run row with its graph snapshot's JSON text (RunGraph.graph, joined on graphId). */
export type RunRowWithGraph = Run & { graph: string | null };

/** RunGraph ids of graph snapshots already hashed, by snapshot object (runs of one workflow share one). */
const graphIds = new WeakMap<object, { workflowId: string; id: string }>();

/**
 * The RunGraph row of a new run's graph snapshot: id = sha256 (hex) of the workflow id and the graph's
 * JSON text, so runs of the same workflow and graph share one row (stored with INSERT … ON CONFLICT DO
 * NOTHING before the run). The engine's snapshots are deep-frozen (validate.ts `checkGraphForRun`), so
 * their text and id are computed once per snapshot.
 */
export function runGraphRow(run: Pick<NewRun, "workflowId" | "graph" | "createdAt">): {
  id: string;
  workflowId: string;
  graph: string;
  createdAt: Date;
} {
  const text = snapshotText(run.graph);
  const graph = text ?? JSON.stringify(run.graph ?? null);
  const known = text !== undefined ? graphIds.get(run.graph as object) : undefined;
  let id = known?.workflowId === run.workflowId ? known.id : undefined;
  if (id === undefined) {
    id = createHash("sha256").update(`${run.workflowId}\n${graph}`).digest("hex");
    if (text !== undefined) graphIds.set(run.graph as object, { workflowId: run.workflowId, id });
  }
  return { id, workflowId: run.workflowId, graph, createdAt: run.createdAt };
}

export function runFromRow(row: RunRowWithGraph): RunRecord {
  return {
    id: row.id,
    workflowId: row.workflowId,
    version: row.version,
    graph: parseOr<unknown>(row.graph, null),
    status: row.status as RunStatus,
    inputs: parseOr<Record<string, unknown>>(row.inputs, {}),
    outputs: parseOr<Record<string, unknown> | null>(row.outputs, null),
    error: parseOr<RunErrorInfo | null>(row.error, null),
    trigger: parseOr<RunTrigger>(row.trigger, { kind: row.triggerKind as RunTrigger["kind"], userId: row.triggeredById }),
    parentRunId: row.parentRunId,
    depth: row.depth,
    state: parseOr<RunState>(row.state, {
      schemaVersion: 1,
      edges: "",
      steps: 0,
      nextPosition: 0,
      activeMs: 0,
      callStack: [],
      handledFailures: false,
    }),
    usage: { prompt_tokens: row.promptTokens, completion_tokens: row.completionTokens },
    workerId: row.workerId,
    lastSeq: row.lastSeq,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
  };
}

/** Create data of a Run row (`lastSeq` given separately: the number of first events; `graphId`: `runGraphRow`'s id). */
export function runToCreate(run: NewRun, lastSeq: number, graphId: string) {
  return {
    id: run.id,
    workflowId: run.workflowId,
    version: run.version,
    graphId,
    status: run.status,
    inputs: JSON.stringify(run.inputs ?? {}),
    outputs: jsonOrNull(run.outputs),
    error: jsonOrNull(run.error),
    errorCode: run.error?.code ?? null,
    triggerKind: run.trigger.kind,
    trigger: JSON.stringify(run.trigger),
    triggeredById: run.trigger.userId ?? null,
    // an API start's Idempotency-Key (lib/api/v1.ts): unique per user in the database too (@@unique([triggeredById, idempotencyKey]))
    idempotencyKey: typeof run.trigger.details?.idempotency_key === "string" ? run.trigger.details.idempotency_key : null,
    parentRunId: run.parentRunId,
    depth: run.depth,
    state: JSON.stringify(run.state),
    lastSeq,
    promptTokens: run.usage.prompt_tokens,
    completionTokens: run.usage.completion_tokens,
    workerId: run.workerId,
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    endedAt: run.endedAt,
  };
}

/** Update data of a run patch; only the fields the patch names. */
export function runPatchToUpdate(patch: RunPatch) {
  const data: {
    status?: string;
    outputs?: string | null;
    error?: string | null;
    errorCode?: string | null;
    state?: string;
    promptTokens?: number;
    completionTokens?: number;
    workerId?: string | null;
    startedAt?: Date | null;
    endedAt?: Date | null;
  } = {};
  if (patch.status !== undefined) data.status = patch.status;
  if (patch.outputs !== undefined) data.outputs = jsonOrNull(patch.outputs);
  if (patch.error !== undefined) {
    data.error = jsonOrNull(patch.error);
    data.errorCode = patch.error?.code ?? null;
  }
  if (patch.state !== undefined) data.state = JSON.stringify(patch.state);
  if (patch.usage !== undefined) {
    data.promptTokens = patch.usage.prompt_tokens;
    data.completionTokens = patch.usage.completion_tokens;
  }
  if (patch.workerId !== undefined) data.workerId = patch.workerId;
  if (patch.startedAt !== undefined) data.startedAt = patch.startedAt;
  if (patch.endedAt !== undefined) data.endedAt = patch.endedAt;
  return data;
}

export function nodeRunFromRow(row: NodeRun): NodeRunRecord {
  return {
    runId: row.runId,
    nodeId: row.nodeId,
    nodeType: row.nodeType,
    status: row.status as NodeRunStatus,
    position: row.position,
    attempts: row.attempts,
    inputs: parseOr<unknown>(row.inputs, null),
    outputs: parseOr<unknown>(row.outputs, null),
    error: parseOr<RunErrorInfo | null>(row.error, null),
    model: row.model,
    usage: { prompt_tokens: row.promptTokens, completion_tokens: row.completionTokens },
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    elapsedMs: row.elapsedMs,
  };
}

/** Column values of a NodeRun row (without runId / nodeId, the unique key). */
export function nodeRunColumns(nodeRun: NodeRunRecord) {
  return {
    nodeType: nodeRun.nodeType,
    status: nodeRun.status,
    position: nodeRun.position,
    attempts: nodeRun.attempts,
    inputs: jsonOrNull(nodeRun.inputs),
    outputs: jsonOrNull(nodeRun.outputs),
    error: jsonOrNull(nodeRun.error),
    errorCode: nodeRun.error?.code ?? null,
    model: nodeRun.model,
    promptTokens: nodeRun.usage.prompt_tokens,
    completionTokens: nodeRun.usage.completion_tokens,
    startedAt: nodeRun.startedAt,
    endedAt: nodeRun.endedAt,
    elapsedMs: nodeRun.elapsedMs,
  };
}

export function eventFromRow(row: RunEvent): RunEventRecord {
  return {
    runId: row.runId,
    seq: row.seq,
    type: row.type as RunEventType,
    data: JSON.parse(row.data) as Record<string, unknown>,
    at: row.at,
  };
}

export function approvalFromRow(row: Approval): ApprovalRecord {
  return {
    id: row.id,
    runId: row.runId,
    nodeId: row.nodeId,
    title: row.title,
    description: row.description,
    assignee: row.assignee,
    status: row.status as ApprovalStatus,
    context: parseOr<Record<string, unknown>>(row.context, {}),
    decidedById: row.decidedById,
    decidedByName: row.decidedByName,
    note: row.note,
    decidedAt: row.decidedAt,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
  };
}

/** Create data of an Approval row of run `runId`. */
export function approvalToCreate(runId: string, approval: NewApproval) {
  return {
    id: approval.id,
    runId,
    nodeId: approval.nodeId,
    title: approval.title,
    description: approval.description,
    assignee: approval.assignee,
    status: "pending",
    context: JSON.stringify(approval.context ?? {}),
    expiresAt: approval.expiresAt,
    createdAt: approval.createdAt,
  };
}
