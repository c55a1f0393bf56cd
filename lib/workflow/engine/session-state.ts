/**
 * The state of one run executing in this process and its transitions (spec §5): node run records, the
 * error strategies, edge decisions and skip cascades of a settled node, the run's engine state. Every
 * change goes through the run's CommitQueue. The scheduling around it is `RunSession` (run-session.ts).
 */
import { toWorkflowError, WorkflowError } from "../errors";
import { ERROR_HANDLE, type NodeRunInfo, type SourceHandle } from "../nodes/node-definition";
import type { NewRunEvent, NodeRunRecord, RunErrorInfo, RunRecord, RunState, RunStatus, StepCommit } from "../run-store";
import type { NodeServices, TokenUsage } from "../services";
import type { TemplateScope } from "../template";
import { CommitQueue, type QueuedCommitOutcome } from "./commit-queue";
import type { CompiledGraph } from "./compiled-graph";
import { makeEvent } from "./events";
import type { GraphState } from "./graph-state";
import type { NodeOutcome } from "./node-executor";
import { endNodeRun, nodeEndedEvent, ZERO_USAGE } from "./records";
import { makeRedactor, secretValues, StreamRedactor } from "./redact";
import type { EngineContext } from "./types";

/** The status every step of an executing run expects. */
export const RUNNING: readonly RunStatus[] = ["running"];

/** Why a session stopped early: a node failure, a cancel, a step refused by the store (changed elsewhere), a store error. */
export type StopKind = "failed" | "cancelled" | "refused" | "fatal";

/** A run's state as restored from the store (see session-restore.ts). */
export interface SessionInit {
  run: RunRecord;
  graph: CompiledGraph;
  graphState: GraphState;
  /** By node index. */
  nodeRuns: (NodeRunRecord | undefined)[];
  /** Waiting node index → its approval id. */
  waiting: Map<number, string>;
  /** Node id → outputs of the nodes that ran. */
  nodeOutputs: Record<string, unknown>;
  /** END outputs so far. */
  runOutputs: Record<string, unknown>;
}

/** A WorkflowError as stored: `{code, message, nodeId?, details?}`. */
export function errorInfo(error: WorkflowError): RunErrorInfo {
  return {
    code: error.code,
    message: error.message,
    ...(error.nodeId !== undefined ? { nodeId: error.nodeId } : {}),
    ...(error.details !== undefined ? { details: error.details } : {}),
  };
}

/** State and state transitions of a run session; the scheduling is in `RunSession`. */
export abstract class RunSessionState {
  readonly graph: CompiledGraph;
  readonly scope: TemplateScope;
  readonly services: NodeServices;
  readonly runInfo: NodeRunInfo;
  protected readonly controller = new AbortController();
  readonly signal = this.controller.signal;
  readonly stopped: Promise<never> = new Promise<never>((_, reject) => {
    this.signal.addEventListener("abort", () => reject(this.signal.reason), { once: true });
  });
  protected readonly commits: CommitQueue;
  protected readonly redact: <T>(value: T) => T;
  protected readonly streamRedactor: StreamRedactor;
  protected readonly run: RunRecord;
  /** The Run row as this session last wrote it: `run` with every stored patch applied, and the last seq. */
  protected storedRun: RunRecord;
  protected readonly graphState: GraphState;
  protected readonly state: RunState;
  protected usage: TokenUsage;
  protected readonly outputs: Record<string, unknown>;
  protected readonly nodeRuns: (NodeRunRecord | undefined)[];
  protected readonly waiting: Map<number, string>;
  protected ready: number[] = [];
  protected readyHead = 0;
  protected stopReason: { kind: StopKind; error: RunErrorInfo } | null = null;
  protected dirty = false;
  protected wake: (() => void) | null = null;
  protected segmentStart: number;

