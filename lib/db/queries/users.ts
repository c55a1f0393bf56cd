/**
 * Users the runtime acts as when no one is signed in.
 */
import type { Db } from "../client";

/** The CLI's system account, created only when the database has no administrator (spec §8 headless runs). */
export const CLI_USER_EMAIL = "cli@switchyard.local";

export interface SystemUser {
  id: string;
  email: string;
  name: string;
  role: "admin" | "member";
}

/**
 * The user the CLI acts as: the first administrator (oldest account), else the `cli@switchyard.local`
 * account, created as an administrator with no usable password (no bcrypt hash equals "!", so nobody can
 * sign in as it). Workflows the CLI imports are owned by this user and its runs are triggered by it.
 */
export async function getCliUser(db: Db): Promise<SystemUser> {
  const admin = await db.user.findFirst({ where: { role: "admin" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const row =
    admin ??
    (await db.user.upsert({
      where: { email: CLI_USER_EMAIL },
      create: { email: CLI_USER_EMAIL, name: "Switchyard CLI", passwordHash: "!", role: "admin" },
      update: {},
    }));
  return { id: row.id, email: row.email, name: row.name, role: row.role === "admin" ? "admin" : "member" };
}
