/**
 * Cron expressions of schedules, with croner: 5 fields (minute hour day-of-month month day-of-week) or
 * nicknames like `@hourly`, evaluated in an IANA time zone (daylight-saving changes included).
 * Day-of-month and day-of-week combine with OR, as Vixie cron does. A schedule fires at most once a
 * minute: croner's 6- and 7-field forms (seconds, years) are refused, since `* * * * * *` would start a
 * run on every scheduler tick.
 */
import { Cron } from "croner";

/** Whether `timezone` is an IANA zone this runtime knows (e.g. `Europe/Berlin`, `UTC`). */
export function isValidTimezone(timezone: string): boolean {
  if (timezone.trim() === "") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

function cronOf(expression: string, timezone: string): Cron {
  return new Cron(expression, { timezone, paused: true, domAndDow: true });
}

/** Null when the expression and zone are usable, else why not (one sentence for a form). */
export function cronProblem(expression: string, timezone: string): string | null {
  if (!isValidTimezone(timezone)) return `"${timezone}" is not a known time zone (use an IANA name such as Europe/Berlin or UTC).`;
  const fields = expression.trim().split(/\s+/).length;
  if (!expression.trim().startsWith("@") && fields !== 5)
    return `Use 5 fields (minute hour day-of-month month day-of-week), not ${fields}: a schedule runs at most once a minute.`;
  try {
    const next = cronOf(expression, timezone).nextRun();
    return next ? null : "This expression never fires.";
  } catch (error) {
    return `Not a valid cron expression: ${error instanceof Error ? error.message.replace(/^CronPattern: /, "") : String(error)}`;
  }
}

/** The next `count` fire times strictly after `from`. @throws on an invalid expression or zone. */
export function nextCronRuns(expression: string, timezone: string, count: number, from: Date = new Date()): Date[] {
  return cronOf(expression, timezone).nextRuns(count, from);
}

/**
 * The latest fire time after `after` and at or before `now`, or null when none is due. Several missed
 * ticks (the app was down) collapse into the latest one: a schedule fires once, not once per missed tick.
 */
export function latestDueTick(expression: string, timezone: string, after: Date, now: Date): Date | null {
  const cron = cronOf(expression, timezone);
  let due = cron.nextRun(after);
  if (!due || due.getTime() > now.getTime()) return null;
  for (let guard = 0; guard < 100_000; guard++) {
    const next = cron.nextRun(due);
    if (!next || next.getTime() > now.getTime()) break;
    due = next;
  }
  return due;
}
