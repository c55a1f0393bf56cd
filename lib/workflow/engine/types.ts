/**
 * Public types of the workflow engine (spec §5) and the context its parts share.
 */
import type { WorkflowError } from "../errors";
import type { NodeRunInfo } from "../nodes/node-definition";
import type { ApprovalRecord, RunEventRecord, RunRecord, RunStore, RunTrigger } from "../run-store";
import type { NodeServices } from "../services";
import type { ApprovalUser } from "./approvals";
import type { RunEventBus, RunEventListener } from "./events";

/** Per-run limits (spec §5 "Limits"). */
export interface EngineLimits {
  /** Node attempts per run; one more fails the run with `limit_exceeded`. Default 10,000. */
  maxSteps: number;
  /** Running time per run (waiting for approvals not counted), ms; past it the run fails with `timeout`. Default 1 h. */
  maxDurationMs: number;
}

/** Options of `createEngine`. */
export interface EngineOptions {
  store: RunStore;
  /** The services of every run, or a factory giving each run its own (e.g. MCP sessions per run). */
  services: NodeServices | ((run: NodeRunInfo) => NodeServices);
  /** Clock; default `() => new Date()`. */
  now?: () => Date;
  /** Identifies this process on running runs (Run.workerId). Default a random id. */
  workerId?: string;
  /** Nodes of one run executing at once (spec §5, default 8). */
  maxParallel?: number;
  limits?: Partial<EngineLimits>;
  /**
   * Id generator for runs and approvals; default UUIDv7 (RFC 9562 §5.7: time-ordered, so the rows of
   * consecutive runs share the right-most B-tree pages of every index keyed by run id instead of each
   * dirtying a random page per commit).
   */
  createId?: () => string;
  /** Where errors that cannot be reported through a run go (listener errors, MCP close failures). Default console.error. */
  onInternalError?: (error: unknown) => void;
}

/** What `startRun` needs. */
export interface StartRunParams {
  workflowId: string;
  /** Published version; null for a draft run. */
  version: number | null;
  /** The graph to run (spec §1 `graph`); validated before anything is stored. */
  graph: unknown;
  /** Values for START's variables. */
  inputs?: unknown;
  trigger: RunTrigger;
  parentRunId?: string | null;
  /** Nesting depth, 0 for a top-level run (spec §7). */
  depth?: number;
  /** Workflow ids of the enclosing runs, outermost first (spec §7); this workflow is appended. */
  callStack?: string[];
  /** Id for the run; default a new one. */
  runId?: string;
  /** Store the run as `queued` and return at once; a worker runs it with `resumeRun`. */
  queue?: boolean;
  /** Called once the run is stored, before anything executes or is published (the CLI prints `run RUN_ID started`; a subscriber added here sees every event). */
  onRunCreated?: (run: RunRecord) => void;
}

/** Result of `decide`. */
export interface DecideOutcome {
  approval: ApprovalRecord;
  /** The run after the decision was applied: final, waiting again, or `running` when another process runs it. */
  run: RunRecord;
}

/** The workflow runtime over a RunStore (spec §5). */
export interface WorkflowEngine {
  /**
   * Validates the graph (spec §4) and the inputs (spec §5), stores the run and runs it until it is final or
   * waiting. Returns the stored run.
   * @throws WorkflowError `invalid_input` (issues: every bad variable) or the first graph issue's code
   *   (issues: all) — nothing is stored then.
   */
  startRun(params: StartRunParams): Promise<RunRecord>;
  /** Runs a `waiting` (with decided approvals) or `queued` run from its stored state; a final run is returned as is. @throws `not_found`. */
  resumeRun(runId: string): Promise<RunRecord>;
  /**
   * Decides an approval once and resumes its run from the stored state (in this or any process sharing the store).
   * @throws WorkflowError `not_found`, `forbidden` (not the assignee), `already_decided` (details: status, decided_by, decided_at).
   */
  decide(approvalId: string, decision: "approved" | "rejected", note: string | null, user: ApprovalUser): Promise<DecideOutcome>;
  /** Cancels a queued, running or waiting run (`cancelled`); a final run is returned unchanged. @throws `not_found`. */
  cancelRun(runId: string, by: string): Promise<RunRecord>;
  /** Fails runs left `running` by a crashed process with `interrupted` (spec §5); returns them. Runs this engine is executing are left alone. */
  recoverInterrupted(): Promise<RunRecord[]>;
  /** Times out pending approvals whose deadline passed (`approval_timeout`, then the node's error strategy); returns the runs touched. */
  sweepApprovalTimeouts(now?: Date): Promise<RunRecord[]>;
  /** Live events of one run in this process, after they are stored; returns the unsubscribe function. */
  subscribe(runId: string, listener: RunEventListener): () => void;
  /** Every stored event of `runId` after `afterSeq`, then the live ones, each once, until the run ends or `signal` aborts. */
  followEvents(runId: string, options?: { afterSeq?: number; signal?: AbortSignal; pollMs?: number }): AsyncIterable<RunEventRecord>;
  /** The in-process event bus (all runs). */
  readonly events: RunEventBus;
}

/** What the engine's parts share (internal). */
export interface EngineContext {
  store: RunStore;
  bus: RunEventBus;
  now: () => Date;
  workerId: string;
  maxParallel: number;
  limits: EngineLimits;
  createId: () => string;
  resolveServices: (run: NodeRunInfo) => NodeServices;
  onInternalError: (error: unknown) => void;
  /** Sessions executing in this process, by run id. */
  sessions: Map<string, { readonly done: Promise<RunRecord>; notifyDecision(): void; cancel(by: string): void }>;
}

/** A WorkflowError whose `issues` list every validation problem. */
export type ValidationFailure = WorkflowError & { issues: NonNullable<WorkflowError["issues"]> };