  constructor(
    protected readonly ctx: EngineContext,
    init: SessionInit,
  ) {
    this.run = init.run;
    this.storedRun = { ...init.run };
    this.graph = init.graph;
    this.graphState = init.graphState;
    this.state = { ...init.run.state, callStack: [...init.run.state.callStack] };
    this.usage = { ...init.run.usage };
    this.outputs = init.runOutputs;
    this.nodeRuns = init.nodeRuns;
    this.waiting = init.waiting;
    this.stopped.catch(() => undefined); // observed through races only; not an unhandled rejection
    this.runInfo = {
      runId: init.run.id,
      workflowId: init.run.workflowId,
      depth: init.run.depth,
      callStack: this.state.callStack,
      userId: init.run.trigger.userId ?? null,
    };
    this.services = ctx.resolveServices(this.runInfo);
    this.redact = makeRedactor(this.services);
    this.streamRedactor = new StreamRedactor(secretValues(this.services));
    this.scope = { ...init.nodeOutputs, input: init.run.inputs, env: this.services.env ?? {} };
    this.segmentStart = ctx.now().getTime();
    this.commits = new CommitQueue(
      async (step) => {
        const result = await ctx.store.commitStep(init.run.id, step);
        if (result.ok) this.storedRun = { ...this.storedRun, ...step.runPatch, lastSeq: result.lastSeq };
        return result;
      },
      (events) => ctx.bus.publish(events),
      () => this.stop("refused", new WorkflowError("cancelled", "The run's status changed elsewhere")),
      () => this.snapshotState(this.ctx.now().getTime()),
    );
  }

  isStopped(): boolean {
    return this.stopReason !== null;
  }

  protected stop(kind: StopKind, error: WorkflowError): void {
    if (this.stopReason) return;
    this.stopReason = { kind, error: errorInfo(error) };
    this.controller.abort(error);
    this.signalChange();
  }

  protected signalChange(): void {
    const wake = this.wake;
    if (wake) {
      this.wake = null;
      wake();
    } else {
      this.dirty = true;
    }
  }

