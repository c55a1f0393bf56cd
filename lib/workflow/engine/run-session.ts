/**
 * One run executing in this process (spec §5): the scheduler. Starts ready nodes up to `maxParallel`,
 * settles each outcome (error strategies, edge decisions, skip cascades), opens approvals and parks the
 * run as `waiting` when nothing else can run, and writes the final state. Every state change goes
 * through the run's CommitQueue, and a node starts only after its start is stored.
 */
import { toWorkflowError, WorkflowError } from "../errors";
import { ERROR_HANDLE, type NodeRunInfo, type SourceHandle } from "../nodes/node-definition";
import type { NewRunEvent, NodeRunRecord, RunErrorInfo, RunRecord, RunState, RunStatus, StepCommit } from "../run-store";
import type { NodeServices, TokenUsage } from "../services";
import type { TemplateScope } from "../template";
import { approvalContext, approvalOutcome } from "./approvals";
import { CommitQueue, type QueuedCommitOutcome } from "./commit-queue";
import type { CompiledGraph } from "./compiled-graph";
import { makeEvent, toWireError } from "./events";
import type { GraphState } from "./graph-state";
import { type ExecutorHost, executeNode, type NodeOutcome } from "./node-executor";
import { endNodeRun, nodeEndedEvent, runEndedEvent, ZERO_USAGE } from "./records";
import { makeRedactor } from "./redact";
import type { EngineContext } from "./types";

const RUNNING: readonly RunStatus[] = ["running"];
const DECIDED = ["approved", "rejected", "timed_out", "cancelled"] as const;

type StopKind = "failed" | "cancelled" | "refused" | "fatal";

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

export function errorInfo(error: WorkflowError): RunErrorInfo {
  return { code: error.code, message: error.message, ...(error.nodeId !== undefined ? { nodeId: error.nodeId } : {}), ...(error.details !== undefined ? { details: error.details } : {}) };
}

export class RunSession implements ExecutorHost {
  done!: Promise<RunRecord>;
  readonly graph: CompiledGraph;
  readonly scope: TemplateScope;
  readonly services: NodeServices;
  readonly runInfo: NodeRunInfo;
  private readonly controller = new AbortController();
  readonly signal = this.controller.signal;
  readonly stopped: Promise<never> = new Promise<never>((_, reject) => {
    this.signal.addEventListener("abort", () => reject(this.signal.reason), { once: true });
  });
  private readonly commits: CommitQueue;
  private readonly redact: <T>(value: T) => T;
  private readonly run: RunRecord;
  private readonly graphState: GraphState;
  private readonly state: RunState;
  private usage: TokenUsage;
  private readonly outputs: Record<string, unknown>;
  private readonly nodeRuns: (NodeRunRecord | undefined)[];
  private readonly waiting: Map<number, string>;
  private ready: number[] = [];
  private readyHead = 0;
  private readonly running = new Set<number>();
  private stopReason: { kind: StopKind; error: RunErrorInfo } | null = null;
  private parked = false;
  private dirty = false;
  private wake: (() => void) | null = null;
  private decisionsPending = false;
  private segmentStart: number;

  constructor(
    private readonly ctx: EngineContext,
    init: SessionInit,
  ) {
    this.run = init.run;
    this.graph = init.graph;
    this.graphState = init.graphState;
    this.state = { ...init.run.state, callStack: [...init.run.state.callStack] };
    this.usage = { ...init.run.usage };
    this.outputs = init.runOutputs;
    this.nodeRuns = init.nodeRuns;
    this.waiting = init.waiting;
    this.stopped.catch(() => undefined); // observed through races only; not an unhandled rejection
    this.runInfo = { runId: init.run.id, workflowId: init.run.workflowId, depth: init.run.depth, callStack: this.state.callStack, userId: init.run.trigger.userId ?? null };
    this.services = ctx.resolveServices(this.runInfo);
    this.redact = makeRedactor(this.services);
    this.scope = { ...init.nodeOutputs, input: init.run.inputs, env: this.services.env ?? {} };
    this.segmentStart = ctx.now().getTime();
    this.commits = new CommitQueue(
      (step) => ctx.store.commitStep(init.run.id, step),
      (events) => ctx.bus.publish(events),
      () => this.stop("refused", new WorkflowError("cancelled", "The run's status changed elsewhere")),
      () => this.snapshotState(this.ctx.now().getTime()),
    );
  }

  /** Runs the session to a final or waiting state; returns the stored run. */
  start(): Promise<RunRecord> {
    this.done = this.execute();
    return this.done;
  }

