"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { getRunForRerun } from "@/lib/db/queries/runs";
import { AppError, actionResult } from "@/lib/errors";
import { cancelRun, getRuntime, startWorkflowRun } from "@/lib/runtime";

const runIdSchema = z.string().min(1).max(200);

function parseRunId(input: unknown): string {
  const parsed = runIdSchema.safeParse(input);
  if (!parsed.success) throw new AppError("not_found", "No such run.");
  return parsed.data;
}

/**
 * Cancels a queued, running or waiting run through the runtime (spec §5). A run the user may not see is
 * `not_found`, exactly like a missing one.
 */
export async function cancelRunAction(runId: unknown) {
  return actionResult(async () => {
    const user = await requireUser();
    const id = parseRunId(runId);
    const run = await cancelRun(getRuntime(), id, user);
    revalidatePath(`/runs/${id}`);
    return { status: run.status };
  });
}

/**
 * Starts a new run of the same workflow with the same inputs: the same published version, or the current
 * draft for a draft run. Returns as soon as the new run is stored (its page follows it live).
 * @returns `{ runId }` of the new run. Errors: `not_found` (run not visible), `invalid_input` when the
 *   workflow's inputs changed since.
 */
export async function rerunAction(runId: unknown) {
  return actionResult(async () => {
    const user = await requireUser();
    const id = parseRunId(runId);
    const source = await getRunForRerun(getDb(), user, id);
    if (!source) throw new AppError("not_found", "No such run.");
    const run = await startWorkflowRun(getRuntime(), {
      workflowId: source.workflowId,
      ...(source.version === null ? { draft: true } : { version: source.version }),
      inputs: source.inputs,
      trigger: { kind: "editor", details: { rerun_of: source.id } },
      user,
      background: true,
    });
    revalidatePath("/runs");
    return { runId: run.id };
  });
}
