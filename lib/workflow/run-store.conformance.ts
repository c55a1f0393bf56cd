/**
 * The shared RunStore test suite (STYLE.md: one conformance suite for the in-memory store and every
 * database store). Call it from a `*.test.ts` / `*.int.test.ts` file:
 *
 *   describeRunStoreConformance("InMemoryRunStore", async () => ({ store: new InMemoryRunStore(), cleanup: async () => {} }));
 *
 * `makeStore` is called before each test and must give an empty store. A database store whose Run rows
 * need an existing workflow returns its id as `workflowId`; the suite uses no user ids (trigger.userId
 * and decidedById stay null), so no User rows are needed.
 * Not part of index.ts: it imports vitest.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NewRun, RunStatus, RunStore } from "./run-store";
import { at, attempt, conformanceApproval, conformanceNodeRun, conformanceRun } from "./testing/run-store-fixtures";

/** What `makeStore` gives the suite. */
export interface ConformanceStoreHandle {
  store: RunStore;
  cleanup(): Promise<void>;
  /** An existing workflow id for Run.workflowId (database stores); default "wf_conformance". */
  workflowId?: string;
}

/** Runs the RunStore contract against the store `makeStore` gives. */
export function describeRunStoreConformance(name: string, makeStore: () => Promise<ConformanceStoreHandle>): void {
  describe(`RunStore conformance: ${name}`, () => {
    let handle: ConformanceStoreHandle;
    let store: RunStore;
    let counter = 0;

    beforeEach(async () => {
      handle = await makeStore();
      store = handle.store;
    });
    afterEach(async () => {
      await handle.cleanup();
    });

    const newRun = (overrides: Partial<NewRun> = {}) => conformanceRun(handle.workflowId ?? "wf_conformance", ++counter, overrides);
    const nodeRun = conformanceNodeRun;
    const approval = conformanceApproval;

    it("creates and reads back a run with exact JSON values", async () => {
      const run = newRun();
      const created = await store.createRun(run, [
        { type: "run.started", data: { workflow_id: run.workflowId, version: 3, inputs: run.inputs, trigger: run.trigger }, at: at(1) },
      ]);
      expect(created).toEqual({ ...run, lastSeq: 1 });
      expect(await store.getRun(run.id)).toEqual({ ...run, lastSeq: 1 });
      const snapshot = await store.loadRun(run.id);
      expect(snapshot).toEqual({ run: { ...run, lastSeq: 1 }, nodeRuns: [], approvals: [] });
      expect(await store.getRun("run_missing")).toBeNull();
      expect(await store.loadRun("run_missing")).toBeNull();
    });

    it("refuses a second run with the same id", async () => {
      const run = newRun();
      await store.createRun(run);
      await expect(store.createRun(run)).rejects.toMatchObject({ code: "duplicate_run", runId: run.id });
    });

    it("appends events with consecutive seq across commits and lists them after a seq", async () => {
      const run = newRun();
      await store.createRun(run, [{ type: "run.started", data: { n: 1 }, at: at(1) }]);
      const first = await store.commitStep(run.id, {
        events: [
          { type: "node.started", data: { node_id: "start", attempt: 1, inputs: { n: 42 } }, at: at(2) },
          { type: "node.ended", data: { node_id: "start", status: "succeeded", outputs: { n: 42 }, error: null }, at: at(3) },
        ],
      });
      expect(first).toEqual({
        ok: true,
        lastSeq: 3,
        events: [
          { runId: run.id, seq: 2, type: "node.started", data: { node_id: "start", attempt: 1, inputs: { n: 42 } }, at: at(2) },
          {
            runId: run.id,
            seq: 3,
            type: "node.ended",
            data: { node_id: "start", status: "succeeded", outputs: { n: 42 }, error: null },
            at: at(3),
          },
        ],
      });
      expect(await store.commitStep(run.id, {})).toEqual({ ok: true, events: [], lastSeq: 3 });
      await store.commitStep(run.id, {
        events: [1, 2, 3].map((i) => ({ type: "node.delta" as const, data: { node_id: "llm", text: `t${i}` }, at: at(3 + i) })),
      });
      const all = await store.listEvents(run.id);
      expect(all.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(all.map((e) => e.type)).toEqual(["run.started", "node.started", "node.ended", "node.delta", "node.delta", "node.delta"]);
      expect((await store.listEvents(run.id, 3)).map((e) => e.data)).toEqual([
        { node_id: "llm", text: "t1" },
        { node_id: "llm", text: "t2" },
        { node_id: "llm", text: "t3" },
      ]);
      expect((await store.listEvents(run.id, 2, 2)).map((e) => e.seq)).toEqual([3, 4]);
      expect(await store.listEvents(run.id, 6)).toEqual([]);
      expect((await store.getRun(run.id))?.lastSeq).toBe(6);
    });

    it("keeps seq gapless and each commit's events together under concurrent commits", async () => {
      const run = newRun();
      await store.createRun(run, [{ type: "run.started", data: {}, at: at(0) }]);
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, commit) =>
          store.commitStep(run.id, {
            events: [0, 1, 2].map((part) => ({ type: "node.delta" as const, data: { commit, part }, at: at(commit) })),
          }),
        ),
      );
      const events = await store.listEvents(run.id);
      expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 37 }, (_, i) => i + 1));
      for (const result of results) {
        if (!result.ok) throw new Error("commit refused");
        const seqs = result.events.map((e) => e.seq);
        expect(seqs[1] - seqs[0]).toBe(1);
        expect(seqs[2] - seqs[1]).toBe(1);
        expect(result.events.map((e) => (e.data as { part: number }).part)).toEqual([0, 1, 2]);
        const commit = (result.events[0].data as { commit: number }).commit;
        expect(events.slice(seqs[0] - 1, seqs[0] + 2).map((e) => e.data)).toEqual([0, 1, 2].map((part) => ({ commit, part })));
      }
      expect((await store.getRun(run.id))?.lastSeq).toBe(37);
    });

    it("refuses a step whose expected status does not hold, writing nothing", async () => {
      const run = newRun();
      await store.createRun(run);
      const refused = await store.commitStep(run.id, {
        expectStatus: ["waiting", "queued"],
        runPatch: { status: "succeeded", outputs: { x: 1 } },
        nodeRuns: [nodeRun(run.id, "llm", 0)],
        events: [{ type: "run.ended", data: {}, at: at(5) }],
        approvalsCreate: [approval(run.id, `${run.id}_ap`, "gate")],
      });
      expect(refused).toEqual({ ok: false, reason: "status_mismatch", status: "running" });
      expect(await store.loadRun(run.id)).toEqual({ run: { ...run, lastSeq: 0 }, nodeRuns: [], approvals: [] });
      expect(await store.listEvents(run.id)).toEqual([]);
      expect(await store.getApproval(`${run.id}_ap`)).toBeNull();
      const accepted = await store.commitStep(run.id, { expectStatus: ["running"], runPatch: { status: "waiting" } });
      expect(accepted.ok).toBe(true);
      expect(await store.commitStep("run_missing", {})).toEqual({ ok: false, reason: "not_found" });
    });

    it("applies a run patch exactly", async () => {
      const run = newRun();
      await store.createRun(run);
      const state = {
        schemaVersion: 1 as const,
        edges: "tsu",
        steps: 7,
        nextPosition: 3,
        activeMs: 125,
        callStack: ["a", "b"],
        handledFailures: true,
      };
      await store.commitStep(run.id, {
        runPatch: {
          status: "partial_succeeded",
          outputs: { answer: "x", n: 0, list: [1, [2, null]], obj: { a: null }, flag: false },
          error: { code: "http_status", message: "HTTP 500", nodeId: "call", details: { status: 500, body: { e: "boom" } } },
          state,
          usage: { prompt_tokens: 12, completion_tokens: 34 },
          workerId: null,
          endedAt: at(999),
        },
      });
      expect(await store.getRun(run.id)).toEqual({
        ...run,
        lastSeq: 0,
        status: "partial_succeeded",
        outputs: { answer: "x", n: 0, list: [1, [2, null]], obj: { a: null }, flag: false },
        error: { code: "http_status", message: "HTTP 500", nodeId: "call", details: { status: 500, body: { e: "boom" } } },
        state,
        usage: { prompt_tokens: 12, completion_tokens: 34 },
        workerId: null,
        endedAt: at(999),
      });
    });

    it("upserts node runs by node id and returns them in position order", async () => {
      const run = newRun();
      await store.createRun(run);
      await store.commitStep(run.id, {
        nodeRuns: [nodeRun(run.id, "a", 1), nodeRun(run.id, "b", 0, { nodeType: "START", status: "succeeded" })],
      });
      const finished = nodeRun(run.id, "a", 1, {
        status: "failed",
        attempts: 3,
        outputs: { error: { code: "timeout", message: "slow" } },
        error: { code: "timeout", message: "slow", nodeId: "a" },
        model: "gpt-test",
        usage: { prompt_tokens: 5, completion_tokens: 6 },
        endedAt: at(50),
        elapsedMs: 40,
      });
      await store.commitStep(run.id, { nodeRuns: [finished] });
      const snapshot = await store.loadRun(run.id);
      expect(snapshot?.nodeRuns).toEqual([nodeRun(run.id, "b", 0, { nodeType: "START", status: "succeeded" }), finished]);
    });

    it("lets exactly one of concurrent decisions win; the others see who decided and when", async () => {
      const run = newRun({ status: "waiting" });
      await store.createRun(run);
      const id = `${run.id}_gate`;
      await store.commitStep(run.id, { approvalsCreate: [approval(run.id, id, "gate", { assignee: "ops@example.com" })] });
      expect(await store.getApproval(id)).toEqual({
        ...approval(run.id, id, "gate", { assignee: "ops@example.com" }),
        status: "pending",
        decidedById: null,
        decidedByName: null,
        note: null,
        decidedAt: null,
      });
      const results = await Promise.all(
        ["ann", "bob", "cid", "dee", "eve"].map((who, i) =>
          store.decideApproval({
            approvalId: id,
            status: i % 2 ? "rejected" : "approved",
            decidedById: null,
            decidedByName: who,
            note: `by ${who}`,
            at: at(100 + i),
          }),
        ),
      );
      const winners = results.filter((r) => r.ok);
      expect(winners).toHaveLength(1);
      const winner = winners[0].ok ? winners[0].approval : null;
      for (const loser of results.filter((r) => !r.ok)) {
        expect(loser.ok === false && loser.reason).toBe("already_decided");
        if (loser.ok === false && loser.reason === "already_decided") {
          expect(loser.approval.decidedByName).toBe(winner?.decidedByName);
          expect(loser.approval.decidedAt).toEqual(winner?.decidedAt);
          expect(loser.approval.status).toBe(winner?.status);
        }
      }
      expect(await store.getApproval(id)).toEqual(winner);
      expect(winner?.note).toBe(`by ${winner?.decidedByName}`);
      expect(
        await store.decideApproval({
          approvalId: "missing",
          status: "approved",
          decidedById: null,
          decidedByName: "x",
          note: null,
          at: at(1),
        }),
      ).toEqual({
        ok: false,
        reason: "not_found",
      });
    });

    it("cancels only pending approvals and lists approvals by run and status", async () => {
      const run = newRun();
      const other = newRun();
      await store.createRun(run);
      await store.createRun(other);
      await store.commitStep(run.id, {
        approvalsCreate: [
          approval(run.id, `${run.id}_a`, "a", { createdAt: at(1) }),
          approval(run.id, `${run.id}_b`, "b", { createdAt: at(2) }),
        ],
      });
      await store.commitStep(other.id, { approvalsCreate: [approval(other.id, `${other.id}_c`, "c", { createdAt: at(3) })] });
      await store.decideApproval({
        approvalId: `${run.id}_a`,
        status: "approved",
        decidedById: null,
        decidedByName: "ann",
        note: null,
        at: at(5),
      });
      await store.commitStep(run.id, { cancelPendingApprovals: true });
      expect((await store.listApprovals({ runId: run.id })).map((a) => [a.nodeId, a.status])).toEqual([
        ["a", "approved"],
        ["b", "cancelled"],
      ]);
      expect((await store.listApprovals({ runId: run.id, status: ["cancelled"] })).map((a) => a.id)).toEqual([`${run.id}_b`]);
      expect((await store.listApprovals({ runId: other.id, status: ["pending"] })).map((a) => a.id)).toEqual([`${other.id}_c`]);
    });

    it("lists expired pending approvals only", async () => {
      const run = newRun({ status: "waiting" });
      await store.createRun(run);
      await store.commitStep(run.id, {
        approvalsCreate: [
          approval(run.id, `${run.id}_past`, "p", { expiresAt: at(1000), createdAt: at(1) }),
          approval(run.id, `${run.id}_now`, "n", { expiresAt: at(2000), createdAt: at(2) }),
          approval(run.id, `${run.id}_future`, "f", { expiresAt: at(2001), createdAt: at(3) }),
          approval(run.id, `${run.id}_never`, "x", { expiresAt: null, createdAt: at(4) }),
          approval(run.id, `${run.id}_done`, "d", { expiresAt: at(10), createdAt: at(5) }),
        ],
      });
      await store.decideApproval({
        approvalId: `${run.id}_done`,
        status: "rejected",
        decidedById: null,
        decidedByName: "bob",
        note: null,
        at: at(11),
      });
      expect((await store.listExpiredApprovals(at(2000))).map((a) => a.id)).toEqual([`${run.id}_past`, `${run.id}_now`]);
    });

    it("claims a run for exactly one of concurrent claimers", async () => {
      const run = newRun({ status: "waiting", workerId: null });
      await store.createRun(run);
      const claims = await Promise.all(["w1", "w2", "w3", "w4"].map((workerId) => store.claimRun(run.id, { from: ["waiting"], workerId })));
      const won = claims.filter((c) => c !== null);
      expect(won).toHaveLength(1);
      expect(won[0]?.status).toBe("running");
      const stored = await store.getRun(run.id);
      expect(stored?.status).toBe("running");
      expect(stored?.workerId).toBe(won[0]?.workerId);
      expect(await store.claimRun(run.id, { from: ["waiting"], workerId: "w5" })).toBeNull();
      expect(await store.claimRun("run_missing", { from: ["waiting"], workerId: "w5" })).toBeNull();
    });

    it("finds runs by status, oldest first, by worker and with a limit", async () => {
      const statuses: RunStatus[] = ["running", "waiting", "succeeded", "running", "failed"];
      const runs = statuses.map((status, i) => newRun({ status, createdAt: at(10_000 + i), workerId: i === 3 ? "worker-b" : "worker-a" }));
      for (const run of [...runs].reverse()) await store.createRun(run);
      expect((await store.findRunsByStatus(["running", "waiting"])).map((r) => r.id)).toEqual([runs[0].id, runs[1].id, runs[3].id]);
      expect((await store.findRunsByStatus(["running"], { workerId: "worker-b" })).map((r) => r.id)).toEqual([runs[3].id]);
      expect((await store.findRunsByStatus(["running", "waiting", "failed"], { limit: 2 })).map((r) => r.id)).toEqual([
        runs[0].id,
        runs[1].id,
      ]);
      expect(await store.findRunsByStatus(["cancelled"])).toEqual([]);
    });

    it("cannot be changed through values passed in or handed out", async () => {
      const run = newRun({ inputs: { n: 42 } });
      const created = await store.createRun(run);
      // A store may hand out copies (a database) or frozen values (the in-memory store): either way, writing must not reach the stored run.
      attempt(() => {
        (created.inputs as { n: number }).n = -1;
      });
      attempt(() => (created.state.callStack as string[]).push("x"));
      attempt(() => {
        (run.inputs as { n: number }).n = -2;
      });
      const loaded = await store.getRun(run.id);
      expect(loaded?.inputs.n).toBe(42);
      expect(loaded?.state.callStack).toEqual(["wf_conformance"]);
      const events = [{ type: "node.delta" as const, data: { list: [1] }, at: at(1) }];
      await store.commitStep(run.id, { events });
      attempt(() => (events[0].data.list as number[]).push(2));
      const listed = await store.listEvents(run.id);
      attempt(() => (listed[0].data.list as number[]).push(3));
      expect((await store.listEvents(run.id))[0].data).toEqual({ list: [1] });
    });
  });
}
