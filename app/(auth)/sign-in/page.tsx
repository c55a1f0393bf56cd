import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/auth-forms";
import { getSessionUser } from "@/lib/auth/session";
import { safeCallbackUrl } from "../schemas";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const { callbackUrl } = await searchParams;
  if (await getSessionUser()) redirect(safeCallbackUrl(callbackUrl));
  return <SignInForm callbackUrl={safeCallbackUrl(callbackUrl)} />;
}
