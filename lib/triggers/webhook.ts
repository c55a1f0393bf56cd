/**
 * Webhooks: `POST /api/hooks/<token>` starts a run of the workflow's active version with the JSON body as
 * START's inputs, acting as the workflow's owner (trigger `webhook`). A `sync` webhook answers 200 with
 * END's outputs when the run ends within SWITCHYARD_WEBHOOK_WAIT_MS (default 30 s), else 202 with the run
 * id; an `async` webhook answers 202 at once. The token is the secret (stored hashed); an unknown, rotated
 * or deleted one is 404.
 */
import { readJsonBody } from "@/lib/api/read-body";
import { jsonResponse, withNamedFields } from "@/lib/api/respond";
import { findWebhookByToken } from "@/lib/db/queries/triggers";
import { AppError } from "@/lib/errors";
import { getRuntime } from "@/lib/runtime";
import { rejectUnknownInputs } from "./inputs";
import { startTriggeredRun } from "./start-run";

/** How long a sync webhook waits for the run, ms. */
export function webhookWaitMs(): number {
  const value = Number(process.env.SWITCHYARD_WEBHOOK_WAIT_MS);
  return Number.isFinite(value) && value >= 0 ? value : 30_000;
}

/**
 * Handles one webhook call.
 * @throws AppError `not_found` (token), `conflict` (unpublished), `invalid_input` (fields name the inputs), `payload_too_large`.
 */
export async function webhookResponse(request: Request, token: string): Promise<Response> {
  const runtime = getRuntime();
  const target = await findWebhookByToken(runtime.db, token);
  if (!target) throw new AppError("not_found", "No webhook at this URL.");
  if (!target.workflow) throw new AppError("conflict", `Workflow "${target.workflowName}" has no published version.`);
  const inputs = await readJsonBody(request);
  rejectUnknownInputs(target.workflow.variables, inputs);
  try {
    const { run, settled } = await startTriggeredRun(runtime, {
      workflow: target.workflow,
      inputs,
      waitMs: target.mode === "sync" ? webhookWaitMs() : 0,
      trigger: { kind: "webhook", userId: target.owner.id, details: { webhook_id: target.webhookId, user: target.owner.email } },
    });
    if (!settled || run.status === "waiting") {
      return jsonResponse({ run_id: run.id, status: run.status }, { status: 202 });
    }
    return jsonResponse({
      run_id: run.id,
      status: run.status,
      outputs: run.outputs,
      error: run.error ? { code: run.error.code, message: run.error.message } : null,
    });
  } catch (error) {
    throw withNamedFields(error);
  }
}
