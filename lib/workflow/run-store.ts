/**
 * The durable state of runs (spec §5, §6, §9): the run row, node runs, the append-only event log with a
 * per-run sequence, and approvals. The engine runs over this interface (STYLE.md: langgraphjs'
 * checkpoint store); `InMemoryRunStore` (memory-run-store.ts) is for tests and the headless CLI without a
 * database, the Prisma store (lib/db) for the app. Both pass `describeRunStoreConformance`.
 *
 * Each method is one atomic step (one transaction in a database): a step's run patch, node runs, events
 * and approvals are all written, or none. Values are JSON (numbers, strings, booleans, null, arrays,
 * objects); timestamps are `Date`s with millisecond precision. Returned records are copies.
 *
 * Mapping to prisma/schema.prisma: RunRecord → Run (usage → promptTokens/completionTokens, trigger.kind →
 * triggerKind, trigger.userId → triggeredById, trigger → trigger JSON, error.code → errorCode), NodeRunRecord
 * → NodeRun (unique runId+nodeId), RunEventRecord → RunEvent (unique runId+seq, Run.lastSeq), ApprovalRecord →
 * Approval (unique runId+nodeId).
 */
import type { WorkflowErrorCode } from "./errors";
import type { TokenUsage } from "./services";

/** Run statuses (spec §5). */
export const RUN_STATUSES = ["queued", "running", "waiting", "succeeded", "partial_succeeded", "failed", "cancelled"] as const;
/** One of RUN_STATUSES. */
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Statuses a run never leaves. */
export const FINAL_RUN_STATUSES: ReadonlySet<RunStatus> = new Set(["succeeded", "partial_succeeded", "failed", "cancelled"]);

/** Node statuses (spec §5). */
export const NODE_RUN_STATUSES = ["pending", "running", "waiting", "succeeded", "failed", "skipped"] as const;
/** One of NODE_RUN_STATUSES. */
export type NodeRunStatus = (typeof NODE_RUN_STATUSES)[number];

/** Approval statuses (Approval.status). */
export const APPROVAL_STATUSES = ["pending", "approved", "rejected", "timed_out", "cancelled"] as const;
/** One of APPROVAL_STATUSES. */
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** What started a run (Run.triggerKind). */
export const TRIGGER_KINDS = ["editor", "api", "webhook", "schedule", "mcp", "agent", "parent_run", "cli"] as const;
/** One of TRIGGER_KINDS. */
export type TriggerKind = (typeof TRIGGER_KINDS)[number];

/** Who or what triggered a run (spec §6). */
export interface RunTrigger {
  kind: TriggerKind;
  /** The user the run acts for (Run.triggeredById), when there is one. */
  userId?: string | null;
  /** Anything else worth keeping: API key name, agent run id, schedule id… (JSON). */
  details?: Record<string, unknown>;
}

/** A stored error: `{code, message}` (spec §6), the node it came from, and JSON details. */
export interface RunErrorInfo {
  code: WorkflowErrorCode;
  message: string;
  nodeId?: string;
  details?: unknown;
}

/** Engine state between steps (Run.state, JSON), with a schema version so any process can resume it. */
export interface RunState {
  schemaVersion: 1;
  /** One character per edge of the graph snapshot, in `graph.edges` order: `u` undecided, `t` taken, `s` skipped. */
  edges: string;
  /** Node attempts started so far (limits.maxSteps). */
  steps: number;
  /** Next NodeRun.position to hand out. */
  nextPosition: number;
  /** Time spent running (not waiting), ms (limits.maxDurationMs). */
  activeMs: number;
  /** Workflow ids of the enclosing runs, outermost first, this run's workflow last (spec §7). */
  callStack: string[];
  /** Whether a node failed under `continue` / `fail_branch` (the run then ends `partial_succeeded`). */
  handledFailures: boolean;
}

