/**
 * `createEngine`: the workflow runtime over a RunStore and NodeServices (spec §5). Holds the sessions
 * executing in this process; everything else lives in the store, so any engine over the same store can
 * resume, decide, cancel or recover a run.
 */
import { randomUUID } from "node:crypto";
import { newId } from "../../ids";
import { WorkflowError, type WorkflowIssue } from "../errors";
import { checkRunInputs } from "../inputs";
import type { StartConfig } from "../nodes/start";
import type { NewRun, RunRecord, RunSnapshot } from "../run-store";
import { checkGraphForRun } from "../validate";
import { isAssignee } from "./approvals";
import { compileGraph } from "./compiled-graph";
import { makeEvent, RunEventBus } from "./events";
import { followRunEvents } from "./follow-events";
import { abandonRunStep, ZERO_USAGE } from "./records";
import { cancelStoredRun, recoverInterruptedRuns } from "./recovery";
import { RunSession } from "./run-session";
import { errorInfo } from "./session-state";
import { freshSessionInit, initialRunState, restoreSessionInit } from "./session-restore";
import type { EngineContext, EngineOptions, WorkflowEngine } from "./types";

function validationError(code: WorkflowIssue["code"], summary: string, issues: WorkflowIssue[]): WorkflowError {
  const listed = issues
    .slice(0, 5)
    .map((issue) => issue.message)
    .join("; ");
  const more = issues.length > 5 ? `; and ${issues.length - 5} more` : "";
  return new WorkflowError(code, `${summary}: ${listed}${more}`, { issues, field: issues[0]?.field, details: { issues } });
}

function alreadyDecided(approval: { id: string; status: string; decidedByName: string | null; decidedAt: Date | null }): WorkflowError {
  return new WorkflowError(
    "already_decided",
    `Approval ${approval.id} was already ${approval.status.replace("_", " ")}${approval.decidedByName ? ` by ${approval.decidedByName}` : ""}${approval.decidedAt ? ` at ${approval.decidedAt.toISOString()}` : ""}`,
    {
      details: { status: approval.status, decided_by: approval.decidedByName, decided_at: approval.decidedAt?.toISOString() ?? null },
    },
  );
}

/** True when an approval of a waiting node has been decided (the run has something to resume). */
function hasDecisionToApply(snapshot: RunSnapshot): boolean {
  const waitingNodes = new Set(snapshot.nodeRuns.filter((nodeRun) => nodeRun.status === "waiting").map((nodeRun) => nodeRun.nodeId));
  return snapshot.approvals.some((approval) => approval.status !== "pending" && waitingNodes.has(approval.nodeId));
}

