"use server";

import { revalidatePath } from "next/cache";
import { appendAuditLog } from "@/lib/audit";
import { requireUser, type SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import {
  assertCanManageTriggers,
  createOrRotateWebhook,
  createSchedule,
  deleteSchedule,
  deleteWebhooks,
  getActiveWorkflow,
  setWebhookMode,
  updateSchedule,
  type WebhookView,
} from "@/lib/db/queries/triggers";
import { AppError, actionResult } from "@/lib/errors";
import { checkRunInputs } from "@/lib/workflow/inputs";
import type { StartConfig } from "@/lib/workflow/nodes/start";
import { rejectUnknownInputs } from "@/lib/triggers/inputs";
import { scheduleFormSchema, webhookModeSchema } from "./schema";

async function manage(workflowId: string): Promise<{ user: SessionUser; workflow: { id: string; name: string } }> {
  const user = await requireUser();
  const workflow = await assertCanManageTriggers(getDb(), user, workflowId);
  return { user, workflow };
}

async function audit(user: SessionUser, action: string, workflowId: string, data: Record<string, unknown>) {
  await appendAuditLog(getDb(), { action, actorId: user.id, actorEmail: user.email, targetType: "workflow", targetId: workflowId, data });
}

/** Creates the workflow's webhook or rotates its secret (the old URL is 404 at once). The token is in the result once. */
export async function rotateWebhookAction(workflowId: string, mode?: unknown) {
  return actionResult(async (): Promise<{ token: string; view: WebhookView }> => {
    const { user, workflow } = await manage(workflowId);
    const parsedMode = mode === undefined ? undefined : webhookModeSchema.parse(mode);
    const result = await createOrRotateWebhook(getDb(), workflow.id, parsedMode);
    await audit(user, result.view.rotatedAt ? "webhook.rotate" : "webhook.create", workflow.id, {
      webhook_id: result.view.id,
      mode: result.view.mode,
    });
    revalidatePath(`/workflows/${workflow.id}/triggers`);
    return result;
  });
}

export async function setWebhookModeAction(workflowId: string, mode: unknown) {
  return actionResult(async () => {
    const { user, workflow } = await manage(workflowId);
    const view = await setWebhookMode(getDb(), workflow.id, webhookModeSchema.parse(mode));
    await audit(user, "webhook.update", workflow.id, { webhook_id: view.id, mode: view.mode });
    revalidatePath(`/workflows/${workflow.id}/triggers`);
  });
}

export async function deleteWebhookAction(workflowId: string) {
  return actionResult(async () => {
    const { user, workflow } = await manage(workflowId);
    await deleteWebhooks(getDb(), workflow.id);
    await audit(user, "webhook.delete", workflow.id, {});
    revalidatePath(`/workflows/${workflow.id}/triggers`);
  });
}

/** Parses the form and, when the workflow is published, checks the inputs against its START (fields name the variable). */
async function parseSchedule(user: SessionUser, workflowId: string, input: unknown) {
  const parsed = scheduleFormSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError("invalid_input", undefined, {
      fields: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
    });
  }
  const inputs = parsed.data.inputs === "" ? {} : (JSON.parse(parsed.data.inputs) as Record<string, unknown>);
  const active = await getActiveWorkflow(getDb(), user, workflowId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "conflict") return null; // not published yet: checked when it runs
    throw error;
  });
  if (active) {
    try {
      rejectUnknownInputs(active.variables, inputs);
    } catch (error) {
      throw new AppError("invalid_input", undefined, { fields: { inputs: error instanceof Error ? error.message : String(error) } });
    }
    const checked = checkRunInputs({ variables: active.variables } as StartConfig, inputs);
    if (!checked.ok)
      throw new AppError("invalid_input", undefined, { fields: { inputs: checked.issues.map((issue) => issue.message).join("; ") } });
  }
  return { cron: parsed.data.cron, timezone: parsed.data.timezone, inputs, enabled: parsed.data.enabled };
}

export async function createScheduleAction(workflowId: string, input: unknown) {
  return actionResult(async () => {
    const { user, workflow } = await manage(workflowId);
    const data = await parseSchedule(user, workflow.id, input);
    const view = await createSchedule(getDb(), workflow.id, data);
    await audit(user, "schedule.create", workflow.id, { schedule_id: view.id, cron: view.cron, timezone: view.timezone });
    revalidatePath(`/workflows/${workflow.id}/triggers`);
  });
}

export async function updateScheduleAction(workflowId: string, scheduleId: string, input: unknown) {
  return actionResult(async () => {
    const { user, workflow } = await manage(workflowId);
    const data = await parseSchedule(user, workflow.id, input);
    const view = await updateSchedule(getDb(), workflow.id, scheduleId, data);
    await audit(user, "schedule.update", workflow.id, {
      schedule_id: view.id,
      cron: view.cron,
      timezone: view.timezone,
      enabled: view.enabled,
    });
    revalidatePath(`/workflows/${workflow.id}/triggers`);
  });
}

export async function deleteScheduleAction(workflowId: string, scheduleId: string) {
  return actionResult(async () => {
    const { user, workflow } = await manage(workflowId);
    await deleteSchedule(getDb(), workflow.id, scheduleId);
    await audit(user, "schedule.delete", workflow.id, { schedule_id: scheduleId });
    revalidatePath(`/workflows/${workflow.id}/triggers`);
  });
}
