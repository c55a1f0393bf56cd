/**
 * Builders of node run records and the events that mirror them, shared by the scheduler, cancellation
 * and crash recovery (spec §6 audit trail, §9 events).
 */
import type { NewRunEvent, NodeRunRecord, RunErrorInfo, RunRecord, RunStatus } from "../run-store";
import type { TokenUsage } from "../services";
import { makeEvent, toWireError } from "./events";

/** No tokens. */
export const ZERO_USAGE: TokenUsage = { prompt_tokens: 0, completion_tokens: 0 };

/** `node.ended` for a finished node run. `usage` is null when no model ran. */
export function nodeEndedEvent(record: NodeRunRecord, at: Date): NewRunEvent {
  const usedModel = record.model !== null || record.usage.prompt_tokens + record.usage.completion_tokens > 0;
  return makeEvent(
    "node.ended",
    {
      node_id: record.nodeId,
      status: record.status === "succeeded" ? "succeeded" : "failed",
      outputs: record.outputs,
      error: toWireError(record.error),
      elapsed_ms: record.elapsedMs ?? 0,
      usage: usedModel ? { ...record.usage } : null,
    },
    at,
  );
}

/** A node run ended at `at` with `patch` applied; elapsed ms counted from its first start. */
export function endNodeRun(record: NodeRunRecord, at: Date, patch: Partial<NodeRunRecord>): NodeRunRecord {
  const startedAt = record.startedAt ?? at;
  return { ...record, ...patch, endedAt: at, elapsedMs: Math.max(0, at.getTime() - startedAt.getTime()) };
}

/** `run.ended` for a run reaching `status` at `at`. */
export function runEndedEvent(
  run: Pick<RunRecord, "startedAt" | "createdAt">,
  status: RunStatus,
  outputs: Record<string, unknown> | null,
  error: RunErrorInfo | null,
  usage: TokenUsage,
  at: Date,
): NewRunEvent {
  const elapsed = Math.max(0, at.getTime() - (run.startedAt ?? run.createdAt).getTime());
  return makeEvent("run.ended", { status, outputs, error: toWireError(error), elapsed_ms: elapsed, usage: { ...usage } }, at);
}

/**
 * The step that ends a run which no session of this process holds (cancel, crash recovery): node runs
 * left running or waiting fail with `error.code`, pending approvals are cancelled, `run.ended` appended.
 * `endedAt` is never before `startedAt`.
 */
export function abandonRunStep(
  run: RunRecord,
  nodeRuns: readonly NodeRunRecord[],
  status: "failed" | "cancelled",
  error: RunErrorInfo,
  now: Date,
) {
  const endedAt = run.startedAt && run.startedAt.getTime() > now.getTime() ? new Date(run.startedAt) : now;
  const unfinished = nodeRuns
    .filter((nodeRun) => nodeRun.status === "running" || nodeRun.status === "waiting")
    .map((nodeRun) => endNodeRun(nodeRun, endedAt, { status: "failed", error: { ...error, nodeId: nodeRun.nodeId } }));
  return {
    expectStatus: [run.status],
    runPatch: { status, error, endedAt, workerId: null, outputs: null },
    nodeRuns: unfinished,
    events: [...unfinished.map((nodeRun) => nodeEndedEvent(nodeRun, endedAt)), runEndedEvent(run, status, null, error, run.usage, endedAt)],
    cancelPendingApprovals: true,
  };
}
