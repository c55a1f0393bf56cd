import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

/**
 * The "not found" message. `as="main"` at the root (an unknown address, outside the app shell); a `div`
 * inside the shell, whose own `<main>` it is then in (one main landmark per page).
 */
export function NotFoundMessage({ as: Tag = "div" }: { as?: "main" | "div" }) {
  return (
    <Tag className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-semibold">Not found</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">It does not exist, or you do not have access to it.</p>
      <Link className={buttonClass("secondary")} href="/workflows">
        Go to workflows
      </Link>
    </Tag>
  );
}
