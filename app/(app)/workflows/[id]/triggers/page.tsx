import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { type ScheduleItem, SchedulePanel } from "@/components/triggers/schedule-panel";
import { WebhookPanel } from "@/components/triggers/webhook-panel";
import { Badge, Card, PageHeader } from "@/components/ui/page";
import { workflowToolNames } from "@/lib/api/mcp-server";
import { requirePageUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { assertCanManageTriggers, getActiveWorkflow, getWebhook, lastScheduledRuns, listSchedules } from "@/lib/db/queries/triggers";
import { AppError } from "@/lib/errors";
import { nextCronRuns } from "@/lib/triggers/cron";
import { webhookWaitMs } from "@/lib/triggers/webhook";

export const metadata: Metadata = { title: "Triggers" };

/** `Tue 1 Jan 2030, 09:00` in the schedule's zone (rendered on the server only, so no hydration mismatch). */
function formatInZone(date: Date, timezone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: timezone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
}

/**
 * `https://switchyard.example.com`: the origin the browser asked for, from `x-forwarded-proto` /
 * `x-forwarded-host` behind a proxy, else the `Host` header over http; so the examples paste as they are.
 */
async function requestOrigin(): Promise<string> {
  const list = await headers();
  const first = (name: string) => list.get(name)?.split(",")[0]?.trim() || null;
  const host = first("x-forwarded-host") ?? first("host") ?? "localhost";
  const proto = first("x-forwarded-proto") ?? "http";
  return `${proto}://${host}`;
}

export default async function TriggersPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requirePageUser(`/workflows/${id}/triggers`);
  const db = getDb();
  const workflow = await assertCanManageTriggers(db, user, id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  const active = await getActiveWorkflow(db, user, id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "conflict") return null;
    throw error;
  });
  const [webhook, schedules] = await Promise.all([getWebhook(db, id), listSchedules(db, id)]);
  const now = new Date();
  const lastRuns = await lastScheduledRuns(
    db,
    id,
    schedules.map((schedule) => schedule.id),
  );
  const scheduleItems: ScheduleItem[] = schedules.map((schedule) => {
    const lastRun = lastRuns.get(schedule.id);
    return {
      ...schedule,
      nextRuns:
        schedule.enabled && active
          ? nextCronRuns(schedule.cron, schedule.timezone, 3, now).map((date) => formatInZone(date, schedule.timezone))
          : [],
      lastRun: lastRun
        ? { id: lastRun.id, status: lastRun.status, at: formatInZone(new Date(lastRun.createdAt), schedule.timezone) }
        : null,
    };
  });
  const toolName = active ? workflowToolNames([active]).get(active.id) : null;
  const origin = await requestOrigin();
  return (
    <div className="mx-auto max-w-5xl px-8 py-8">
      <Link
        href={`/workflows/${id}`}
        className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-600 hover:underline dark:text-zinc-400"
      >
        <ArrowLeft size={14} aria-hidden="true" /> {workflow.name}
      </Link>
      <PageHeader
        title="Triggers"
        description="Ways other systems start this workflow: a webhook, schedules, the REST API and MCP. They run the published (active) version as the workflow's owner."
        actions={active ? <Badge tone="green">Published v{active.version}</Badge> : <Badge tone="amber">Not published</Badge>}
      />
      {!active ? (
        <p
          role="note"
          className="mb-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          This workflow has no published version yet. Triggers can be set up now, but they start runs only once it is published.
        </p>
      ) : null}
      <div className="space-y-6">
        <WebhookPanel
          workflowId={id}
          webhook={webhook}
          variables={active?.variables.map((variable) => variable.name) ?? []}
          waitMs={webhookWaitMs()}
        />
        <SchedulePanel workflowId={id} schedules={scheduleItems} />
        <Card>
          <h2 className="text-base font-semibold">REST API and MCP</h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            With an API key from{" "}
            <Link className="underline" href="/settings/api-keys">
              Settings → API keys
            </Link>
            :
          </p>
          <pre data-testid="curl-example" className="mt-3 overflow-x-auto rounded-md bg-zinc-950 p-3 font-mono text-xs text-zinc-100">
            {`curl -X POST ${origin}/api/v1/workflows/${id}/runs \\\n  -H "Authorization: Bearer sy_…" -H "Content-Type: application/json" \\\n  -d '{"inputs": {${(active?.variables ?? []).map((variable) => `"${variable.name}": …`).join(", ")}}, "wait": true}'`}
          </pre>
          <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
            {active && !active.hasHumanIntervention ? (
              <>
                MCP clients connected to <code className="font-mono text-xs">{origin}/api/mcp</code> see this workflow as the tool{" "}
                <code className="font-mono text-xs">{toolName}</code>.
              </>
            ) : active ? (
              "It waits for a human approval, so MCP clients do not see it as a tool (spec §7)."
            ) : (
              `Once published, MCP clients connected to ${origin}/api/mcp see it as a tool.`
            )}
          </p>
        </Card>
      </div>
    </div>
  );
}
