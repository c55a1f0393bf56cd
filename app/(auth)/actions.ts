"use server";

import { AuthError } from "next-auth";
import { signIn, signOut } from "@/lib/auth/auth";
import { registerUser } from "@/lib/auth/register";
import { AppError, actionResult, type ActionResult } from "@/lib/errors";
import { registerSchema, safeCallbackUrl, signInSchema } from "./schemas";

function fieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  return Object.fromEntries(issues.map((i) => [String(i.path[0]), i.message]));
}

/** Signs in with email and password; on success redirects to the callback URL. */
export async function signInAction(input: unknown): Promise<ActionResult> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success)
    return {
      ok: false,
      error: { code: "invalid_input", message: "Some fields need attention.", fields: fieldErrors(parsed.error.issues) },
    };
  try {
    await signIn("credentials", {
      email: parsed.data.email,
      password: parsed.data.password,
      redirectTo: safeCallbackUrl(parsed.data.callbackUrl),
    });
  } catch (error) {
    if (error instanceof AuthError) {
      return {
        ok: false,
        error: { code: "invalid_credentials", message: "Wrong email or password.", fields: { password: "Wrong email or password." } },
      };
    }
    throw error;
  }
  return { ok: true, data: undefined };
}

/** Creates an account (the first one becomes admin), then signs in. */
export async function registerAction(input: unknown): Promise<ActionResult> {
  const parsed = registerSchema.safeParse(input);
  if (!parsed.success)
    return {
      ok: false,
      error: { code: "invalid_input", message: "Some fields need attention.", fields: fieldErrors(parsed.error.issues) },
    };
  const created = await actionResult(() => registerUser(parsed.data));
  if (!created.ok) return created;
  await signIn("credentials", { email: parsed.data.email, password: parsed.data.password, redirectTo: "/workflows" });
  throw new AppError("internal");
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/sign-in" });
}
