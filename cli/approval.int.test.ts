/**
 * An approval across processes (spec §5, §8): `run` in one process ends `waiting`; `decide` in another
 * process resumes the run from the stored state to `succeeded` without re-running finished nodes; a second
 * decision exits 1 with `already_decided`, who and when.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { createTempDatabase, runCli, startedRunId, type TempDatabase } from "./cli-harness";

describe("workflow CLI: approval across processes", () => {
  let db: TempDatabase;
  beforeAll(async () => {
    db = await createTempDatabase();
  });
  afterAll(() => db?.cleanup());

  it("waits in one process, is decided in another, and refuses a second decision", async () => {
    const run = await runCli(["run", "fixtures/workflows/approval.json", "--inputs", '{"amount": 120}', "--json"], db.env);
    expect(run.code).toBe(0);
    const runId = startedRunId(run.stderr);
    expect(JSON.parse(run.stdout)).toEqual({
      id: runId,
      status: "waiting",
      outputs: null,
      error: null,
      nodes: [
        { id: "start", type: "START", status: "succeeded", attempts: 1, outputs: { amount: 120 }, error: null },
        { id: "gate", type: "HUMAN_INTERVENTION", status: "waiting", attempts: 1, outputs: null, error: null },
        { id: "paid", type: "END", status: "pending", attempts: 0, outputs: null, error: null },
        { id: "refused", type: "END", status: "pending", attempts: 0, outputs: null, error: null },
      ],
    });

    const decided = await runCli(["decide", runId, "gate", "--approve", "--note", "fine by me", "--json"], db.env);
    expect(decided.code).toBe(0);
    const report = JSON.parse(decided.stdout) as {
      status: string;
      outputs: Record<string, unknown>;
      nodes: Array<{ id: string; status: string; attempts: number; outputs: unknown }>;
    };
    expect(report.status).toBe("succeeded");
    expect(report.outputs).toEqual({ result: "paid", amount: 120, approved_by: "cli@switchyard.local", note: "fine by me" });
    expect(report.nodes.map((node) => [node.id, node.status, node.attempts])).toEqual([
      ["start", "succeeded", 1],
      ["gate", "succeeded", 1],
      ["refused", "skipped", 0],
      ["paid", "succeeded", 1],
    ]);
    expect(report.nodes[1].outputs).toMatchObject({ decision: "approved", decided_by: "cli@switchyard.local", note: "fine by me" });

    const client = createDb(db.url);
    try {
      const events = await client.runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
      expect(events.map((event) => [event.seq, event.type, (JSON.parse(event.data) as { node_id?: string }).node_id ?? null])).toEqual([
        [1, "run.started", null],
        [2, "node.started", "start"],
        [3, "node.ended", "start"],
        [4, "node.started", "gate"],
        [5, "node.waiting", "gate"],
        [6, "run.waiting", null],
        [7, "approval.decided", "gate"],
        [8, "node.ended", "gate"],
        [9, "node.skipped", "refused"],
        [10, "node.started", "paid"],
        [11, "node.ended", "paid"],
        [12, "run.ended", null],
      ]);
      const stored = await client.run.findUniqueOrThrow({ where: { id: runId } });
      expect([stored.status, stored.lastSeq, stored.triggerKind]).toEqual(["succeeded", 12, "cli"]);
      const audit = await client.auditLog.findMany({ where: { action: "approval.decide" } });
      expect(audit.map((entry) => [entry.actorEmail, JSON.parse(entry.data)])).toEqual([
        ["cli@switchyard.local", { run_id: runId, node_id: "gate", decision: "approved", note: "fine by me" }],
      ]);
    } finally {
      await client.$disconnect();
    }

    const again = await runCli(["decide", runId, "gate", "--reject"], db.env);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe("");
    expect(again.stderr).toMatch(
      /^workflow: already_decided: Approval \S+ was already approved by cli@switchyard\.local at \d{4}-\d\d-\d\dT[\d:.]+Z\n$/,
    );
  }, 600_000);
});
