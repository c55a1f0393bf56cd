/**
 * Ending runs that no session of this process holds: cancellation of waiting/queued runs or runs held by
 * another process, and crash recovery (spec §5 "A run left `running` by a crashed process … ends
 * `failed` with `interrupted`; none stays `running`").
 */
import { WorkflowError } from "../errors";
import { FINAL_RUN_STATUSES, type RunRecord } from "../run-store";
import { abandonRunStep } from "./records";
import type { EngineContext } from "./types";

/**
 * Cancels a run through the store (compare-and-set on its status, retried when the status moves).
 * @throws WorkflowError `not_found`.
 */
export async function cancelStoredRun(ctx: EngineContext, runId: string, by: string): Promise<RunRecord> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const snapshot = await ctx.store.loadRun(runId);
    if (!snapshot) throw new WorkflowError("not_found", `No run ${runId}`);
    if (FINAL_RUN_STATUSES.has(snapshot.run.status)) return snapshot.run;
    const error = { code: "cancelled" as const, message: `Cancelled by ${by}` };
    const result = await ctx.store.commitStep(runId, abandonRunStep(snapshot.run, snapshot.nodeRuns, "cancelled", error, ctx.now()));
    if (result.ok) {
      ctx.bus.publish(result.events);
      return (await ctx.store.getRun(runId)) as RunRecord;
    }
  }
  return (await ctx.store.getRun(runId)) as RunRecord;
}

/**
 * Fails every `running` run that no session of this process executes (optionally only those owned by
 * `workerId`) with `interrupted`; `waiting` runs stay waiting. Returns the runs it ended.
 */
export async function recoverInterruptedRuns(ctx: EngineContext, options: { workerId?: string } = {}): Promise<RunRecord[]> {
  const candidates = await ctx.store.findRunsByStatus(["running"], options.workerId === undefined ? {} : { workerId: options.workerId });
  const recovered: RunRecord[] = [];
  for (const candidate of candidates) {
    if (ctx.sessions.has(candidate.id)) continue;
    const snapshot = await ctx.store.loadRun(candidate.id);
    if (snapshot?.run.status !== "running") continue;
    const error = { code: "interrupted" as const, message: "The process running this run stopped before it finished" };
    const result = await ctx.store.commitStep(candidate.id, abandonRunStep(snapshot.run, snapshot.nodeRuns, "failed", error, ctx.now()));
    if (!result.ok) continue;
    ctx.bus.publish(result.events);
    recovered.push((await ctx.store.getRun(candidate.id)) as RunRecord);
  }
  return recovered;
}