  protected nextChange(): Promise<void> {
    if (this.dirty) {
      this.dirty = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }

  protected async commit(step: StepCommit, withState = false): Promise<QueuedCommitOutcome> {
    try {
      return await this.commits.enqueue({ expectStatus: RUNNING, ...step }, { withState });
    } catch (error) {
      this.ctx.onInternalError(error);
      this.stop("fatal", new WorkflowError("internal_error", `The run store failed: ${toWorkflowError(error).message}`, { cause: error }));
      return "refused";
    }
  }

  protected activeMsNow(now: number): number {
    return this.state.activeMs + Math.max(0, now - this.segmentStart);
  }

  protected snapshotState(now: number): RunState {
    return { ...this.state, edges: this.graphState.encode(), activeMs: this.activeMsNow(now), callStack: [...this.state.callStack] };
  }

  // ─── node records ──────────────────────────────────────────────────────────────────────────────

  protected startRecord(index: number, attempt: number, inputs: unknown): NodeRunRecord {
    const node = this.graph.nodes[index];
    const previous = this.nodeRuns[index];
    const record: NodeRunRecord = {
      runId: this.run.id,
      nodeId: node.id,
      nodeType: node.type,
      status: node.type === "HUMAN_INTERVENTION" ? "waiting" : "running",
      position: previous?.position ?? this.state.nextPosition++,
      attempts: attempt,
      inputs: this.redact(inputs),
      outputs: null,
      error: null,
      model: null,
      usage: ZERO_USAGE,
      startedAt: previous?.startedAt ?? this.ctx.now(),
      endedAt: null,
      elapsedMs: null,
    };
    this.nodeRuns[index] = record;
    this.graphState.status[index] = record.status;
    return record;
  }

  protected skippedRecord(index: number, now: Date): NodeRunRecord {
    const node = this.graph.nodes[index];
    const record: NodeRunRecord = {
      runId: this.run.id,
      nodeId: node.id,
      nodeType: node.type,
      status: "skipped",
      position: this.nodeRuns[index]?.position ?? this.state.nextPosition++,
      attempts: 0,
      inputs: null,
      outputs: null,
      error: null,
      model: null,
      usage: ZERO_USAGE,
      startedAt: null,
      endedAt: now,
      elapsedMs: null,
    };
    this.nodeRuns[index] = record;
    return record;
  }

  protected endedRecord(
    index: number,
    now: Date,
    patch: Pick<NodeRunRecord, "status" | "outputs" | "error"> & Partial<NodeRunRecord>,
  ): NodeRunRecord {
    const record = endNodeRun(this.nodeRuns[index] ?? this.startRecord(index, 1, null), now, patch);
    this.nodeRuns[index] = record;
    this.graphState.status[index] = record.status;
    return record;
  }

  // ─── settling ──────────────────────────────────────────────────────────────────────────────────

  /** Applies a node's outcome: its record, the error strategy, the edge decisions and skip cascade, in one step. */
  protected settle(index: number, outcome: Exclude<NodeOutcome, { kind: "aborted" }>, earlierEvents: NewRunEvent[] = []): void {
    const node = this.graph.nodes[index];
    const nowDate = this.ctx.now();
    const extraEvents = [...earlierEvents];
    const heldBack = this.streamRedactor.flush(node.id);
    if (heldBack !== "") extraEvents.unshift(makeEvent("node.delta", { node_id: node.id, text: heldBack }, nowDate));
    let record: NodeRunRecord;
    let handles: SourceHandle[];
    if (outcome.kind === "succeeded") {
      this.scope[node.id] = outcome.outputs;
      if (outcome.usage) {
        this.usage = {
          prompt_tokens: this.usage.prompt_tokens + outcome.usage.prompt_tokens,
          completion_tokens: this.usage.completion_tokens + outcome.usage.completion_tokens,
        };
      }
      if (node.type === "END") Object.assign(this.outputs, outcome.outputs);
      handles = node.definition.takenHandles(outcome.outputs, node.config);
      record = this.endedRecord(index, nowDate, {
        status: "succeeded",
        outputs: this.redact(outcome.outputs),
        error: null,
        usage: outcome.usage ?? ZERO_USAGE,
        model: outcome.model ?? null,
      });
    } else {
      const error = this.redact(errorInfo(outcome.error));
      error.nodeId = node.id;
      const strategy = node.config.error_strategy;
      if (strategy === "stop_workflow") {
        record = this.endedRecord(index, nowDate, { status: "failed", outputs: null, error });
        void this.commit({ nodeRuns: [record], events: [...extraEvents, nodeEndedEvent(record, nowDate)] });
        this.stop("failed", new WorkflowError(error.code, error.message, { nodeId: node.id, details: error.details }));
        return;
      }
      const outputs = { error: { code: error.code, message: error.message } };
      this.scope[node.id] = outputs;
      this.state.handledFailures = true;
      handles = strategy === "continue" ? node.definition.continueHandles(node.config) : [ERROR_HANDLE];
      record = this.endedRecord(index, nowDate, { status: "failed", outputs, error });
    }
    const events = [...extraEvents, nodeEndedEvent(record, nowDate)];
    const decided = this.graphState.decideOutgoing(index, new Set(handles));
    const nodeRuns = [record];
    for (const skipped of decided.skipped) {
      nodeRuns.push(this.skippedRecord(skipped, nowDate));
      events.push(makeEvent("node.skipped", { node_id: this.graph.nodes[skipped].id }, nowDate));
    }
    this.ready.push(...decided.ready);
    void this.commit({ runPatch: { usage: { ...this.usage } }, nodeRuns, events }, true);
  }

  /** After a restore: nodes whose inputs were all skipped but which are not marked yet. */
  protected settleLeftovers(): void {
    const skippable = this.graphState.skippableNodes();
    if (skippable.length === 0) return;
    const now = this.ctx.now();
    const nodeRuns: NodeRunRecord[] = [];
    const events: NewRunEvent[] = [];
    for (const index of skippable) {
      if (this.graphState.status[index] !== "pending") continue;
      const result = this.graphState.skip(index);
      this.ready.push(...result.ready);
      for (const skipped of result.skipped) {
        nodeRuns.push(this.skippedRecord(skipped, now));
        events.push(makeEvent("node.skipped", { node_id: this.graph.nodes[skipped].id }, now));
      }
    }
    void this.commit({ nodeRuns, events }, true);
  }
}
