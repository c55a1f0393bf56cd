/**
 * Serial writer of one run's steps. Steps are written in the order they were queued; steps queued before
 * a write begins — in the same turn of the event loop — or while one is in flight are merged into the next
 * write (one transaction: a group commit), consecutive `node.delta` events of the same node are joined. A
 * step's promise resolves once it is stored, so a caller that awaits it knows its state change is durable
 * before it goes on (spec §5).
 *
 * Why the write waits for the end of the turn (`setImmediate`, not a microtask): pure nodes (START,
 * CONDITION_BRANCH, END) start and end without awaiting their writes, within the same turn as the step
 * before them, so their steps join that write. A run of START → CONDITION_BRANCH → CONNECTOR → END stores
 * 3 transactions instead of 5 (bench/engine.bench.ts prints the count), and nothing is executed before the
 * write it depends on: a node that is not pure still starts only once its start is stored.
 */
import type { CommitResult, NewRunEvent, NodeRunRecord, RunEventRecord, RunState, StepCommit } from "../run-store";

/** Outcome of a queued step: stored, or refused because the run's status changed (e.g. cancelled elsewhere). */
export type QueuedCommitOutcome = "written" | "refused";

interface QueuedStep {
  step: StepCommit;
  withState: boolean;
  resolve: (outcome: QueuedCommitOutcome) => void;
  reject: (error: unknown) => void;
}

function statusKey(step: StepCommit): string {
  return step.expectStatus ? step.expectStatus.join(",") : "";
}

function appendEvent(events: NewRunEvent[], event: NewRunEvent): void {
  const last = events[events.length - 1];
  if (event.type === "node.delta" && last?.type === "node.delta" && last.data.node_id === event.data.node_id) {
    events[events.length - 1] = { ...last, data: { ...last.data, text: `${last.data.text as string}${event.data.text as string}` } };
    return;
  }
  events.push(event);
}

/** Merges steps into one; later run patch fields and node runs win, events keep their order. */
export function mergeSteps(steps: readonly StepCommit[]): StepCommit {
  if (steps.length === 1) return steps[0];
  const nodeRuns = new Map<string, NodeRunRecord>();
  const events: NewRunEvent[] = [];
  const merged: StepCommit = { expectStatus: steps[0].expectStatus };
  for (const step of steps) {
    if (step.runPatch) merged.runPatch = { ...merged.runPatch, ...step.runPatch };
    for (const nodeRun of step.nodeRuns ?? []) {
      nodeRuns.delete(nodeRun.nodeId);
      nodeRuns.set(nodeRun.nodeId, nodeRun);
    }
    for (const event of step.events ?? []) appendEvent(events, event);
    if (step.approvalsCreate?.length) merged.approvalsCreate = [...(merged.approvalsCreate ?? []), ...step.approvalsCreate];
    if (step.cancelPendingApprovals) merged.cancelPendingApprovals = true;
  }
  if (nodeRuns.size > 0) merged.nodeRuns = [...nodeRuns.values()];
  if (events.length > 0) merged.events = events;
  return merged;
}

/** The serial, batching writer of one run's steps (see the module doc). */
export class CommitQueue {
  private queue: QueuedStep[] = [];
  private writing = false;
  private idleWaiters: Array<() => void> = [];

  /**
   * @param write stores one step (RunStore.commitStep bound to the run)
   * @param onWritten receives the stored events, in order, after each write
   * @param onRefused called when the store refused a step (status changed elsewhere)
   * @param currentState the run's engine state now; written with a batch holding a step queued `withState`
   */
  constructor(
    private readonly write: (step: StepCommit) => Promise<CommitResult>,
    private readonly onWritten: (events: RunEventRecord[]) => void,
    private readonly onRefused: (result: Exclude<CommitResult, { ok: true }>) => void,
    private readonly currentState: () => RunState,
  ) {}

  /**
   * Queues a step; resolves when it is stored (or refused); rejects when the store throws. With
   * `withState`, the run's state is added to the batch when it is taken for writing: one snapshot per
   * write instead of one per step (it then reflects every step queued so far, all in that batch).
   */
  enqueue(step: StepCommit, options: { withState?: boolean } = {}): Promise<QueuedCommitOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ step, withState: options.withState === true, resolve, reject });
      if (!this.writing) {
        this.writing = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  /** Resolves when everything queued so far is written. */
  flush(): Promise<void> {
    if (!this.writing && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const key = statusKey(this.queue[0].step);
      let count = 1;
      while (count < this.queue.length && statusKey(this.queue[count].step) === key) count += 1;
      const batch = this.queue.splice(0, count);
      try {
        let merged = mergeSteps(batch.map((item) => item.step));
        if (batch.some((item) => item.withState)) merged = { ...merged, runPatch: { ...merged.runPatch, state: this.currentState() } };
        const result = await this.write(merged);
        if (result.ok) {
          this.onWritten(result.events);
          for (const item of batch) item.resolve("written");
        } else {
          this.onRefused(result);
          for (const item of batch) item.resolve("refused");
        }
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    this.writing = false;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
