"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { appendAuditLog } from "@/lib/audit";
import { requireAdmin } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { AppError, actionResult } from "@/lib/errors";

const roleSchema = z.object({ userId: z.string().min(1), role: z.enum(["admin", "member"]) });

/** Changes a user's role (admins). The last admin cannot be demoted. */
export async function setUserRoleAction(input: unknown) {
  return actionResult(async () => {
    const actor = await requireAdmin();
    const parsed = roleSchema.safeParse(input);
    if (!parsed.success) throw new AppError("invalid_input", "Choose admin or member.", { fields: { role: "Choose admin or member." } });
    const db = getDb();
    await db.$transaction(async (tx) => {
      const target = await tx.user.findUnique({ where: { id: parsed.data.userId } });
      if (!target) throw new AppError("not_found", "That user no longer exists.");
      if (target.role === "admin" && parsed.data.role === "member" && (await tx.user.count({ where: { role: "admin" } })) === 1) {
        throw new AppError("conflict", "The workspace needs at least one administrator.");
      }
      await tx.user.update({ where: { id: target.id }, data: { role: parsed.data.role } });
    });
    await appendAuditLog(db, {
      action: "permissions.role_change",
      actorId: actor.id,
      actorEmail: actor.email,
      targetType: "user",
      targetId: parsed.data.userId,
      data: { role: parsed.data.role },
    });
    revalidatePath("/settings/users");
  });
}