/** A run (Run row, spec §6). */
export interface RunRecord {
  id: string;
  workflowId: string;
  /** Published version the run used; null for a draft run. */
  version: number | null;
  /** The graph snapshot the run executes (spec §6), JSON. */
  graph: unknown;
  status: RunStatus;
  inputs: Record<string, unknown>;
  /** END outputs; null until the run ends. */
  outputs: Record<string, unknown> | null;
  error: RunErrorInfo | null;
  trigger: RunTrigger;
  parentRunId: string | null;
  /** Nesting depth, 0 for a top-level run. */
  depth: number;
  state: RunState;
  /** Token totals of the run. */
  usage: TokenUsage;
  /** Process that owns the run while it is running. */
  workerId: string | null;
  /** Sequence number of the last appended event (0 = none). */
  lastSeq: number;
  createdAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
}

/** One node of a run (NodeRun row, spec §6). */
export interface NodeRunRecord {
  runId: string;
  nodeId: string;
  nodeType: string;
  status: NodeRunStatus;
  /** Order in which the node first started or was decided, skips included (0-based). */
  position: number;
  attempts: number;
  /** Resolved inputs (templates rendered), JSON. */
  inputs: unknown;
  outputs: unknown;
  error: RunErrorInfo | null;
  model: string | null;
  usage: TokenUsage;
  startedAt: Date | null;
  endedAt: Date | null;
  /** Wall time of the node, ms (across attempts and waiting). */
  elapsedMs: number | null;
}

/** Event types of a workflow run (spec §9). */
export const RUN_EVENT_TYPES = [
  "run.started",
  "node.started",
  "node.delta",
  "node.retrying",
  "node.waiting",
  "node.ended",
  "node.skipped",
  "approval.decided",
  "run.waiting",
  "run.ended",
] as const;
/** One of RUN_EVENT_TYPES. */
export type RunEventType = (typeof RUN_EVENT_TYPES)[number];

/** A stored event (RunEvent row, spec §9). */
export interface RunEventRecord {
  runId: string;
  /** 1, 2, 3… per run, gapless. */
  seq: number;
  type: RunEventType;
  /** The type's fields (spec §9 table), snake_case, JSON. */
  data: Record<string, unknown>;
  at: Date;
}

/** An approval of a HUMAN_INTERVENTION node (Approval row). */
export interface ApprovalRecord {
  id: string;
  runId: string;
  nodeId: string;
  title: string;
  /** Rendered description. */
  description: string;
  /** User email, role, or "" for anyone. */
  assignee: string;
  status: ApprovalStatus;
  /** The upstream outputs the approval is about (node id → outputs, plus `input`), JSON. */
  context: Record<string, unknown>;
  decidedById: string | null;
  decidedByName: string | null;
  note: string | null;
  decidedAt: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
}

/** A run to create. `lastSeq` starts at 0 and grows with `events`. */
export type NewRun = Omit<RunRecord, "lastSeq">;

/** An event to append; the store gives it its seq. */
export interface NewRunEvent {
  type: RunEventType;
  data: Record<string, unknown>;
  at: Date;
}

/** An approval to create; it starts `pending`. */
export type NewApproval = Omit<ApprovalRecord, "status" | "decidedById" | "decidedByName" | "note" | "decidedAt">;

/** Fields of a run a step may change. */
export type RunPatch = Partial<Pick<RunRecord, "status" | "outputs" | "error" | "state" | "usage" | "workerId" | "startedAt" | "endedAt">>;

/** One step, written atomically by `commitStep`. */
export interface StepCommit {
  /** Only write when the run's status is one of these (the step is refused otherwise, nothing written). */
  expectStatus?: readonly RunStatus[];
  runPatch?: RunPatch;
  /** Whole node run rows, inserted or replaced by (runId, nodeId). */
  nodeRuns?: readonly NodeRunRecord[];
  /** Appended in order with seq = lastSeq + 1, + 2, … */
  events?: readonly NewRunEvent[];
  approvalsCreate?: readonly NewApproval[];
  /** Sets every `pending` approval of the run to `cancelled`. */
  cancelPendingApprovals?: boolean;
}