/** Creates an engine. See `WorkflowEngine` for each operation's contract. */
export function createEngine(options: EngineOptions): WorkflowEngine {
  const onInternalError = options.onInternalError ?? ((error: unknown) => console.error("[workflow engine]", error));
  const ctx: EngineContext = {
    store: options.store,
    bus: new RunEventBus(onInternalError),
    now: options.now ?? (() => new Date()),
    workerId: options.workerId ?? `worker-${randomUUID()}`,
    maxParallel: Math.max(1, options.maxParallel ?? 8),
    limits: { maxSteps: options.limits?.maxSteps ?? 10_000, maxDurationMs: options.limits?.maxDurationMs ?? 3_600_000 },
    createId: options.createId ?? (() => newId()),
    resolveServices:
      typeof options.services === "function"
        ? options.services
        : () => options.services as Exclude<EngineOptions["services"], (...args: never[]) => unknown>,
    onInternalError,
    sessions: new Map(),
  };

  function launch(session: RunSession, runId: string): Promise<RunRecord> {
    ctx.sessions.set(runId, session);
    return session.start();
  }

  async function resumeRun(runId: string): Promise<RunRecord> {
    const active = ctx.sessions.get(runId);
    if (active) return active.done;
    const snapshot = await ctx.store.loadRun(runId);
    if (!snapshot) throw new WorkflowError("not_found", `No run ${runId}`);
    const { run } = snapshot;
    if (run.status === "waiting" && !hasDecisionToApply(snapshot)) return run;
    if (run.status !== "waiting" && run.status !== "queued") return run;
    const claimed = await ctx.store.claimRun(runId, { from: [run.status], workerId: ctx.workerId });
    if (!claimed) return (await ctx.store.getRun(runId)) as RunRecord;
    const current = (await ctx.store.loadRun(runId)) as RunSnapshot;
    if (current.run.startedAt === null) {
      const startedAt = ctx.now();
      await ctx.store.commitStep(runId, { runPatch: { startedAt } });
      current.run.startedAt = startedAt;
    }
    let session: RunSession;
    try {
      session = new RunSession(ctx, restoreSessionInit(current));
    } catch (error) {
      const failure = error instanceof WorkflowError ? error : new WorkflowError("internal_error", String(error), { cause: error });
      const result = await ctx.store.commitStep(
        runId,
        abandonRunStep(current.run, current.nodeRuns, "failed", errorInfo(failure), ctx.now()),
      );
      if (result.ok) ctx.bus.publish(result.events);
      return (await ctx.store.getRun(runId)) as RunRecord;
    }
    return launch(session, runId);
  }

  /** After a decision is stored: let the session holding the run apply it, or resume the run here. */
  async function continueAfterDecision(runId: string): Promise<RunRecord> {
    const active = ctx.sessions.get(runId);
    if (active) {
      active.notifyDecision();
      await active.done;
    }
    return resumeRun(runId);
  }

  return {
    events: ctx.bus,

    async startRun(params) {
      const { result: checked, snapshot } = checkGraphForRun(params.graph);
      if (!checked.ok) throw validationError(checked.issues[0]?.code ?? "invalid_document", "The workflow is not valid", checked.issues);
      const graph = compileGraph(checked.value);
      const inputs = checkRunInputs(graph.nodes[graph.start].config as unknown as StartConfig, params.inputs);
      if (!inputs.ok) throw validationError("invalid_input", "The inputs are not valid", inputs.issues);
      const now = ctx.now();
      const queued = params.queue === true;
      const run: NewRun = {
        id: params.runId ?? ctx.createId(),
        workflowId: params.workflowId,
        version: params.version,
        graph: snapshot,
        status: queued ? "queued" : "running",
        inputs: inputs.value,
        outputs: null,
        error: null,
        trigger: params.trigger,
        parentRunId: params.parentRunId ?? null,
        depth: params.depth ?? 0,
        state: initialRunState(graph, [...(params.callStack ?? []), params.workflowId]),
        usage: { ...ZERO_USAGE },
        workerId: queued ? null : ctx.workerId,
        createdAt: now,
        startedAt: queued ? null : now,
        endedAt: null,
      };
      const started = makeEvent(
        "run.started",
        { workflow_id: run.workflowId, version: run.version, inputs: run.inputs, trigger: run.trigger },
        now,
      );
      const created = await ctx.store.createRun(run, [started]);
      params.onRunCreated?.(created);
      ctx.bus.publish([{ runId: run.id, seq: 1, type: started.type, data: started.data, at: started.at }]);
      if (queued) return created;
      return launch(new RunSession(ctx, freshSessionInit(created, graph)), run.id);
    },

    resumeRun,

    async decide(approvalId, decision, note, user) {
      const approval = await ctx.store.getApproval(approvalId);
      if (!approval) throw new WorkflowError("not_found", `No approval ${approvalId}`);
      if (approval.status !== "pending") throw alreadyDecided(approval);
      if (!isAssignee(approval.assignee, user)) {
        throw new WorkflowError("forbidden", `Approval ${approvalId} is assigned to ${approval.assignee}`, {
          details: { assignee: approval.assignee },
        });
      }
      const result = await ctx.store.decideApproval({
        approvalId,
        status: decision,
        decidedById: user.id,
        decidedByName: user.email || user.name,
        note,
        at: ctx.now(),
      });
      if (!result.ok) {
        if (result.reason === "not_found") throw new WorkflowError("not_found", `No approval ${approvalId}`);
        throw alreadyDecided(result.approval);
      }
      return { approval: result.approval, run: await continueAfterDecision(approval.runId) };
    },

    async cancelRun(runId, by) {
      const active = ctx.sessions.get(runId);
      if (active) {
        active.cancel(by);
        await active.done;
      }
      return cancelStoredRun(ctx, runId, by);
    },

    recoverInterrupted: () => recoverInterruptedRuns(ctx),

    async sweepApprovalTimeouts(now = ctx.now()) {
      const expired = await ctx.store.listExpiredApprovals(now);
      const runIds: string[] = [];
      for (const approval of expired) {
        const result = await ctx.store.decideApproval({
          approvalId: approval.id,
          status: "timed_out",
          decidedById: null,
          decidedByName: null,
          note: null,
          at: now,
        });
        if (result.ok && !runIds.includes(approval.runId)) runIds.push(approval.runId);
      }
      const runs: RunRecord[] = [];
      for (const runId of runIds) runs.push(await continueAfterDecision(runId));
      return runs;
    },

    subscribe: (runId, listener) => ctx.bus.subscribe(runId, listener),

    followEvents: (runId, followOptions) => followRunEvents(ctx.store, ctx.bus, runId, followOptions),
  };
}
