import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { RegisterForm } from "@/components/auth/auth-forms";
import { getSessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Create account" };

export default async function RegisterPage() {
  if (await getSessionUser()) redirect("/workflows");
  const firstUser = (await getDb().user.count()) === 0;
  return <RegisterForm firstUser={firstUser} />;
}
