/**
 * Server-side session guards for pages, server actions and route handlers. Every app page and action
 * calls one of these; the proxy's redirect is only the optimistic first line.
 */
import { redirect } from "next/navigation";
import { AppError } from "@/lib/errors";
import { auth } from "./auth";

export type Role = "admin" | "member";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

/** The signed-in user, or null. */
export async function getSessionUser(): Promise<SessionUser | null> {
  const session = await auth();
  const user = session?.user as { id?: string; email?: string | null; name?: string | null; role?: string } | undefined;
  if (!user?.id || !user.email) return null;
  return { id: user.id, email: user.email, name: user.name ?? user.email, role: user.role === "admin" ? "admin" : "member" };
}

/** For pages: the signed-in user, or a redirect to sign-in that comes back to `returnTo`. */
export async function requirePageUser(returnTo = "/workflows"): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}

/** For actions and routes: the signed-in user. @throws AppError `unauthenticated`. */
export async function requireUser(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) throw new AppError("unauthenticated");
  return user;
}

/** @throws AppError `unauthenticated` or `forbidden` (not an admin). */
export async function requireAdmin(): Promise<SessionUser> {
  const user = await requireUser();
  if (user.role !== "admin") throw new AppError("forbidden", "Only administrators can do that.");
  return user;
}
