import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-semibold">Not found</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">It does not exist, or you do not have access to it.</p>
      <Link className={buttonClass("secondary")} href="/workflows">
        Go to workflows
      </Link>
    </main>
  );
}
