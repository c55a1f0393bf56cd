"use server";

import { revalidatePath } from "next/cache";
import { appendAuditLog } from "@/lib/audit";
import { requireUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { type ApiKeyView, createApiKey, revokeApiKey } from "@/lib/db/queries/api-keys";
import { AppError, actionResult } from "@/lib/errors";
import { createApiKeySchema } from "./schema";

/** Creates a key for the signed-in user; the secret is in the result once and never again. */
export async function createApiKeyAction(input: unknown) {
  return actionResult(async (): Promise<{ key: string; view: ApiKeyView }> => {
    const user = await requireUser();
    const parsed = createApiKeySchema.safeParse(input);
    if (!parsed.success) {
      throw new AppError("invalid_input", undefined, {
        fields: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      });
    }
    const db = getDb();
    const created = await createApiKey(db, user.id, parsed.data.name);
    await appendAuditLog(db, {
      action: "api_key.create",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "api_key",
      targetId: created.view.id,
      data: { name: created.view.name, prefix: created.view.prefix },
    });
    revalidatePath("/settings/api-keys");
    return created;
  });
}

/** Revokes one of the signed-in user's keys; requests with it get 401 from now on. */
export async function revokeApiKeyAction(keyId: string) {
  return actionResult(async () => {
    const user = await requireUser();
    const db = getDb();
    const view = await revokeApiKey(db, user.id, keyId);
    await appendAuditLog(db, {
      action: "api_key.revoke",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "api_key",
      targetId: view.id,
      data: { name: view.name, prefix: view.prefix },
    });
    revalidatePath("/settings/api-keys");
  });
}
