import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { requirePageUser } from "@/lib/auth/session";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser();
  const theme = (await cookies()).get("theme")?.value === "dark" ? "dark" : "light";
  return (
    <AppShell user={user} theme={theme}>
      {children}
    </AppShell>
  );
}
