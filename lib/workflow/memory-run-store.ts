/**
 * `RunStore` in memory: for unit tests, benchmarks and headless runs without a database. Every method
 * runs synchronously inside its promise, so each is atomic.
 *
 * Cheap by design (the engine's per-node overhead budget): JSON members (graph, inputs, outputs, errors,
 * event data, approval context) are deep-frozen in place when written and shared, not copied; records
 * are returned as fresh top-level objects whose JSON members are those frozen values. So nothing stored
 * can be changed through what was passed in or handed out (a write to a frozen value throws).
 */
import { deepFreeze } from "./json";
import { DuplicateRunError } from "./run-store";
import type {
  ApprovalDecisionInput,
  ApprovalRecord,
  ApprovalStatus,
  CommitResult,
  DecideApprovalResult,
  NewRun,
  NewRunEvent,
  NodeRunRecord,
  RunEventRecord,
  RunRecord,
  RunSnapshot,
  RunStatus,
  RunStore,
  StepCommit,
} from "./run-store";

const copyDate = (date: Date | null): Date | null => (date === null ? null : new Date(date));

function copyRun(run: RunRecord): RunRecord {
  return {
    ...run,
    state: { ...run.state },
    usage: { ...run.usage },
    createdAt: new Date(run.createdAt),
    startedAt: copyDate(run.startedAt),
    endedAt: copyDate(run.endedAt),
  };
}

function keepNodeRun(nodeRun: NodeRunRecord): NodeRunRecord {
  return {
    ...nodeRun,
    inputs: deepFreeze(nodeRun.inputs),
    outputs: deepFreeze(nodeRun.outputs),
    error: deepFreeze(nodeRun.error),
    usage: { ...nodeRun.usage },
    startedAt: copyDate(nodeRun.startedAt),
    endedAt: copyDate(nodeRun.endedAt),
  };
}

function copyNodeRun(nodeRun: NodeRunRecord): NodeRunRecord {
  return { ...nodeRun, usage: { ...nodeRun.usage }, startedAt: copyDate(nodeRun.startedAt), endedAt: copyDate(nodeRun.endedAt) };
}

function copyEvent(event: RunEventRecord): RunEventRecord {
  return { ...event, at: new Date(event.at) };
}

function copyApproval(approval: ApprovalRecord): ApprovalRecord {
  return {
    ...approval,
    decidedAt: copyDate(approval.decidedAt),
    expiresAt: copyDate(approval.expiresAt),
    createdAt: new Date(approval.createdAt),
  };
}

interface StoredRun {
  run: RunRecord;
  nodeRuns: Map<string, NodeRunRecord>;
  events: RunEventRecord[];
  approvalIds: string[];
}

/** A RunStore kept in this process's memory. */
export class InMemoryRunStore implements RunStore {
  private readonly runs = new Map<string, StoredRun>();
  private readonly approvals = new Map<string, ApprovalRecord>();

  async createRun(run: NewRun, events: readonly NewRunEvent[] = []): Promise<RunRecord> {
    if (this.runs.has(run.id)) throw new DuplicateRunError(run.id);
    const kept: RunRecord = {
      ...copyRun({ ...run, lastSeq: 0 }),
      graph: deepFreeze(run.graph),
      inputs: deepFreeze(run.inputs),
      outputs: deepFreeze(run.outputs),
      error: deepFreeze(run.error),
      trigger: deepFreeze(run.trigger),
      state: deepFreeze({ ...run.state }),
    };
    const stored: StoredRun = { run: kept, nodeRuns: new Map(), events: [], approvalIds: [] };
    this.runs.set(run.id, stored);
    this.appendEvents(stored, events);
    return copyRun(stored.run);
  }

  async getRun(runId: string): Promise<RunRecord | null> {
    const stored = this.runs.get(runId);
    return stored ? copyRun(stored.run) : null;
  }

  async loadRun(runId: string): Promise<RunSnapshot | null> {
    const stored = this.runs.get(runId);
    if (!stored) return null;
    return {
      run: copyRun(stored.run),
      nodeRuns: [...stored.nodeRuns.values()].sort((a, b) => a.position - b.position).map(copyNodeRun),
      approvals: stored.approvalIds.map((id) => copyApproval(this.approvals.get(id) as ApprovalRecord)),
    };
  }

