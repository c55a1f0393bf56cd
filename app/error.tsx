"use client";

import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

/** Shown when a page fails to render: a helpful message, never a stack trace. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-semibold">This page could not be shown</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Something went wrong while loading it. Try again; if it keeps happening, tell your administrator the reference below.
      </p>
      {error.digest ? <code className="rounded bg-zinc-100 px-2 py-1 text-xs dark:bg-zinc-800">ref {error.digest}</code> : null}
      <div className="flex gap-2">
        <button type="button" className={buttonClass("primary")} onClick={reset}>
          Try again
        </button>
        <Link className={buttonClass("secondary")} href="/workflows">
          Go to workflows
        </Link>
      </div>
    </main>
  );
}
