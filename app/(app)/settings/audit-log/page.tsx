import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Card, EmptyState, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Audit log" };

const PAGE_SIZE = 50;

/** A `YYYY-MM-DD` day as a UTC instant, or undefined when absent or malformed. */
function day(value: string | undefined, plusDays = 0): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) ? undefined : new Date(ms + plusDays * 86_400_000);
}

export default async function AuditLogPage({
  searchParams,
}: {
  searchParams: Promise<{ action?: string; before?: string; actor?: string; target?: string; from?: string; to?: string }>;
}) {
  const user = await requirePageUser("/settings/audit-log");
  if (user.role !== "admin") notFound();
  const { action, before, actor, target, from, to } = await searchParams;
  const db = getDb();
  const beforeAt = before && !Number.isNaN(Date.parse(before)) ? new Date(before) : undefined;
  const fromAt = day(from);
  const toAt = day(to, 1);
  const at =
    beforeAt || fromAt || toAt
      ? {
          ...(fromAt ? { gte: fromAt } : {}),
          ...(beforeAt || toAt
            ? { lt: beforeAt && toAt ? new Date(Math.min(beforeAt.getTime(), toAt.getTime())) : (beforeAt ?? toAt) }
            : {}),
        }
      : undefined;
  const where = {
    ...(action ? { action: { startsWith: action } } : {}),
    ...(actor ? { actorEmail: { contains: actor.trim() } } : {}),
    ...(target ? { targetId: target.trim() } : {}),
    ...(at ? { at } : {}),
  };
  const kept = Object.fromEntries(Object.entries({ action, actor, target, from, to }).filter(([, v]) => v)) as Record<string, string>;
  const rows = await db.auditLog.findMany({ where, orderBy: { at: "desc" }, take: PAGE_SIZE + 1 });
  const page = rows.slice(0, PAGE_SIZE);
  const next = rows.length > PAGE_SIZE ? page[page.length - 1]?.at.toISOString() : null;
  const filters = ["", "auth.", "connector.", "tool.", "approval.", "settings.", "permissions."];
  return (
    <div className="mx-auto max-w-6xl px-8 py-8">
      <PageHeader
        title="Audit log"
        description="Append-only: sign-ins, connector and tool calls, approvals, settings and permission changes."
      />
      <nav aria-label="Filter by action" className="mb-4 flex flex-wrap gap-2">
        {filters.map((f) => (
          <Link
            key={f || "all"}
            href={`/settings/audit-log?${new URLSearchParams({ ...kept, action: f })}`}
            aria-current={(action ?? "") === f ? "true" : undefined}
            className="rounded-full border border-zinc-300 px-3 py-1 text-xs aria-[current=true]:border-brand-600 aria-[current=true]:bg-brand-50 aria-[current=true]:text-brand-700 dark:border-zinc-700 dark:aria-[current=true]:bg-brand-600/15 dark:aria-[current=true]:text-brand-100"
          >
            {f ? f.replace(".", "") : "all"}
          </Link>
        ))}
      </nav>
      <form method="get" action="/settings/audit-log" aria-label="Filter entries" className="mb-4 flex flex-wrap items-end gap-3 text-sm">
        {action ? <input type="hidden" name="action" value={action} /> : null}
        <label className="block">
          <span className="mb-1 block text-xs text-zinc-500">Who (email contains)</span>
          <input name="actor" defaultValue={actor ?? ""} className={inputClass} />
        </label>
        <label className="block">
          <span className="mb-1 block text-xs text-zinc-500">Target id</span>
          <input name="target" defaultValue={target ?? ""} className={inputClass} />
        </label>
        <label className="block">
          <span className="mb-1 block text-xs text-zinc-500">From (UTC)</span>
          <input type="date" name="from" defaultValue={from ?? ""} className={inputClass} />
        </label>
        <label className="block">
          <span className="mb-1 block text-xs text-zinc-500">To (UTC)</span>
          <input type="date" name="to" defaultValue={to ?? ""} className={inputClass} />
        </label>
        <button type="submit" className={buttonClass("secondary")}>
          Filter
        </button>
      </form>
      {page.length === 0 ? (
        <EmptyState title="No entries">Entries appear as people sign in, call connectors, decide approvals and change settings.</EmptyState>
      ) : (
        <Card className="overflow-x-auto p-0">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-zinc-200 text-xs uppercase text-zinc-500 dark:border-zinc-800">
              <tr>
                <th className="px-4 py-3 font-medium">When (UTC)</th>
                <th className="px-4 py-3 font-medium">Who</th>
                <th className="px-4 py-3 font-medium">Action</th>
                <th className="px-4 py-3 font-medium">Target</th>
                <th className="px-4 py-3 font-medium">Details</th>
              </tr>
            </thead>
            <tbody>
              {page.map((row) => (
                <tr key={row.id} className="border-b border-zinc-100 align-top last:border-0 dark:border-zinc-800">
                  <td className="whitespace-nowrap px-4 py-2 font-mono text-xs">{row.at.toISOString().replace("T", " ").slice(0, 19)}</td>
                  <td className="px-4 py-2">{row.actorEmail ?? "system"}</td>
                  <td className="px-4 py-2 font-mono text-xs">{row.action}</td>
                  <td className="px-4 py-2 text-xs">{row.targetType ? `${row.targetType} ${row.targetId ?? ""}` : ""}</td>
                  <td className="max-w-md break-all px-4 py-2 font-mono text-xs text-zinc-600 dark:text-zinc-400">{row.data}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {next ? (
        <div className="mt-4">
          <Link
            className="text-sm text-brand-600 hover:underline"
            href={`/settings/audit-log?${new URLSearchParams({ ...kept, before: next })}`}
          >
            Older entries →
          </Link>
        </div>
      ) : null}
    </div>
  );
}
