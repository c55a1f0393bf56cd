/**
 * Crash recovery (spec §5): a run whose CONNECTOR waits on a slow server is started by the CLI in a child
 * process, the child is killed with SIGKILL mid-run, and recovery then ends the run `failed` with
 * `interrupted`; nothing stays `running`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRuntime, recoverInterruptedRuns } from "@/lib/runtime";
import { createTempDatabase, fixtureWithBaseUrl, startCli, startedRunId, startJsonServer, type TempDatabase } from "./cli-harness";

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("workflow CLI: crash recovery", () => {
  let db: TempDatabase;
  beforeAll(async () => {
    db = await createTempDatabase();
  });
  afterAll(() => db?.cleanup());

  it("fails a run whose process was killed mid-run with `interrupted`", async () => {
    const slow = await startJsonServer(() => ({ status: 200, body: { id: "o-9", status: "paid", total: 1 }, delayMs: 10_000 }));
    try {
      const file = fixtureWithBaseUrl(db.dir, "connector-branch.json", slow.baseUrl);
      const cli = startCli(["run", file, "--inputs", '{"order_id": "o-9"}'], {
        ...db.env,
        SWITCHYARD_ALLOWED_HOSTS: "127.0.0.1",
        ORDERS_TOKEN: "t",
      });
      await until(() => slow.requests.length === 1, 120_000, "the connector request");
      const runId = startedRunId(cli.stderrText());
      cli.child.kill("SIGKILL");
      const exited = await cli.finished;
      expect(exited.code).toBeNull();

      const runtime = createRuntime({ url: db.url });
      try {
        const before = await runtime.store.loadRun(runId);
        expect(before?.run.status).toBe("running");
        expect(before?.nodeRuns.map((n) => [n.nodeId, n.status])).toEqual([
          ["start", "succeeded"],
          ["get_order", "running"],
        ]);
        const recovered = await recoverInterruptedRuns(runtime);
        expect(recovered.map((run) => run.id)).toEqual([runId]);
        const after = await runtime.store.loadRun(runId);
        if (!after) throw new Error("run vanished");
        expect(after.run.status).toBe("failed");
        expect(after.run.error?.code).toBe("interrupted");
        expect(after.run.endedAt).not.toBeNull();
        expect((after.run.endedAt as Date).getTime()).toBeGreaterThanOrEqual((after.run.startedAt as Date).getTime());
        expect(after.nodeRuns.filter((n) => n.status === "running")).toEqual([]);
        expect(after.nodeRuns.find((n) => n.nodeId === "get_order")?.error?.code).toBe("interrupted");
        expect(await runtime.store.findRunsByStatus(["running"])).toEqual([]);
        const events = await runtime.store.listEvents(runId);
        expect(events.at(-1)?.type).toBe("run.ended");
        expect(events.at(-1)?.data).toMatchObject({ status: "failed", error: { code: "interrupted" } });
        expect(await recoverInterruptedRuns(runtime)).toEqual([]);
      } finally {
        await runtime.db.$disconnect();
      }
    } finally {
      await slow.close();
    }
  }, 300_000);
});
