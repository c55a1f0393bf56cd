/**
 * Starting a run of a workflow's active version from outside the editor — the REST API, webhooks,
 * schedules and the MCP server — through the runtime's engine (lib/runtime.ts), so the run, its node runs
 * and its events are the same trail as any other run. Nothing here writes run rows.
 *
 * Why not `startWorkflowRun`: triggers need a caller-chosen run id (a retried `Idempotency-Key` start must
 * find the same run, across processes) and only ever run the active version, never the draft.
 */
import type { ActiveWorkflow } from "@/lib/db/queries/triggers";
import type { Runtime } from "@/lib/runtime";
import type { RunRecord, RunTrigger } from "@/lib/workflow/run-store";

/** Longest a caller may wait for a run to finish in one request, ms. */
export const MAX_WAIT_MS = 60_000;

export interface StartTriggeredRunParams {
  workflow: ActiveWorkflow;
  /** Values for START's variables (spec §5: checked first, `invalid_input` naming the variable). */
  inputs: unknown;
  trigger: RunTrigger;
  /** A deterministic id (idempotent starts); default a new one. */
  runId?: string;
  /**
   * How long to wait for the run to be final or waiting, ms (0 = answer as soon as it is stored). Capped
   * at MAX_WAIT_MS. The run goes on in this process either way.
   */
  waitMs?: number;
}

export interface TriggeredRun {
  /** The run: final or waiting when `settled`, else as last stored. */
  run: RunRecord;
  /** The run is final or waiting (it finished within `waitMs`). */
  settled: boolean;
}

/**
 * Starts the run.
 * @throws WorkflowError `invalid_input` (issues name each variable) or a validation code (spec §4) — nothing
 *   is stored then; a duplicate `runId` rejects with DuplicateRunError (lib/workflow/run-store.ts).
 */
export async function startTriggeredRun(runtime: Runtime, params: StartTriggeredRunParams): Promise<TriggeredRun> {
  await runtime.refreshWorkspaceEnv();
  let markStored: (run: RunRecord) => void = () => {};
  const stored = new Promise<RunRecord>((resolve) => {
    markStored = resolve;
  });
  let isStored = false;
  const finished = runtime.engine.startRun({
    workflowId: params.workflow.id,
    version: params.workflow.version,
    graph: params.workflow.graph,
    inputs: params.inputs ?? {},
    trigger: params.trigger,
    runId: params.runId,
    onRunCreated: (run) => {
      isStored = true;
      markStored(run);
    },
  });
  // After the run is stored it reports its own failures; a rejection then is an engine fault, logged.
  finished.catch((error: unknown) => {
    if (isStored) console.error(`[triggers] run of workflow ${params.workflow.id} failed after it was stored`, error);
  });
  const waitMs = Math.min(Math.max(params.waitMs ?? 0, 0), MAX_WAIT_MS);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      finished.then((run) => ({ run, settled: true })),
      stored.then(
        (run) =>
          new Promise<TriggeredRun>((resolve) => {
            const giveUp = () => resolve({ run, settled: false });
            if (waitMs === 0) giveUp();
            else timer = setTimeout(giveUp, waitMs);
          }),
      ),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}
