import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_USER_EMAIL } from "@/lib/db/queries/users";
import { createTestDatabase, type TestDatabase } from "@/lib/db/test-databases";
import { registerUser } from "./register";
import { verifyPassword } from "./password";

describe("registerUser", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    process.env.SWITCHYARD_BCRYPT_COST = "4";
    t = await createTestDatabase("sqlite");
  });
  afterAll(() => t?.cleanup());

  it("makes the first person admin even when the CLI's system account exists, then members; refuses a taken email", async () => {
    await t.db.user.create({ data: { email: CLI_USER_EMAIL, name: "CLI", passwordHash: "!", role: "admin" } });
    const first = await registerUser({ name: "Ada", email: " Ada@Example.com ", password: "correct horse" }, t.db);
    const second = await registerUser({ name: "Grace", email: "grace@example.com", password: "battery staple" }, t.db);
    expect([first.email, first.role]).toEqual(["ada@example.com", "admin"]);
    expect([second.email, second.role]).toEqual(["grace@example.com", "member"]);
    const stored = await t.db.user.findUniqueOrThrow({ where: { email: "ada@example.com" } });
    expect(stored.passwordHash).not.toContain("correct horse");
    expect(await verifyPassword("correct horse", stored.passwordHash)).toBe(true);
    await expect(registerUser({ name: "Ada 2", email: "ada@example.com", password: "whatever123" }, t.db)).rejects.toMatchObject({
      code: "email_taken",
      fields: { email: "An account with this email already exists. Sign in instead." },
    });
    expect(await t.db.user.count()).toBe(3);
    const audit = await t.db.auditLog.findMany({ where: { action: "auth.register" }, orderBy: { at: "asc" } });
    expect(audit.map((a) => a.actorEmail)).toEqual(["ada@example.com", "grace@example.com"]);
  });
});
