import { appendAuditLog } from "@/lib/audit";
import { getDb, type Db } from "@/lib/db/client";
import { CLI_USER_EMAIL } from "@/lib/db/queries/users";
import { AppError } from "@/lib/errors";
import { hashPassword } from "./password";

/**
 * Creates a user. The first person of a workspace becomes `admin`, everyone after `member` (the CLI's
 * system account, which may exist before anyone registers, does not count); the count and the insert
 * run in one transaction so two first registrations cannot both become admin.
 * @throws AppError `email_taken` (field `email`) when the email is already registered.
 */
export async function registerUser(input: { name: string; email: string; password: string }, db: Db = getDb()) {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const taken = () =>
    new AppError("email_taken", undefined, { fields: { email: "An account with this email already exists. Sign in instead." } });
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) throw taken();
  try {
    const user = await db.$transaction(async (tx) => {
      const count = await tx.user.count({ where: { email: { not: CLI_USER_EMAIL } } });
      return tx.user.create({ data: { email, name: input.name.trim(), passwordHash, role: count === 0 ? "admin" : "member" } });
    });
    await appendAuditLog(db, {
      action: "auth.register",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "user",
      targetId: user.id,
      data: { role: user.role },
    });
    return { id: user.id, email: user.email, role: user.role };
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw taken();
    throw error;
  }
}