  /** A decision for one of this run's approvals was stored: apply it as soon as possible. */
  notifyDecision(): void {
    this.decisionsPending = true;
    this.signalChange();
  }

  /** Cancels the run (status `cancelled`); running nodes are aborted. */
  cancel(by: string): void {
    this.stop("cancelled", new WorkflowError("cancelled", `Cancelled by ${by}`));
  }

  isStopped(): boolean {
    return this.stopReason !== null;
  }

  private stop(kind: StopKind, error: WorkflowError): void {
    if (this.stopReason) return;
    this.stopReason = { kind, error: errorInfo(error) };
    this.controller.abort(error);
    this.signalChange();
  }

  private signalChange(): void {
    const wake = this.wake;
    if (wake) {
      this.wake = null;
      wake();
    } else {
      this.dirty = true;
    }
  }

  private nextChange(): Promise<void> {
    if (this.dirty) {
      this.dirty = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }

  private async commit(step: StepCommit, withState = false): Promise<QueuedCommitOutcome> {
    try {
      return await this.commits.enqueue({ expectStatus: RUNNING, ...step }, { withState });
    } catch (error) {
      this.ctx.onInternalError(error);
      this.stop("fatal", new WorkflowError("internal_error", `The run store failed: ${toWorkflowError(error).message}`, { cause: error }));
      return "refused";
    }
  }

  private activeMsNow(now: number): number {
    return this.state.activeMs + Math.max(0, now - this.segmentStart);
  }

  private snapshotState(now: number): RunState {
    return { ...this.state, edges: this.graphState.encode(), activeMs: this.activeMsNow(now), callStack: [...this.state.callStack] };
  }

  private async execute(): Promise<RunRecord> {
    const remaining = this.ctx.limits.maxDurationMs - this.state.activeMs;
    const timer = setTimeout(
      () => this.stop("failed", new WorkflowError("timeout", `The run exceeded its maximum duration of ${this.ctx.limits.maxDurationMs} ms`, { details: { max_duration_ms: this.ctx.limits.maxDurationMs } })),
      Math.max(0, remaining),
    );
    (timer as { unref?: () => void }).unref?.();
    try {
      this.settleLeftovers();
      this.ready.push(...this.graphState.readyNodes());
      if (this.waiting.size > 0) await this.applyDecisions();
      await this.loop();
      await this.finish();
    } catch (error) {
      this.ctx.onInternalError(error);
      this.stop("fatal", toWorkflowError(error));
      await this.finish().catch((finalError: unknown) => this.ctx.onInternalError(finalError));
    } finally {
      clearTimeout(timer);
      if (this.ctx.sessions.get(this.run.id) === this) this.ctx.sessions.delete(this.run.id);
      try {
        await this.services.mcp?.close();
      } catch (error) {
        this.ctx.onInternalError(error);
      }
    }
    const stored = await this.ctx.store.getRun(this.run.id);
    if (!stored) throw new WorkflowError("not_found", `Run ${this.run.id} disappeared from the store`);
    return stored;
  }

  private async loop(): Promise<void> {
    for (;;) {
      this.pump();
      if (this.stopReason) return;
      if (this.decisionsPending) {
        this.decisionsPending = false;
        await this.applyDecisions();
        continue;
      }
      if (this.running.size > 0) {
        await this.nextChange();
        continue;
      }
      if (this.waiting.size === 0) return;
      if ((await this.applyDecisions()) > 0) continue;
      if (await this.park()) return;
    }
  }

  /** Starts ready nodes while below the parallel limit; approvals open at once (they hold no slot). */
  private pump(): void {
    while (!this.stopReason && this.readyHead < this.ready.length && this.running.size < this.ctx.maxParallel) {
      const index = this.ready[this.readyHead++];
      if (this.graph.nodes[index].type === "HUMAN_INTERVENTION") {
        this.openApproval(index);
        continue;
      }
      this.running.add(index);
      void this.runTask(index);
    }
    if (this.readyHead > 1024 && this.readyHead * 2 > this.ready.length) {
      this.ready = this.ready.slice(this.readyHead);
      this.readyHead = 0;
    }
  }

  private async runTask(index: number): Promise<void> {
    let outcome: NodeOutcome;
    try {
      outcome = await executeNode(this, index);
    } catch (error) {
      outcome = { kind: "failed", error: toWorkflowError(error, this.graph.nodes[index].id) };
    }
    this.running.delete(index);
    if (!this.stopReason && outcome.kind !== "aborted") this.settle(index, outcome);
    this.signalChange();
  }

  // ─── ExecutorHost ──────────────────────────────────────────────────────────────────────────────

  async beginAttempt(index: number, attempt: number, inputs: unknown): Promise<boolean> {
    if (this.stopReason) return false;
    this.state.steps += 1;
    if (this.state.steps > this.ctx.limits.maxSteps) {
      this.stop("failed", new WorkflowError("limit_exceeded", `The run exceeded its maximum of ${this.ctx.limits.maxSteps} steps`, { details: { max_steps: this.ctx.limits.maxSteps } }));
      return false;
    }
    const node = this.graph.nodes[index];
    const record = this.startRecord(index, attempt, inputs);
    const event = makeEvent("node.started", { node_id: node.id, node_type: node.type, attempt, inputs: record.inputs }, this.ctx.now());
    return (await this.commit({ nodeRuns: [record], events: [event] })) === "written" && !this.stopReason;
  }

  async recordRetry(index: number, attempt: number, error: WorkflowError, delayMs: number): Promise<boolean> {
    const nodeId = this.graph.nodes[index].id;
    const wire = toWireError({ ...errorInfo(error), nodeId }) as NonNullable<ReturnType<typeof toWireError>>;
    const event = makeEvent("node.retrying", { node_id: nodeId, attempt, error: wire, delay_ms: delayMs }, this.ctx.now());
    return (await this.commit({ events: [this.redact(event)] })) === "written" && !this.stopReason;
  }

  emitDelta(index: number, text: string): void {
    if (this.stopReason || text === "") return;
    void this.commit({ events: [makeEvent("node.delta", { node_id: this.graph.nodes[index].id, text: this.redact(text) }, this.ctx.now())] });
  }

  // ─── node records ──────────────────────────────────────────────────────────────────────────────

  private startRecord(index: number, attempt: number, inputs: unknown): NodeRunRecord {
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

  private skippedRecord(index: number, now: Date): NodeRunRecord {
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

  private endedRecord(index: number, now: Date, patch: Pick<NodeRunRecord, "status" | "outputs" | "error"> & Partial<NodeRunRecord>): NodeRunRecord {
    const record = endNodeRun(this.nodeRuns[index] ?? this.startRecord(index, 1, null), now, patch);
    this.nodeRuns[index] = record;
    this.graphState.status[index] = record.status;
    return record;
  }

  // ─── settling ──────────────────────────────────────────────────────────────────────────────────

  /** Applies a node's outcome: its record, the error strategy, the edge decisions and skip cascade, in one step. */
  private settle(index: number, outcome: Exclude<NodeOutcome, { kind: "aborted" }>, extraEvents: NewRunEvent[] = []): void {
    const node = this.graph.nodes[index];
    const nowDate = this.ctx.now();
    let record: NodeRunRecord;
    let handles: SourceHandle[];
    if (outcome.kind === "succeeded") {
      this.scope[node.id] = outcome.outputs;
      if (outcome.usage) {
        this.usage = { prompt_tokens: this.usage.prompt_tokens + outcome.usage.prompt_tokens, completion_tokens: this.usage.completion_tokens + outcome.usage.completion_tokens };
      }
      if (node.type === "END") Object.assign(this.outputs, outcome.outputs);
      handles = node.definition.takenHandles(outcome.outputs, node.config);
      record = this.endedRecord(index, nowDate, { status: "succeeded", outputs: this.redact(outcome.outputs), error: null, usage: outcome.usage ?? ZERO_USAGE, model: outcome.model ?? null });
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
  private settleLeftovers(): void {
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

  // ─── approvals ─────────────────────────────────────────────────────────────────────────────────

  private openApproval(index: number): void {
    const node = this.graph.nodes[index];
    let inputs: { title: string; description: string; assignee: string; timeout_hours: number };
    try {
      inputs = node.definition.resolveInputs(node.config, this.scope) as typeof inputs;
    } catch (error) {
      this.startRecord(index, 1, null);
      this.settle(index, { kind: "failed", error: toWorkflowError(error, node.id) });
      return;
    }
    const now = this.ctx.now();
    const approvalId = this.ctx.createId();
    const record = this.startRecord(index, 1, inputs);
    this.waiting.set(index, approvalId);
    const safe = this.redact(inputs);
    void this.commit({
      nodeRuns: [record],
      approvalsCreate: [
        {
          id: approvalId,
          runId: this.run.id,
          nodeId: node.id,
          title: safe.title,
          description: safe.description,
          assignee: safe.assignee,
          context: this.redact(approvalContext(this.graph, index, this.scope)),
          expiresAt: new Date(now.getTime() + inputs.timeout_hours * 3_600_000),
          createdAt: now,
        },
      ],
      events: [
        makeEvent("node.started", { node_id: node.id, node_type: node.type, attempt: 1, inputs: record.inputs }, now),
        makeEvent("node.waiting", { node_id: node.id, approval_id: approvalId, assignee: safe.assignee, title: safe.title, description: safe.description }, now),
      ],
    });
  }

  private async decidedApprovals() {
    if (this.waiting.size === 0) return [];
    const approvals = await this.ctx.store.listApprovals({ runId: this.run.id, status: DECIDED });
    return approvals.filter((approval) => this.waiting.get(this.graph.indexById.get(approval.nodeId) ?? -1) === approval.id);
  }

  /** Settles waiting nodes whose approval was decided (here or in another process); returns how many. */
  private async applyDecisions(): Promise<number> {
    const decided = await this.decidedApprovals();
    let applied = 0;
    for (const approval of decided) {
      const index = this.graph.indexById.get(approval.nodeId) as number;
      if (this.stopReason || this.waiting.get(index) !== approval.id) continue;
      this.waiting.delete(index);
      applied += 1;
      const events: NewRunEvent[] = [];
      if (approval.status === "approved" || approval.status === "rejected") {
        events.push(
          makeEvent(
            "approval.decided",
            { approval_id: approval.id, node_id: approval.nodeId, decision: approval.status, decided_by: approval.decidedByName, note: approval.note },
            approval.decidedAt ?? this.ctx.now(),
          ),
        );
      }
      this.settle(index, approvalOutcome(this.graph, index, approval) as Exclude<NodeOutcome, { kind: "aborted" }>, events);
    }
    return applied;
  }

  /**
   * Stores the run as `waiting`. Then looks once more for decisions stored meanwhile (by a process that
   * saw the run still `running`): if there are, claims the run back and returns false (go on).
   */
  private async park(): Promise<boolean> {
    const now = this.ctx.now().getTime();
    const state = this.snapshotState(now);
    const outcome = await this.commit({
      runPatch: { status: "waiting", workerId: null, state, usage: { ...this.usage } },
      events: [makeEvent("run.waiting", { approval_ids: [...this.waiting.values()] }, new Date(now))],
    });
    if (outcome !== "written") return true;
    this.parked = true;
    this.state.activeMs = state.activeMs;
    if ((await this.decidedApprovals()).length === 0) return true;
    const claimed = await this.ctx.store.claimRun(this.run.id, { from: ["waiting"], workerId: this.ctx.workerId });
    if (!claimed) return true;
    this.parked = false;
    this.segmentStart = this.ctx.now().getTime();
    return false;
  }

  /** Writes the final state: status, outputs, error, unfinished nodes failed, pending approvals cancelled, `run.ended`. */
  private async finish(): Promise<void> {
    if (this.parked) return;
    const reason = this.stopReason;
    if (reason?.kind === "refused") return this.commits.flush();
    const now = this.ctx.now();
    const status: RunStatus = !reason ? (this.state.handledFailures ? "partial_succeeded" : "succeeded") : reason.kind === "cancelled" ? "cancelled" : "failed";
    const nodeRuns: NodeRunRecord[] = [];
    const events: NewRunEvent[] = [];
    for (let index = 0; index < this.graph.nodes.length; index++) {
      const nodeStatus = this.graphState.status[index];
      if ((nodeStatus !== "running" && nodeStatus !== "waiting") || !this.nodeRuns[index]) continue;
      const message = reason?.kind === "cancelled" ? reason.error.message : `Stopped: ${reason?.error.message ?? "the run ended"}`;
      const record = this.endedRecord(index, now, { status: "failed", outputs: null, error: { code: "cancelled", message, nodeId: this.graph.nodes[index].id } });
      nodeRuns.push(record);
      events.push(nodeEndedEvent(record, now));
    }
    const outputs = status === "succeeded" || status === "partial_succeeded" ? { ...this.outputs } : null;
    const error = reason?.error ?? null;
    events.push(runEndedEvent(this.run, status, outputs, error, this.usage, now));
    await this.commits.enqueue({
      expectStatus: reason?.kind === "cancelled" ? ["running", "waiting"] : RUNNING,
      runPatch: { status, outputs, error, endedAt: now, workerId: null, state: this.snapshotState(now.getTime()), usage: { ...this.usage } },
      nodeRuns,
      events,
      cancelPendingApprovals: true,
    });
  }
}
