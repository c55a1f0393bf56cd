import { History } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { RunsFilters } from "@/components/runs/runs-filters";
import { RunsTable } from "@/components/runs/runs-table";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { listRuns, listRunWorkflowOptions, RUN_STATUS_VALUES, TRIGGER_KIND_VALUES } from "@/lib/db/queries/runs";
import { runsSearchSchema, toRunListFilters } from "./search-params";

export const metadata: Metadata = { title: "Runs" };

const PAGE_SIZE = 50;

export default async function RunsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePageUser("/runs");
  const params = runsSearchSchema.parse(await searchParams);
  const db = getDb();
  const [page, workflows] = await Promise.all([
    listRuns(db, user, toRunListFilters(params), { cursor: params.cursor, direction: params.dir, limit: PAGE_SIZE }),
    listRunWorkflowOptions(db, user),
  ]);
  const filterValues = { workflow: params.workflow, status: params.status, trigger: params.trigger, from: params.from, to: params.to };
  const base = Object.fromEntries(Object.entries(filterValues).filter(([, v]) => v)) as Record<string, string>;
  const filtered = Object.keys(base).length > 0;
  return (
    <div className="mx-auto max-w-6xl px-8 py-8">
      <PageHeader title="Runs" description="Every run with its audit trail: inputs, outputs, errors, timing, tokens and approvals." />
      <RunsFilters values={filterValues} workflows={workflows} statuses={RUN_STATUS_VALUES} triggers={TRIGGER_KIND_VALUES} />
      {page.runs.length === 0 ? (
        filtered || params.cursor ? (
          <EmptyState icon={<History size={28} aria-hidden="true" />} title="No runs match these filters">
            <Link href="/runs" className="text-brand-600 hover:underline">
              Clear the filters
            </Link>{" "}
            to see every run you can open.
          </EmptyState>
        ) : (
          <EmptyState icon={<History size={28} aria-hidden="true" />} title="No runs yet">
            Run a workflow from the editor, the API, a webhook or a schedule; its trail appears here.
          </EmptyState>
        )
      ) : (
        <>
          <RunsTable runs={page.runs} />
          <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
            <span>
              {page.newerCursor ? (
                <Link
                  className="text-brand-600 hover:underline"
                  href={`/runs?${new URLSearchParams({ ...base, cursor: page.newerCursor, dir: "newer" })}`}
                >
                  ← Newer runs
                </Link>
              ) : null}
              {params.cursor ? (
                <Link className="ml-4 text-brand-600 hover:underline" href={`/runs?${new URLSearchParams(base)}`}>
                  Newest
                </Link>
              ) : null}
            </span>
            {page.olderCursor ? (
              <Link className="text-brand-600 hover:underline" href={`/runs?${new URLSearchParams({ ...base, cursor: page.olderCursor })}`}>
                Older runs →
              </Link>
            ) : null}
          </nav>
        </>
      )}
    </div>
  );
}
