/**
 * `runs [--status S] [--workflow ID] [--limit N] [--json]` (spec §8): runs, newest first (default 50).
 * `--json`: an array of `{ id, workflow_id, workflow_name, version, status, trigger, error, created_at,
 * started_at, ended_at }` (times ISO-8601 UTC, error `{code, message}` or null).
 */
import { RUN_STATUSES, type RunStatus } from "@/lib/workflow/run-store";
import { printJson, withCliContext } from "../context";
import { EXIT_OK, UsageError } from "../errors";

export async function runsCommand(options: { status?: string; workflow?: string; limit?: string; json: boolean }): Promise<number> {
  if (options.status !== undefined && !RUN_STATUSES.includes(options.status as RunStatus)) {
    throw new UsageError(`--status must be one of ${RUN_STATUSES.join(", ")}`);
  }
  const limit = options.limit === undefined ? 50 : Number(options.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError("--limit must be a whole number of at least 1");
  return withCliContext(async ({ runtime }) => {
    const rows = await runtime.db.run.findMany({
      where: { ...(options.status ? { status: options.status } : {}), ...(options.workflow ? { workflowId: options.workflow } : {}) },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit,
      select: {
        id: true,
        workflowId: true,
        version: true,
        status: true,
        triggerKind: true,
        errorCode: true,
        error: true,
        createdAt: true,
        startedAt: true,
        endedAt: true,
        workflow: { select: { name: true } },
      },
    });
    const runs = rows.map((row) => {
      const error = row.error ? (JSON.parse(row.error) as { code: string; message: string }) : null;
      return {
        id: row.id,
        workflow_id: row.workflowId,
        workflow_name: row.workflow.name,
        version: row.version,
        status: row.status,
        trigger: row.triggerKind,
        error: error ? { code: error.code, message: error.message } : null,
        created_at: row.createdAt.toISOString(),
        started_at: row.startedAt?.toISOString() ?? null,
        ended_at: row.endedAt?.toISOString() ?? null,
      };
    });
    if (options.json) printJson(runs);
    else
      for (const run of runs)
        process.stdout.write(
          `${run.id}  ${run.status.padEnd(17)}  ${run.created_at}  ${run.trigger.padEnd(8)}  ${run.workflow_name}${run.error ? `  ${run.error.code}` : ""}\n`,
        );
    return EXIT_OK;
  });
}
