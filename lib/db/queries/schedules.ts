/**
 * Workflow schedules (issue 8): cron + time zone + fixed inputs, each tick claimed once across processes
 * with a conditional update on `lastTickAt`. Re-exported by triggers.ts. Runs are never written here.
 */
import { AppError } from "@/lib/errors";
import type { Db } from "../client";
import { parseJson } from "../client";

export interface ScheduleView {
  id: string;
  workflowId: string;
  cron: string;
  timezone: string;
  inputs: Record<string, unknown>;
  enabled: boolean;
  lastTickAt: string | null;
  createdAt: string;
}

export interface ScheduleInput {
  cron: string;
  timezone: string;
  inputs: Record<string, unknown>;
  enabled: boolean;
}

type ScheduleRow = Awaited<ReturnType<Db["schedule"]["findFirstOrThrow"]>>;

function scheduleView(row: ScheduleRow): ScheduleView {
  return {
    id: row.id,
    workflowId: row.workflowId,
    cron: row.cron,
    timezone: row.timezone,
    inputs: parseJson<Record<string, unknown>>(row.inputs, {}),
    enabled: row.enabled,
    lastTickAt: row.lastTickAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The workflow's schedules, oldest first. */
export async function listSchedules(db: Db, workflowId: string): Promise<ScheduleView[]> {
  return (await db.schedule.findMany({ where: { workflowId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map(scheduleView);
}

/**
 * Adds a schedule. `lastTickAt` starts at `now`, so the first tick is the first one after creation (no
 * catch-up of ticks before it existed).
 */
export async function createSchedule(db: Db, workflowId: string, input: ScheduleInput, now = new Date()): Promise<ScheduleView> {
  const row = await db.schedule.create({
    data: {
      workflowId,
      cron: input.cron,
      timezone: input.timezone,
      inputs: JSON.stringify(input.inputs),
      enabled: input.enabled,
      lastTickAt: now,
    },
  });
  return scheduleView(row);
}

/**
 * Changes a schedule of the workflow. Re-enabling (or changing the cron) restarts the count at `now`, so
 * ticks missed while it was off do not fire. @throws `not_found`.
 */
export async function updateSchedule(
  db: Db,
  workflowId: string,
  scheduleId: string,
  input: ScheduleInput,
  now = new Date(),
): Promise<ScheduleView> {
  const existing = await db.schedule.findFirst({ where: { id: scheduleId, workflowId } });
  if (!existing) throw new AppError("not_found", "No such schedule.");
  const restart = (input.enabled && !existing.enabled) || input.cron !== existing.cron || input.timezone !== existing.timezone;
  const row = await db.schedule.update({
    where: { id: existing.id },
    data: {
      cron: input.cron,
      timezone: input.timezone,
      inputs: JSON.stringify(input.inputs),
      enabled: input.enabled,
      ...(restart ? { lastTickAt: now } : {}),
    },
  });
  return scheduleView(row);
}

/** Deletes a schedule of the workflow. @throws `not_found`. */
export async function deleteSchedule(db: Db, workflowId: string, scheduleId: string): Promise<void> {
  const { count } = await db.schedule.deleteMany({ where: { id: scheduleId, workflowId } });
  if (count === 0) throw new AppError("not_found", "No such schedule.");
}

/**
 * The latest run each schedule started (trigger `schedule` whose details name the schedule), by schedule id.
 * Read-only; for the triggers page.
 */
export async function lastScheduledRuns(
  db: Db,
  workflowId: string,
  scheduleIds: string[],
): Promise<Map<string, { id: string; status: string; createdAt: string }>> {
  const found = new Map<string, { id: string; status: string; createdAt: string }>();
  await Promise.all(
    scheduleIds.map(async (scheduleId) => {
      const row = await db.run.findFirst({
        where: { workflowId, triggerKind: "schedule", trigger: { contains: `"schedule_id":${JSON.stringify(scheduleId)}` } },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select: { id: true, status: true, createdAt: true },
      });
      if (row) found.set(scheduleId, { id: row.id, status: row.status, createdAt: row.createdAt.toISOString() });
    }),
  );
  return found;
}

/** A schedule the scheduler looks at: enabled, of a published workflow. */
export interface DueScheduleCandidate extends ScheduleView {
  owner: { id: string; email: string; name: string; role: "admin" | "member" };
}

/** Enabled schedules of published workflows, with the workflow owner each runs as. */
export async function listActiveSchedules(db: Db): Promise<DueScheduleCandidate[]> {
  const rows = await db.schedule.findMany({
    where: { enabled: true, workflow: { status: "active", activeVersionId: { not: null } } },
    include: { workflow: { select: { owner: { select: { id: true, email: true, name: true, role: true } } } } },
    orderBy: { id: "asc" },
  });
  return rows.map((row) => ({
    ...scheduleView(row),
    owner: { ...row.workflow.owner, role: row.workflow.owner.role === "admin" ? "admin" : "member" },
  }));
}

/**
 * Claims one tick of a schedule for this process: sets `lastTickAt` to `tickAt` only if it still holds
 * `previous` (the value the caller read). Exactly one of several processes racing for the same tick gets
 * true; the others see the changed value and get false.
 */
export async function claimScheduleTick(db: Db, scheduleId: string, previous: Date | null, tickAt: Date): Promise<boolean> {
  const { count } = await db.schedule.updateMany({
    where: { id: scheduleId, enabled: true, lastTickAt: previous },
    data: { lastTickAt: tickAt },
  });
  return count === 1;
}
