/**
 * Auth.js (next-auth 5) with email + password credentials and JWT sessions.
 * `auth()` reads the session in server components, actions and route handlers.
 */
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { appendAuditLog } from "@/lib/audit";
import { authConfig } from "./config";
import { verifyPassword } from "./password";

const credentialsSchema = z.object({ email: z.string().trim().toLowerCase().email(), password: z.string().min(1) });

class InvalidCredentials extends CredentialsSignin {
  code = "invalid_credentials";
}

export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  logger: {
    // A wrong password is an expected outcome (shown beside the field and audited), not a server error.
    error(error) {
      if (error.name === "CredentialsSignin" || (error as { type?: string }).type === "CredentialsSignin") return;
      console.error("[auth]", error);
    },
  },
  providers: [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(raw) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) throw new InvalidCredentials();
        const db = getDb();
        const user = await db.user.findUnique({ where: { email: parsed.data.email } });
        if (!user || !(await verifyPassword(parsed.data.password, user.passwordHash))) {
          await appendAuditLog(db, { action: "auth.sign_in_failed", actorEmail: parsed.data.email, data: {} });
          throw new InvalidCredentials();
        }
        await appendAuditLog(db, { action: "auth.sign_in", actorId: user.id, actorEmail: user.email, data: {} });
        return { id: user.id, email: user.email, name: user.name, role: user.role };
      },
    }),
  ],
});
