import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NewRun, NodeRunRecord } from "@/lib/workflow/run-store";
import { createEngine } from "@/lib/workflow/engine";
import { describeRunStoreConformance } from "@/lib/workflow/run-store.conformance";
import { sqliteFilePath } from "./database-url";
import { PrismaRunStore } from "./prisma-run-store";
import { getRunDetail, listRuns } from "./queries/runs";
import { SqliteRunStore } from "./sqlite-run-store";
import { createTestDatabase, type TestDatabase } from "./test-databases";

async function seed(t: TestDatabase) {
  const user = await t.db.user.create({ data: { email: "owner@example.com", name: "Owner", passwordHash: "x", role: "admin" } });
  const workflow = await t.db.workflow.create({ data: { ownerId: user.id, name: "Conformance", draftGraph: '{"nodes":[],"edges":[]}' } });
  return { user, workflow };
}

describe("SqliteRunStore", () => {
  describeRunStoreConformance("SqliteRunStore (better-sqlite3)", async () => {
    const t = await createTestDatabase("sqlite");
    const { workflow } = await seed(t);
    const store = SqliteRunStore.open(sqliteFilePath(t.url));
    return {
      store,
      workflowId: workflow.id,
      async cleanup() {
        store.close();
        await t.cleanup();
      },
    };
  });

  describe("rows as Prisma reads them", () => {
    let t: TestDatabase;
    let store: SqliteRunStore;
    let ids: Awaited<ReturnType<typeof seed>>;
    const T0 = new Date("2025-03-04T05:06:07.089Z");

    beforeEach(async () => {
      t = await createTestDatabase("sqlite");
      ids = await seed(t);
      store = SqliteRunStore.open(sqliteFilePath(t.url));
    });
    afterEach(async () => {
      store.close();
      await t.cleanup();
    });

    const newRun = (id: string): NewRun => ({
      id,
      workflowId: ids.workflow.id,
      version: null,
      graph: { nodes: [], edges: [] },
      status: "running",
      inputs: { n: 1 },
      outputs: null,
      error: null,
      trigger: { kind: "cli", userId: ids.user.id },
      parentRunId: null,
      depth: 0,
      state: { schemaVersion: 1, edges: "", steps: 0, nextPosition: 0, activeMs: 0, callStack: [], handledFailures: false },
      usage: { prompt_tokens: 0, completion_tokens: 0 },
      workerId: "w1",
      createdAt: T0,
      startedAt: T0,
      endedAt: null,
    });
    const nodeRun: NodeRunRecord = {
      runId: "",
      nodeId: "start",
      nodeType: "START",
      status: "succeeded",
      position: 0,
      attempts: 1,
      inputs: {},
      outputs: { n: 1 },
      error: null,
      model: null,
      usage: { prompt_tokens: 0, completion_tokens: 0 },
      startedAt: T0,
      endedAt: new Date(T0.getTime() + 7),
      elapsedMs: 7,
    };

    it("stores a graph snapshot once per workflow and content; each run reads back its own", async () => {
      const other = await t.db.workflow.create({ data: { ownerId: ids.user.id, name: "Other", draftGraph: "{}" } });
      const graphA = { nodes: [{ id: "a" }], edges: [] };
      const graphB = { nodes: [{ id: "b" }], edges: [] };
      await store.createRun({ ...newRun("g1"), graph: graphA });
      await store.createRun({ ...newRun("g2"), graph: structuredClone(graphA) });
      await store.createRun({ ...newRun("g3"), graph: graphB });
      await store.createRun({ ...newRun("g4"), workflowId: other.id, graph: graphA });
      const rows = await t.db.run.findMany({ orderBy: { id: "asc" }, select: { id: true, graphId: true } });
      expect(rows.map((row) => row.id)).toEqual(["g1", "g2", "g3", "g4"]);
      expect(rows[1].graphId).toBe(rows[0].graphId);
      expect(new Set(rows.map((row) => row.graphId)).size).toBe(3);
      expect(await t.db.runGraph.count()).toBe(3);
      expect((await store.getRun("g2"))?.graph).toEqual(graphA);
      expect((await store.getRun("g3"))?.graph).toEqual(graphB);
      expect((await new PrismaRunStore(t.db).getRun("g4"))?.graph).toEqual(graphA);
      // deleting a workflow deletes its runs and their snapshots
      await t.db.workflow.delete({ where: { id: other.id } });
      expect(await t.db.runGraph.count()).toBe(2);
      expect(await store.getRun("g4")).toBeNull();
    });

    it("the record a finished run returns equals the stored row (the engine returns it without reading it back)", async () => {
      const engine = createEngine({ store, services: {} });
      const node = (id: string, type: string, data: Record<string, unknown>) => ({ id, type, position: { x: 0, y: 0 }, data });
      const graph = {
        nodes: [
          node("start", "START", { variables: [{ name: "n", type: "number", required: true }] }),
          node("route", "CONDITION_BRANCH", {
            conditions: [{ id: "big", rules: [{ variable: "{{input.n}}", operator: "greater_than", value: 10 }] }],
          }),
          node("end", "END", { output_mapping: { n: "{{input.n}}", route: "{{route.matched}}" } }),
        ],
        edges: [
          { id: "e1", source: "start", sourceHandle: null, target: "route", targetHandle: null },
          { id: "e2", source: "route", sourceHandle: "big", target: "end", targetHandle: null },
          { id: "e3", source: "route", sourceHandle: "default", target: "end", targetHandle: null },
        ],
        viewport: { x: 0, y: 0, zoom: 1 },
      };
      const trigger = { kind: "cli" as const, userId: ids.user.id };
      const run = await engine.startRun({ workflowId: ids.workflow.id, version: null, graph, inputs: { n: 42 }, trigger });
      expect(run.status).toBe("succeeded");
      expect(run.outputs).toEqual({ n: 42, route: "big" });
      expect(run).toEqual(await store.getRun(run.id));
      expect(run.lastSeq).toBe((await store.listEvents(run.id)).length);
    });

    it("stores an API start's Idempotency-Key in its column, unique per user", async () => {
      const trigger = { kind: "api" as const, userId: ids.user.id, details: { idempotency_key: "retry-1" } };
      await store.createRun({ ...newRun("run_idem"), trigger });
      expect((await t.db.run.findUniqueOrThrow({ where: { id: "run_idem" } })).idempotencyKey).toBe("retry-1");
      // another id with the same user and key is refused by the database too
      await expect(store.createRun({ ...newRun("run_idem_2"), trigger })).rejects.toMatchObject({
        code: "duplicate_run",
        runId: "run_idem_2",
      });
      await store.createRun(newRun("run_plain"));
      expect((await t.db.run.findUniqueOrThrow({ where: { id: "run_plain" } })).idempotencyKey).toBeNull();
    });

    it("writes DATETIME text exactly as Prisma's adapter does", async () => {
      await new PrismaRunStore(t.db).createRun(newRun("run_prisma"), [{ type: "run.started", data: {}, at: T0 }]);
      await store.createRun(newRun("run_direct"), [{ type: "run.started", data: {}, at: T0 }]);
      const raw = await t.db.$queryRawUnsafe<Array<{ id: string; createdAt: string; startedAt: string }>>(
        'SELECT "id", CAST("createdAt" AS TEXT) AS "createdAt", CAST("startedAt" AS TEXT) AS "startedAt" FROM "Run" ORDER BY "id"',
      );
      expect(raw).toEqual([
        { id: "run_direct", createdAt: "2025-03-04T05:06:07.089+00:00", startedAt: "2025-03-04T05:06:07.089+00:00" },
        { id: "run_prisma", createdAt: "2025-03-04T05:06:07.089+00:00", startedAt: "2025-03-04T05:06:07.089+00:00" },
      ]);
    });

    it("is read back identically by PrismaRunStore and the run pages' queries", async () => {
      await store.createRun(newRun("run_1"), [{ type: "run.started", data: { a: 1 }, at: T0 }]);
      const ended = new Date(T0.getTime() + 50);
      await store.commitStep("run_1", {
        expectStatus: ["running"],
        runPatch: { status: "succeeded", outputs: { n: 1 }, endedAt: ended },
        nodeRuns: [{ ...nodeRun, runId: "run_1" }],
        events: [{ type: "run.ended", data: { status: "succeeded" }, at: ended }],
      });
      expect(await new PrismaRunStore(t.db).loadRun("run_1")).toEqual(await store.loadRun("run_1"));
      expect(await new PrismaRunStore(t.db).listEvents("run_1")).toEqual(await store.listEvents("run_1"));

      const viewer = { id: ids.user.id, email: ids.user.email, role: "admin" };
      const detail = await getRunDetail(t.db, viewer, "run_1");
      expect(detail?.status).toBe("succeeded");
      expect(detail?.nodeRuns.map((n) => [n.nodeId, n.startedAt, n.endedAt, n.elapsedMs])).toEqual([["start", T0, nodeRun.endedAt, 7]]);
      expect(detail?.events.map((e) => [e.seq, e.type, e.at])).toEqual([
        [1, "run.started", T0],
        [2, "run.ended", ended],
      ]);
      const listed = await listRuns(t.db, viewer, { from: T0, to: new Date(T0.getTime() + 1) });
      expect(listed.runs.map((r) => [r.id, r.createdAt, r.durationMs])).toEqual([["run_1", T0, 50]]);
    });

    it("waits for an open Prisma transaction of this process instead of writing inside it", async () => {
      await store.createRun(newRun("run_gate"));
      const order: string[] = [];
      let commit: Promise<unknown> = Promise.resolve();
      await t.db.$transaction(async (tx) => {
        await tx.workflow.findUnique({ where: { id: ids.workflow.id } });
        commit = store.commitStep("run_gate", { runPatch: { workerId: "w2" } }).then(() => order.push("store commit"));
        await new Promise((resolve) => setTimeout(resolve, 50));
        // a write after a read: SQLITE_BUSY_SNAPSHOT had the store committed in between
        await tx.workflow.update({ where: { id: ids.workflow.id }, data: { name: "Renamed" } });
        order.push("prisma commit");
      });
      await commit;
      expect(order).toEqual(["prisma commit", "store commit"]);
      expect((await store.getRun("run_gate"))?.workerId).toBe("w2");
    });
  });
});
