import { LogOut } from "lucide-react";
import type { ReactNode } from "react";
import { signOutAction } from "@/app/(auth)/actions";
import type { SessionUser } from "@/lib/auth/session";
import { Logo } from "./logo";
import { NavLinks } from "./nav-links";
import { ShellFrame } from "./shell-frame";
import { ThemeToggle } from "./theme-toggle";

export function AppShell({ user, theme, children }: { user: SessionUser; theme: "light" | "dark"; children: ReactNode }) {
  return (
    <ShellFrame
      sidebar={
        <>
          <div className="flex h-14 items-center justify-between border-b border-zinc-200 px-4 dark:border-zinc-800">
            <Logo />
            <ThemeToggle initial={theme} />
          </div>
          <NavLinks isAdmin={user.role === "admin"} />
          <div className="border-t border-zinc-200 p-3 dark:border-zinc-800">
            <div className="flex items-center justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium" data-testid="user-name">
                  {user.name}
                </p>
                <p className="truncate text-xs text-zinc-500">
                  {user.email} · {user.role}
                </p>
              </div>
              <form action={signOutAction}>
                <button
                  type="submit"
                  className="inline-flex size-8 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
                  aria-label="Sign out"
                  title="Sign out"
                >
                  <LogOut size={16} aria-hidden="true" />
                </button>
              </form>
            </div>
          </div>
        </>
      }
    >
      {children}
    </ShellFrame>
  );
}
