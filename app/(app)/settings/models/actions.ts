"use server";

import { revalidatePath } from "next/cache";
import { appendAuditLog } from "@/lib/audit";
import { requireAdmin } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { getStoredModelSettings, saveDefaultModelProvider } from "@/lib/db/queries/model-providers";
import { AppError, actionResult } from "@/lib/errors";
import { testConnection, type TestConnectionResult } from "@/lib/llm/test-connection";
import { modelProviderSchema } from "./schema";

function parse(input: unknown) {
  const parsed = modelProviderSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError("invalid_input", undefined, {
      fields: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])),
    });
  }
  return parsed.data;
}

/** Saves the default model provider (admins). The API key is encrypted at rest; "" keeps the stored key. */
export async function saveModelProviderAction(input: unknown) {
  return actionResult(async () => {
    const user = await requireAdmin();
    const data = parse(input);
    const db = getDb();
    await saveDefaultModelProvider(db, { ...data, apiKey: data.clearApiKey ? null : data.apiKey }, user.id);
    await appendAuditLog(db, {
      action: "settings.model_provider.update",
      actorId: user.id,
      actorEmail: user.email,
      data: {
        baseUrl: data.baseUrl,
        smartModel: data.smartModel,
        fastModel: data.fastModel,
        apiKeyChanged: data.clearApiKey || data.apiKey !== "",
      },
    });
    revalidatePath("/settings/models");
  });
}

/** Makes one real call with the form's values (the stored key when the key field is blank). */
export async function testModelProviderAction(input: unknown): Promise<TestConnectionResult> {
  await requireAdmin();
  const parsed = modelProviderSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, code: "invalid_input", error: parsed.error.issues[0]?.message ?? "Invalid settings", elapsed_ms: 0 };
  const data = parsed.data;
  const stored = await getStoredModelSettings(getDb());
  const apiKey = data.clearApiKey ? undefined : data.apiKey || (stored?.baseUrl === data.baseUrl ? stored?.apiKey : undefined);
  return testConnection({ baseUrl: data.baseUrl, apiKey, smartModel: data.smartModel, fastModel: data.fastModel });
}