/** Result of `commitStep`: the appended events, or why nothing was written. */
export type CommitResult =
  | { ok: true; events: RunEventRecord[]; lastSeq: number }
  | { ok: false; reason: "status_mismatch"; status: RunStatus }
  | { ok: false; reason: "not_found" };

/** A decision (or a timeout) on an approval. */
export interface ApprovalDecisionInput {
  approvalId: string;
  status: "approved" | "rejected" | "timed_out";
  decidedById: string | null;
  decidedByName: string | null;
  note: string | null;
  at: Date;
}

/** Result of `decideApproval`. */
export type DecideApprovalResult =
  | { ok: true; approval: ApprovalRecord }
  | { ok: false; reason: "already_decided"; approval: ApprovalRecord }
  | { ok: false; reason: "not_found" };

/** Everything needed to resume a run. */
export interface RunSnapshot {
  run: RunRecord;
  /** Ordered by position. */
  nodeRuns: NodeRunRecord[];
  /** Ordered by creation. */
  approvals: ApprovalRecord[];
}

/**
 * `createRun` of an id that is already stored (code `duplicate_run`): what an idempotent start (a
 * caller-chosen run id, lib/api/v1.ts) racing another start with the same key gets, from every store.
 */
export class DuplicateRunError extends Error {
  readonly code = "duplicate_run";
  constructor(
    readonly runId: string,
    options?: { cause?: unknown },
  ) {
    super(`A run with id ${runId} already exists`, options);
    this.name = "DuplicateRunError";
  }
}

/** Whether `error` is a DuplicateRunError (also across module copies: checks the code). */
export function isDuplicateRunError(error: unknown): error is DuplicateRunError {
  return (error as { code?: unknown } | null)?.code === "duplicate_run";
}

/** The durable state of runs; see the module doc. Each method is atomic. */
export interface RunStore {
  /** Inserts a run with its first events (seq 1…). @throws DuplicateRunError when the id exists. */
  createRun(run: NewRun, events?: readonly NewRunEvent[]): Promise<RunRecord>;
  getRun(runId: string): Promise<RunRecord | null>;
  /** The run with its node runs and approvals, read consistently. */
  loadRun(runId: string): Promise<RunSnapshot | null>;
  /** Writes one step atomically; events get consecutive seqs even under concurrent commits. */
  commitStep(runId: string, step: StepCommit): Promise<CommitResult>;
  /**
   * Atomically moves the run from one of `from` to `running` with `workerId` (compare-and-set; of
   * concurrent claims exactly one wins). Null when the run is missing or not in `from`.
   */
  claimRun(runId: string, claim: { from: readonly RunStatus[]; workerId: string | null }): Promise<RunRecord | null>;
  getApproval(approvalId: string): Promise<ApprovalRecord | null>;
  listApprovals(filter: { runId?: string; status?: readonly ApprovalStatus[] }): Promise<ApprovalRecord[]>;
  /** Conditional update `pending` → decision; of concurrent decisions exactly one wins, the others get `already_decided` with the winner's row. */
  decideApproval(decision: ApprovalDecisionInput): Promise<DecideApprovalResult>;
  /** Events with seq > `afterSeq`, ascending, at most `limit`. */
  listEvents(runId: string, afterSeq?: number, limit?: number): Promise<RunEventRecord[]>;
  /** Runs in any of `statuses`, oldest first. */
  findRunsByStatus(statuses: readonly RunStatus[], options?: { workerId?: string; limit?: number }): Promise<RunRecord[]>;
  /** Pending approvals with `expiresAt` ≤ `now`, oldest first. */
  listExpiredApprovals(now: Date): Promise<ApprovalRecord[]>;
}

export { InMemoryRunStore } from "./memory-run-store";
