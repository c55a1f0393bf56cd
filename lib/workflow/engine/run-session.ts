/**
 * One run executing in this process (spec §5): the scheduler. Starts ready nodes up to `maxParallel`,
 * opens approvals, applies decisions, parks the run as `waiting` when nothing else can run, and writes
 * the final state. A node starts only after its start is stored. State transitions: session-state.ts.
 */
import { toWorkflowError, WorkflowError } from "../errors";
import type { NewRunEvent, NodeRunRecord, RunRecord, RunStatus } from "../run-store";
import { approvalContext, approvalOutcome } from "./approvals";
import { makeEvent, toWireError } from "./events";
import { type ExecutorHost, executeNode, type NodeOutcome } from "./node-executor";
import { nodeEndedEvent, runEndedEvent } from "./records";
import { errorInfo, RUNNING, RunSessionState } from "./session-state";

const DECIDED = ["approved", "rejected", "timed_out", "cancelled"] as const;

/** One run executing in this process; `start()` runs it until it is final or waiting. */
export class RunSession extends RunSessionState implements ExecutorHost {
  done!: Promise<RunRecord>;
  private readonly running = new Set<number>();
  private parked = false;
  /** The final step (status, outputs, state) was stored: `storedRun` is the stored row. */
  private finalWritten = false;
  private decisionsPending = false;

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

  private async execute(): Promise<RunRecord> {
    const remaining = this.ctx.limits.maxDurationMs - this.state.activeMs;
    const timer = setTimeout(
      () =>
        this.stop(
          "failed",
          new WorkflowError("timeout", `The run exceeded its maximum duration of ${this.ctx.limits.maxDurationMs} ms`, {
            details: { max_duration_ms: this.ctx.limits.maxDurationMs },
          }),
        ),
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
    // The final write stored exactly `storedRun` (the row is only written through this session while it
    // runs, and a status changed elsewhere refuses the write); otherwise read what is stored.
    if (this.finalWritten) return this.storedRun;
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
      const pinned = this.run.version === null ? this.graph.nodes[index].pinnedOutputs : undefined;
      outcome = pinned === undefined ? await executeNode(this, index) : await this.takePinnedOutputs(index, pinned);
    } catch (error) {
      outcome = { kind: "failed", error: toWorkflowError(error, this.graph.nodes[index].id) };
    }
    this.running.delete(index);
    if (!this.stopReason && outcome.kind !== "aborted") this.settle(index, outcome);
    this.signalChange();
  }

  /** A draft run does not execute a node with pinned outputs: it starts and succeeds with them (published versions never do this). */
  private async takePinnedOutputs(index: number, outputs: unknown): Promise<NodeOutcome> {
    if (!(await this.beginAttempt(index, 1, { pinned_outputs: true }))) return { kind: "aborted" };
    return { kind: "succeeded", outputs: structuredClone(outputs) };
  }

  // ─── ExecutorHost ──────────────────────────────────────────────────────────────────────────────

  async beginAttempt(index: number, attempt: number, inputs: unknown, options: { durable?: boolean } = {}): Promise<boolean> {
    if (this.stopReason) return false;
    this.state.steps += 1;
    if (this.state.steps > this.ctx.limits.maxSteps) {
      this.stop(
        "failed",
        new WorkflowError("limit_exceeded", `The run exceeded its maximum of ${this.ctx.limits.maxSteps} steps`, {
          details: { max_steps: this.ctx.limits.maxSteps },
        }),
      );
      return false;
    }
    const node = this.graph.nodes[index];
    const record = this.startRecord(index, attempt, inputs);
    const event = makeEvent("node.started", { node_id: node.id, node_type: node.type, attempt, inputs: record.inputs }, this.ctx.now());
    const written = this.commit({ nodeRuns: [record], events: [event] });
    if (options.durable === false) return !this.stopReason;
    return (await written) === "written" && !this.stopReason;
  }

  async recordRetry(index: number, attempt: number, error: WorkflowError, delayMs: number): Promise<boolean> {
    const nodeId = this.graph.nodes[index].id;
    const wire = toWireError({ ...errorInfo(error), nodeId }) as NonNullable<ReturnType<typeof toWireError>>;
    const event = makeEvent("node.retrying", { node_id: nodeId, attempt, error: wire, delay_ms: delayMs }, this.ctx.now());
    return (await this.commit({ events: [this.redact(event)] })) === "written" && !this.stopReason;
  }

  emitDelta(index: number, text: string): void {
    if (this.stopReason || text === "") return;
    const nodeId = this.graph.nodes[index].id;
    const safe = this.streamRedactor.push(nodeId, text);
    if (safe === "") return;
    void this.commit({ events: [makeEvent("node.delta", { node_id: nodeId, text: safe }, this.ctx.now())] });
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
        makeEvent(
          "node.waiting",
          { node_id: node.id, approval_id: approvalId, assignee: safe.assignee, title: safe.title, description: safe.description },
          now,
        ),
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
            {
              approval_id: approval.id,
              node_id: approval.nodeId,
              decision: approval.status,
              decided_by: approval.decidedByName,
              note: approval.note,
            },
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
    const status: RunStatus = !reason
      ? this.state.handledFailures
        ? "partial_succeeded"
        : "succeeded"
      : reason.kind === "cancelled"
        ? "cancelled"
        : "failed";
    const nodeRuns: NodeRunRecord[] = [];
    const events: NewRunEvent[] = [];
    for (let index = 0; index < this.graph.nodes.length; index++) {
      const nodeStatus = this.graphState.status[index];
      if ((nodeStatus !== "running" && nodeStatus !== "waiting") || !this.nodeRuns[index]) continue;
      const message = reason?.kind === "cancelled" ? reason.error.message : `Stopped: ${reason?.error.message ?? "the run ended"}`;
      const record = this.endedRecord(index, now, {
        status: "failed",
        outputs: null,
        error: { code: "cancelled", message, nodeId: this.graph.nodes[index].id },
      });
      nodeRuns.push(record);
      events.push(nodeEndedEvent(record, now));
    }
    const outputs = status === "succeeded" || status === "partial_succeeded" ? this.redact({ ...this.outputs }) : null;
    const error = reason?.error ?? null;
    events.push(runEndedEvent(this.run, status, outputs, error, this.usage, now));
    const outcome = await this.commits.enqueue({
      expectStatus: reason?.kind === "cancelled" ? ["running", "waiting"] : RUNNING,
      runPatch: {
        status,
        outputs,
        error,
        endedAt: now,
        workerId: null,
        state: this.snapshotState(now.getTime()),
        usage: { ...this.usage },
      },
      nodeRuns,
      events,
      cancelPendingApprovals: true,
    });
    this.finalWritten = outcome === "written";
  }
}
