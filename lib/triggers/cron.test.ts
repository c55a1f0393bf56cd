import { describe, expect, it } from "vitest";
import { cronProblem, isValidTimezone, latestDueTick, nextCronRuns } from "./cron";

describe("schedule cron maths", () => {
  it("lists the next runs in the schedule's time zone (winter and summer time)", () => {
    const from = new Date("2030-03-29T12:00:00Z");
    expect(nextCronRuns("0 9 * * *", "Europe/Berlin", 3, from).map((d) => d.toISOString())).toEqual([
      "2030-03-30T08:00:00.000Z", // CET, UTC+1
      "2030-03-31T07:00:00.000Z", // CEST from 31 March, UTC+2
      "2030-04-01T07:00:00.000Z",
    ]);
  });

  it("collapses missed ticks into the latest one and gives null before the first is due", () => {
    const after = new Date("2030-01-01T10:00:00Z");
    expect(latestDueTick("*/5 * * * *", "UTC", after, new Date("2030-01-01T10:04:59Z"))).toBeNull();
    expect(latestDueTick("*/5 * * * *", "UTC", after, new Date("2030-01-01T10:05:00Z"))?.toISOString()).toBe("2030-01-01T10:05:00.000Z");
    expect(latestDueTick("*/5 * * * *", "UTC", after, new Date("2030-01-01T10:31:10Z"))?.toISOString()).toBe("2030-01-01T10:30:00.000Z");
  });

  it("names what is wrong with an expression or zone", () => {
    expect(cronProblem("*/5 * * * *", "UTC")).toBeNull();
    expect(cronProblem("@hourly", "America/New_York")).toBeNull();
    expect(cronProblem("61 * * * *", "UTC")).toMatch(/^Not a valid cron expression/);
    expect(cronProblem("* * * * * *", "UTC")).toBe(
      "Use 5 fields (minute hour day-of-month month day-of-week), not 6: a schedule runs at most once a minute.",
    );
    expect(cronProblem("0 9 * *", "UTC")).toBe(
      "Use 5 fields (minute hour day-of-month month day-of-week), not 4: a schedule runs at most once a minute.",
    );
    expect(cronProblem("  0 9 * * 1-5 ", "Europe/Berlin")).toBeNull();
    expect(cronProblem("0 9 * * *", "Mars/Olympus")).toBe(
      '"Mars/Olympus" is not a known time zone (use an IANA name such as Europe/Berlin or UTC).',
    );
    expect(isValidTimezone("")).toBe(false);
  });
});
