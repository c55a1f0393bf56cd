"use client";

import { clsx } from "clsx";
import { Menu, X } from "lucide-react";
import { usePathname } from "next/navigation";
import { type ReactNode, useEffect, useState } from "react";
import { Logo } from "./logo";

/**
 * The shell's layout: the sidebar beside the page from the `md` breakpoint (768 px) up; below it, a top bar
 * with a menu button that slides the sidebar in over the page (closed by the close button, the backdrop,
 * Escape or going to another page). A closed drawer is `invisible`, so it is out of the tab order.
 */
export function ShellFrame({ sidebar, children }: { sidebar: ReactNode; children: ReactNode }) {
  const pathname = usePathname();
  // open for the page it was opened on: navigating closes it without an effect
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const close = () => setOpenOn(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpenOn(null);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="flex h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {open ? <div className="fixed inset-0 z-30 bg-zinc-950/40 md:hidden" onClick={close} aria-hidden="true" /> : null}
      <aside
        id="sidebar"
        className={clsx(
          "fixed inset-y-0 left-0 z-40 flex w-60 shrink-0 flex-col border-r border-zinc-200 bg-white transition-transform md:static md:visible md:translate-x-0 dark:border-zinc-800 dark:bg-zinc-900",
          open ? "translate-x-0 shadow-xl" : "invisible -translate-x-full",
        )}
      >
        {open ? (
          <button
            type="button"
            onClick={close}
            className="absolute top-3 -right-11 inline-flex size-8 items-center justify-center rounded-md bg-white text-zinc-700 shadow md:hidden dark:bg-zinc-800 dark:text-zinc-200"
            aria-label="Close menu"
          >
            <X size={16} aria-hidden="true" />
          </button>
        ) : null}
        {sidebar}
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-12 shrink-0 items-center gap-3 border-b border-zinc-200 bg-white px-3 md:hidden dark:border-zinc-800 dark:bg-zinc-900">
          <button
            type="button"
            onClick={() => setOpenOn(pathname)}
            className="inline-flex size-8 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800"
            aria-label="Open menu"
            aria-expanded={open}
            aria-controls="sidebar"
          >
            <Menu size={18} aria-hidden="true" />
          </button>
          <Logo />
        </header>
        <main id="main" className="min-h-0 min-w-0 flex-1 overflow-y-auto">
          {children}
        </main>
      </div>
    </div>
  );
}
