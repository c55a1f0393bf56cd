/**
 * Schedules fire under a test clock (issue 8): a due tick starts one run of the active version with the
 * schedule's inputs, recorded as `schedule` in the trail; the same tick never fires twice, even when two
 * schedulers (two app processes) tick at once; ticks missed while nothing ran fire once.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "@/lib/db/test-databases";
import { importWorkflowDocument } from "@/lib/db/queries/workflow-documents";
import { createSchedule, lastScheduledRuns } from "@/lib/db/queries/triggers";
import { createRuntime, type Runtime } from "@/lib/runtime";
import { FINAL_RUN_STATUSES, type RunRecord } from "@/lib/workflow/run-store";
import { createScheduler } from "./scheduler";

const branchDocument = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../fixtures/workflows/branch.json"), "utf8"));

async function finalRun(runtime: Runtime, runId: string): Promise<RunRecord> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const run = await runtime.store.getRun(runId);
    if (run && FINAL_RUN_STATUSES.has(run.status)) return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} did not end`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(testDatabaseKinds())("schedules (%s)", (kind) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let workflowId: string;
  let scheduleId: string;
  const created = new Date("2030-01-01T10:00:30Z");

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    runtime = createRuntime({ db: database.db, url: database.url, kind });
    const owner = await database.db.user.create({ data: { email: "owner@example.com", name: "Owner", passwordHash: "!", role: "member" } });
    ({ workflowId } = await importWorkflowDocument(database.db, branchDocument, { ownerId: owner.id, publish: true }));
    ({ id: scheduleId } = await createSchedule(
      database.db,
      workflowId,
      { cron: "*/5 * * * *", timezone: "UTC", inputs: { amount: 250 }, enabled: true },
      created,
    ));
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  it("fires a due tick once, as a schedule-triggered run of the active version", async () => {
    let now = new Date("2030-01-01T10:04:59Z");
    const scheduler = createScheduler({ runtime, now: () => now });
    expect(await scheduler.tick()).toEqual([]);

    now = new Date("2030-01-01T10:05:02Z");
    const fired = await scheduler.tick();
    expect(fired.map((f) => [f.scheduleId, f.tickAt.toISOString()])).toEqual([[scheduleId, "2030-01-01T10:05:00.000Z"]]);
    const run = await finalRun(runtime, fired[0].run?.id ?? "");
    expect(run.status).toBe("succeeded");
    expect(run.version).toBe(1);
    expect(run.outputs).toEqual({ decision: "review", amount: 250, customer: "anonymous" });
    expect(run.trigger).toMatchObject({
      kind: "schedule",
      details: {
        schedule_id: scheduleId,
        cron: "*/5 * * * *",
        timezone: "UTC",
        tick_at: "2030-01-01T10:05:00.000Z",
        user: "owner@example.com",
      },
    });
    const started = (await runtime.store.listEvents(run.id, 0)).find((event) => event.type === "run.started");
    expect(started?.data.trigger).toMatchObject({ kind: "schedule" });

    now = new Date("2030-01-01T10:09:59Z");
    expect(await scheduler.tick()).toEqual([]);
    expect(await database.db.run.count({ where: { workflowId } })).toBe(1);
  });

  it("fires a tick once when two processes tick at the same moment", async () => {
    const now = new Date("2030-01-01T10:10:01Z");
    const first = createScheduler({ runtime, now: () => now });
    const second = createScheduler({ runtime: createRuntime({ db: database.db, url: database.url, kind }), now: () => now });
    const [a, b] = await Promise.all([first.tick(), second.tick()]);
    expect([...a, ...b].map((f) => f.tickAt.toISOString())).toEqual(["2030-01-01T10:10:00.000Z"]);
    await finalRun(runtime, [...a, ...b][0].run?.id ?? "");
    expect(await database.db.run.count({ where: { workflowId, triggerKind: "schedule" } })).toBe(2);
  });

  it("fires ticks missed while no process ran once, for the latest of them", async () => {
    const scheduler = createScheduler({ runtime, now: () => new Date("2030-01-01T10:31:10Z") });
    const fired = await scheduler.tick();
    expect(fired.map((f) => f.tickAt.toISOString())).toEqual(["2030-01-01T10:30:00.000Z"]);
    await finalRun(runtime, fired[0].run?.id ?? "");
    const row = await database.db.schedule.findUniqueOrThrow({ where: { id: scheduleId } });
    expect(row.lastTickAt?.toISOString()).toBe("2030-01-01T10:30:00.000Z");
    expect((await lastScheduledRuns(database.db, workflowId, [scheduleId])).get(scheduleId)?.id).toBe(fired[0].run?.id);
  });

  it("does not fire a disabled schedule", async () => {
    await database.db.schedule.update({ where: { id: scheduleId }, data: { enabled: false } });
    const scheduler = createScheduler({ runtime, now: () => new Date("2030-01-01T11:00:01Z") });
    expect(await scheduler.tick()).toEqual([]);
  });
});