  async commitStep(runId: string, step: StepCommit): Promise<CommitResult> {
    const stored = this.runs.get(runId);
    if (!stored) return { ok: false, reason: "not_found" };
    if (step.expectStatus && !step.expectStatus.includes(stored.run.status)) {
      return { ok: false, reason: "status_mismatch", status: stored.run.status };
    }
    for (const approval of step.approvalsCreate ?? []) {
      if (this.approvals.has(approval.id)) throw new Error(`approval ${approval.id} already exists`);
    }
    if (step.runPatch) {
      const patch = step.runPatch;
      const run = stored.run;
      if (patch.status !== undefined) run.status = patch.status;
      if (patch.outputs !== undefined) run.outputs = deepFreeze(patch.outputs);
      if (patch.error !== undefined) run.error = deepFreeze(patch.error);
      if (patch.state !== undefined) run.state = deepFreeze({ ...patch.state });
      if (patch.usage !== undefined) run.usage = { ...patch.usage };
      if (patch.workerId !== undefined) run.workerId = patch.workerId;
      if (patch.startedAt !== undefined) run.startedAt = copyDate(patch.startedAt);
      if (patch.endedAt !== undefined) run.endedAt = copyDate(patch.endedAt);
    }
    for (const nodeRun of step.nodeRuns ?? []) stored.nodeRuns.set(nodeRun.nodeId, keepNodeRun({ ...nodeRun, runId }));
    for (const approval of step.approvalsCreate ?? []) {
      this.approvals.set(approval.id, {
        ...copyApproval({ ...approval, status: "pending", decidedById: null, decidedByName: null, note: null, decidedAt: null }),
        context: deepFreeze(approval.context),
        runId,
      });
      stored.approvalIds.push(approval.id);
    }
    if (step.cancelPendingApprovals) {
      for (const id of stored.approvalIds) {
        const approval = this.approvals.get(id) as ApprovalRecord;
        if (approval.status === "pending") approval.status = "cancelled";
      }
    }
    const events = this.appendEvents(stored, step.events ?? []);
    return { ok: true, events: events.map(copyEvent), lastSeq: stored.run.lastSeq };
  }

  private appendEvents(stored: StoredRun, events: readonly NewRunEvent[]): RunEventRecord[] {
    const appended: RunEventRecord[] = [];
    for (const event of events) {
      stored.run.lastSeq += 1;
      const record: RunEventRecord = {
        runId: stored.run.id,
        seq: stored.run.lastSeq,
        type: event.type,
        data: deepFreeze(event.data),
        at: new Date(event.at),
      };
      stored.events.push(record);
      appended.push(record);
    }
    return appended;
  }

  async claimRun(runId: string, claim: { from: readonly RunStatus[]; workerId: string | null }): Promise<RunRecord | null> {
    const stored = this.runs.get(runId);
    if (!stored || !claim.from.includes(stored.run.status)) return null;
    stored.run.status = "running";
    stored.run.workerId = claim.workerId;
    return copyRun(stored.run);
  }

  async getApproval(approvalId: string): Promise<ApprovalRecord | null> {
    const approval = this.approvals.get(approvalId);
    return approval ? copyApproval(approval) : null;
  }

  async listApprovals(filter: { runId?: string; status?: readonly ApprovalStatus[] }): Promise<ApprovalRecord[]> {
    const ids = filter.runId !== undefined ? (this.runs.get(filter.runId)?.approvalIds ?? []) : [...this.approvals.keys()];
    return ids
      .map((id) => this.approvals.get(id) as ApprovalRecord)
      .filter((approval) => !filter.status || filter.status.includes(approval.status))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map(copyApproval);
  }

  async decideApproval(decision: ApprovalDecisionInput): Promise<DecideApprovalResult> {
    const approval = this.approvals.get(decision.approvalId);
    if (!approval) return { ok: false, reason: "not_found" };
    if (approval.status !== "pending") return { ok: false, reason: "already_decided", approval: copyApproval(approval) };
    approval.status = decision.status;
    approval.decidedById = decision.decidedById;
    approval.decidedByName = decision.decidedByName;
    approval.note = decision.note;
    approval.decidedAt = new Date(decision.at);
    return { ok: true, approval: copyApproval(approval) };
  }

  async listEvents(runId: string, afterSeq = 0, limit?: number): Promise<RunEventRecord[]> {
    const events = this.runs.get(runId)?.events ?? [];
    // seq n sits at index n-1 (gapless), so the slice starts right after afterSeq.
    const from = Math.max(0, Math.min(afterSeq, events.length));
    const to = limit === undefined ? events.length : from + Math.max(0, limit);
    return events.slice(from, to).map(copyEvent);
  }

  async findRunsByStatus(statuses: readonly RunStatus[], options: { workerId?: string; limit?: number } = {}): Promise<RunRecord[]> {
    const found = [...this.runs.values()]
      .map((stored) => stored.run)
      .filter((run) => statuses.includes(run.status) && (options.workerId === undefined || run.workerId === options.workerId))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    return (options.limit === undefined ? found : found.slice(0, options.limit)).map(copyRun);
  }

  async listExpiredApprovals(now: Date): Promise<ApprovalRecord[]> {
    return [...this.approvals.values()]
      .filter((approval) => approval.status === "pending" && approval.expiresAt !== null && approval.expiresAt.getTime() <= now.getTime())
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map(copyApproval);
  }
}
