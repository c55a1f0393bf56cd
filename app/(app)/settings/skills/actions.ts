"use server";

import { revalidatePath } from "next/cache";
import { appendAuditLog } from "@/lib/audit";
import { requireUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import * as skills from "@/lib/db/queries/skills";
import { AppError, actionResult } from "@/lib/errors";
import { skillSchema } from "./schema";

/** Creates (`id` null) or updates a skill. */
export async function saveSkill(id: string | null, input: unknown) {
  return actionResult(async () => {
    const user = await requireUser();
    const parsed = skillSchema.safeParse(input);
    if (!parsed.success) {
      throw new AppError("invalid_input", undefined, {
        fields: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      });
    }
    const db = getDb();
    const saved = id ? await skills.updateSkill(db, user, id, parsed.data) : await skills.createSkill(db, user, parsed.data);
    await appendAuditLog(db, {
      action: id ? "skill.update" : "skill.create",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "skill",
      targetId: saved.id,
      data: { name: saved.name, visibility: saved.visibility, bodyLength: saved.body.length },
    });
    revalidatePath("/settings/skills");
    return { id: saved.id };
  });
}

export async function deleteSkill(id: string) {
  return actionResult(async () => {
    const user = await requireUser();
    const db = getDb();
    const removed = await skills.deleteSkill(db, user, id);
    await appendAuditLog(db, {
      action: "skill.delete",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "skill",
      targetId: id,
      data: { name: removed.name },
    });
    revalidatePath("/settings/skills");
  });
}
