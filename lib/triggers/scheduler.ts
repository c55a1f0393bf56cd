/**
 * The schedule loop: every `intervalMs` each app process looks at the enabled schedules of published
 * workflows and, for one whose latest cron tick is due, claims that tick in the database (a conditional
 * update of Schedule.lastTickAt, lib/db/queries/triggers.ts `claimScheduleTick`) and starts the run only
 * when its claim won. So a tick fires once however many processes run the loop. Runs act as the
 * workflow's owner with trigger `schedule` (schedule id, cron, time zone and tick time in the details).
 *
 * The clock is injectable (`now`) so tests drive ticks without waiting.
 */
import { claimScheduleTick, getActiveWorkflow, listActiveSchedules } from "@/lib/db/queries/triggers";
import type { Runtime } from "@/lib/runtime";
import type { RunRecord } from "@/lib/workflow/run-store";
import { latestDueTick } from "./cron";
import { startTriggeredRun } from "./start-run";

/** Default period of the loop, ms (SWITCHYARD_SCHEDULER_INTERVAL_MS). */
export const DEFAULT_SCHEDULER_INTERVAL_MS = 5_000;

export interface SchedulerOptions {
  runtime: Runtime;
  /** Clock; default `() => new Date()`. */
  now?: () => Date;
  /** Where a failed tick is reported; default console.error. */
  onError?: (error: unknown, scheduleId: string | null) => void;
}

/** What one tick did for one schedule. */
export interface ScheduleFiring {
  scheduleId: string;
  tickAt: Date;
  /** The started run (as stored when it started), or null when starting failed (see `error`). */
  run: RunRecord | null;
  error?: unknown;
}

export interface Scheduler {
  /** Fires every due schedule whose tick this process claims. Returns what it fired (claims lost to other processes are not listed). */
  tick(): Promise<ScheduleFiring[]>;
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const now = options.now ?? (() => new Date());
  const onError = options.onError ?? ((error, scheduleId) => console.error(`[scheduler] schedule ${scheduleId ?? "(all)"} failed`, error));
  const { runtime } = options;
  return {
    async tick() {
      const at = now();
      const fired: ScheduleFiring[] = [];
      for (const schedule of await listActiveSchedules(runtime.db)) {
        const previous = schedule.lastTickAt ? new Date(schedule.lastTickAt) : null;
        let tickAt: Date | null;
        try {
          tickAt = latestDueTick(schedule.cron, schedule.timezone, previous ?? new Date(schedule.createdAt), at);
        } catch (error) {
          onError(error, schedule.id);
          continue;
        }
        if (!tickAt || !(await claimScheduleTick(runtime.db, schedule.id, previous, tickAt))) continue;
        try {
          const workflow = await getActiveWorkflow(runtime.db, schedule.owner, schedule.workflowId);
          const { run } = await startTriggeredRun(runtime, {
            workflow,
            inputs: schedule.inputs,
            trigger: {
              kind: "schedule",
              userId: schedule.owner.id,
              details: {
                schedule_id: schedule.id,
                cron: schedule.cron,
                timezone: schedule.timezone,
                tick_at: tickAt.toISOString(),
                user: schedule.owner.email,
              },
            },
          });
          fired.push({ scheduleId: schedule.id, tickAt, run });
        } catch (error) {
          onError(error, schedule.id);
          fired.push({ scheduleId: schedule.id, tickAt, run: null, error });
        }
      }
      return fired;
    },
  };
}

const globalForScheduler = globalThis as unknown as { switchyardScheduler?: NodeJS.Timeout };

/**
 * Starts this process's schedule loop (once; an unref'd interval; a tick still running when the next is
 * due is not doubled). Set SWITCHYARD_SCHEDULER=off to run none in this process.
 * @returns a function that stops it.
 */
export function startScheduler(
  runtime: Runtime,
  intervalMs = Number(process.env.SWITCHYARD_SCHEDULER_INTERVAL_MS) || DEFAULT_SCHEDULER_INTERVAL_MS,
): () => void {
  if (process.env.SWITCHYARD_SCHEDULER === "off") return () => {};
  if (globalForScheduler.switchyardScheduler) clearInterval(globalForScheduler.switchyardScheduler);
  const scheduler = createScheduler({ runtime });
  let ticking = false;
  const timer = setInterval(() => {
    if (ticking) return;
    ticking = true;
    scheduler
      .tick()
      .catch((error: unknown) => console.error("[scheduler] tick failed", error))
      .finally(() => {
        ticking = false;
      });
  }, intervalMs);
  timer.unref();
  globalForScheduler.switchyardScheduler = timer;
  return () => {
    clearInterval(timer);
    if (globalForScheduler.switchyardScheduler === timer) globalForScheduler.switchyardScheduler = undefined;
  };
}
