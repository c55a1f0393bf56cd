import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Card, EmptyState, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Audit log" };

const PAGE_SIZE = 50;

export default async function AuditLogPage({ searchParams }: { searchParams: Promise<{ action?: string; before?: string }> }) {
  const user = await requirePageUser("/settings/audit-log");
  if (user.role !== "admin") notFound();
  const { action, before } = await searchParams;
  const db = getDb();
  const where = { ...(action ? { action: { startsWith: action } } : {}), ...(before ? { at: { lt: new Date(before) } } : {}) };
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
            href={f ? `/settings/audit-log?action=${f}` : "/settings/audit-log"}
            aria-current={(action ?? "") === f ? "true" : undefined}
            className="rounded-full border border-zinc-300 px-3 py-1 text-xs aria-[current=true]:border-brand-600 aria-[current=true]:bg-brand-50 aria-[current=true]:text-brand-700 dark:border-zinc-700 dark:aria-[current=true]:bg-brand-600/15 dark:aria-[current=true]:text-brand-100"
          >
            {f ? f.replace(".", "") : "all"}
          </Link>
        ))}
      </nav>
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
            href={`/settings/audit-log?${new URLSearchParams({ ...(action ? { action } : {}), before: next })}`}
          >
            Older entries →
          </Link>
        </div>
      ) : null}
    </div>
  );
}
