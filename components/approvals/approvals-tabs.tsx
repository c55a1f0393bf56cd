import Link from "next/link";

/** Waiting / Decided tabs of the approvals page (links, so each tab has its own URL). */
export function ApprovalsTabs({ current, waiting }: { current: "waiting" | "decided"; waiting: number }) {
  const tab = "rounded-t-md border-b-2 px-4 py-2 text-sm font-medium";
  const on = "border-brand-600 text-brand-700 dark:text-brand-100";
  const off = "border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100";
  return (
    <nav aria-label="Approvals" className="mb-5 flex gap-1 border-b border-zinc-200 dark:border-zinc-800">
      <Link
        href="/approvals"
        aria-current={current === "waiting" ? "page" : undefined}
        className={`${tab} ${current === "waiting" ? on : off}`}
      >
        Waiting for me <span className="ml-1 tabular-nums text-zinc-500">{waiting}</span>
      </Link>
      <Link
        href="/approvals?tab=decided"
        aria-current={current === "decided" ? "page" : undefined}
        className={`${tab} ${current === "decided" ? on : off}`}
      >
        Decided
      </Link>
    </nav>
  );
}
