import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../client";
import { createTestDatabase, type TestDatabase, testDatabaseKinds, testRunGraph } from "../test-databases";
import { canViewRun, decodeRunCursor, encodeRunCursor, getRunDetail, listRuns, listRunWorkflowOptions, type Viewer } from "./runs";

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

interface World {
  admin: Viewer;
  ada: Viewer;
  bob: Viewer;
  cyd: Viewer;
  wfAda: string;
  wfBob: string;
  /** Every run id, newest first (createdAt desc, id desc). */
  all: { id: string; createdAt: Date; workflowId: string; triggeredById: string | null; status: string; triggerKind: string }[];
}

async function user(db: Db, email: string, role = "member"): Promise<Viewer> {
  const row = await db.user.create({ data: { email, name: email.split("@")[0], passwordHash: "x", role } });
  return { id: row.id, email, role };
}

/**
 * ada owns wfAda; bob owns wfBob and shares it with cyd. 60 runs of wfAda (30 by ada, 30 by bob via the
 * API), 40 of wfBob by bob. Some runs share a createdAt so the id tie-break is exercised.
 */
async function buildWorld(db: Db): Promise<World> {
  const admin = await user(db, "admin@example.com", "admin");
  const ada = await user(db, "ada@example.com");
  const bob = await user(db, "bob@example.com");
  const cyd = await user(db, "cyd@example.com");
  const wfAda = (await db.workflow.create({ data: { ownerId: ada.id, name: "Ada's flow", draftGraph: "{}" } })).id;
  const wfBob = (await db.workflow.create({ data: { ownerId: bob.id, name: "Bob's flow", draftGraph: "{}" } })).id;
  await db.workflowShare.create({ data: { workflowId: wfBob, userId: cyd.id } });
  const graphs = { [wfAda]: await testRunGraph(db, wfAda), [wfBob]: await testRunGraph(db, wfBob) };
  const statuses = ["succeeded", "failed", "waiting", "running", "cancelled"];
  const kinds = ["editor", "api", "cli", "agent"];
  const data = Array.from({ length: 100 }, (_, i) => {
    const workflowId = i < 60 ? wfAda : wfBob;
    const triggeredById = i < 30 ? ada.id : bob.id;
    // pairs of runs share a timestamp: i and i+1 for even i
    const createdAt = new Date(T0 + Math.floor(i / 2) * 60_000);
    return {
      id: `run_${String(i).padStart(3, "0")}`,
      workflowId,
      graphId: graphs[workflowId],
      status: statuses[i % statuses.length],
      triggerKind: kinds[i % kinds.length],
      triggeredById,
      createdAt,
      startedAt: createdAt,
      endedAt: new Date(createdAt.getTime() + 1500),
      promptTokens: i,
      completionTokens: 1,
    };
  });
  await db.run.createMany({ data });
  const all = [...data]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .map(({ id, createdAt, workflowId, triggeredById, status, triggerKind }) => ({
      id,
      createdAt,
      workflowId,
      triggeredById,
      status,
      triggerKind,
    }));
  return { admin, ada, bob, cyd, wfAda, wfBob, all };
}

async function readAll(db: Db, viewer: Viewer, filters = {}, limit = 7): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const page = await listRuns(db, viewer, filters, { cursor, limit });
    ids.push(...page.runs.map((r) => r.id));
    if (!page.olderCursor) break;
    cursor = page.olderCursor;
  }
  return ids;
}

describe.each(testDatabaseKinds())("run queries on %s", (kind) => {
  let t: TestDatabase;
  let w: World;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    w = await buildWorld(t.db);
  });
  afterAll(() => t?.cleanup());

  it("an admin pages through every run newest first, each once, with the id tie-break", async () => {
    const ids = await readAll(t.db, w.admin);
    expect(ids).toEqual(w.all.map((r) => r.id));
  });

  it("a member sees runs they triggered and runs of workflows they own or that are shared with them", async () => {
    // ada owns wfAda: all 60 of its runs (30 triggered by bob), none of wfBob
    expect(new Set(await readAll(t.db, w.ada))).toEqual(new Set(w.all.filter((r) => r.workflowId === w.wfAda).map((r) => r.id)));
    // bob: his wfBob runs plus the wfAda runs he triggered
    expect(new Set(await readAll(t.db, w.bob))).toEqual(
      new Set(w.all.filter((r) => r.workflowId === w.wfBob || r.triggeredById === w.bob.id).map((r) => r.id)),
    );
    // cyd: wfBob is shared with her; she triggered nothing
    expect(await readAll(t.db, w.cyd)).toEqual(w.all.filter((r) => r.workflowId === w.wfBob).map((r) => r.id));
  });

  it("canViewRun and getRunDetail refuse another member's run and unknown ids", async () => {
    expect(await canViewRun(t.db, w.cyd, "run_000")).toBe(false);
    expect(await getRunDetail(t.db, w.cyd, "run_000")).toBeNull();
    expect(await canViewRun(t.db, w.cyd, "run_070")).toBe(true);
    expect(await canViewRun(t.db, w.admin, "run_000")).toBe(true);
    expect(await canViewRun(t.db, w.admin, "nope")).toBe(false);
    expect(await getRunDetail(t.db, w.admin, "nope")).toBeNull();
  });

  it("filters by workflow, status, trigger and date range, combined with access", async () => {
    expect(await readAll(t.db, w.admin, { status: "failed" })).toEqual(w.all.filter((r) => r.status === "failed").map((r) => r.id));
    expect(await readAll(t.db, w.admin, { triggerKind: "agent" })).toEqual(w.all.filter((r) => r.triggerKind === "agent").map((r) => r.id));
    expect(await readAll(t.db, w.bob, { workflowId: w.wfAda })).toEqual(
      w.all.filter((r) => r.workflowId === w.wfAda && r.triggeredById === w.bob.id).map((r) => r.id),
    );
    const from = new Date(T0 + 10 * 60_000);
    const to = new Date(T0 + 20 * 60_000);
    const inRange = w.all.filter((r) => r.createdAt >= from && r.createdAt < to).map((r) => r.id);
    expect(inRange).toHaveLength(20);
    expect(await readAll(t.db, w.admin, { from, to })).toEqual(inRange);
    expect(await readAll(t.db, w.cyd, { workflowId: w.wfAda })).toEqual([]);
    expect(await readAll(t.db, w.admin, { status: "waiting", triggerKind: "cli", workflowId: w.wfBob })).toEqual(
      w.all.filter((r) => r.status === "waiting" && r.triggerKind === "cli" && r.workflowId === w.wfBob).map((r) => r.id),
    );
  });

  it("pages back to newer runs with newerCursor, and the first page has none", async () => {
    const first = await listRuns(t.db, w.admin, {}, { limit: 10 });
    expect(first.newerCursor).toBeNull();
    expect(first.runs.map((r) => r.id)).toEqual(w.all.slice(0, 10).map((r) => r.id));
    const second = await listRuns(t.db, w.admin, {}, { cursor: first.olderCursor, limit: 10 });
    const third = await listRuns(t.db, w.admin, {}, { cursor: second.olderCursor, limit: 10 });
    expect(third.runs.map((r) => r.id)).toEqual(w.all.slice(20, 30).map((r) => r.id));
    const back = await listRuns(t.db, w.admin, {}, { cursor: third.newerCursor, direction: "newer", limit: 10 });
    expect(back.runs.map((r) => r.id)).toEqual(w.all.slice(10, 20).map((r) => r.id));
    expect(back.olderCursor).not.toBeNull();
    const top = await listRuns(t.db, w.admin, {}, { cursor: back.newerCursor, direction: "newer", limit: 10 });
    expect(top.runs.map((r) => r.id)).toEqual(w.all.slice(0, 10).map((r) => r.id));
    expect(top.newerCursor).toBeNull();
  });

  it("list rows carry workflow name, who triggered, duration and tokens", async () => {
    const page = await listRuns(t.db, w.admin, { workflowId: w.wfBob }, { limit: 1 });
    expect(page.runs[0]).toMatchObject({
      id: "run_099",
      workflowName: "Bob's flow",
      triggeredBy: { name: "bob", email: "bob@example.com" },
      durationMs: 1500,
      tokens: 100,
      status: "cancelled",
      triggerKind: "agent",
    });
  });

  it("cursor encoding round-trips and a malformed cursor starts from the top", async () => {
    const at = new Date(T0);
    expect(decodeRunCursor(encodeRunCursor({ createdAt: at, id: "x:y" }))).toEqual({ createdAt: at, id: "x:y" });
    expect(decodeRunCursor("garbage!")).toBeNull();
    const page = await listRuns(t.db, w.admin, {}, { cursor: "garbage!", limit: 3 });
    expect(page.runs.map((r) => r.id)).toEqual(w.all.slice(0, 3).map((r) => r.id));
  });

  it("workflow options follow access", async () => {
    expect((await listRunWorkflowOptions(t.db, w.cyd)).map((o) => o.name)).toEqual(["Bob's flow"]);
    expect((await listRunWorkflowOptions(t.db, w.bob)).map((o) => o.name)).toEqual(["Ada's flow", "Bob's flow"]);
    expect((await listRunWorkflowOptions(t.db, w.admin)).map((o) => o.name)).toEqual(["Ada's flow", "Bob's flow"]);
  });

  it("getRunDetail returns the whole trail: node runs by position, events by seq, approvals, parent and children, cost", async () => {
    const parent = await t.db.run.create({
      data: {
        id: "parent_1",
        workflowId: w.wfAda,
        graphId: await testRunGraph(t.db, w.wfAda, JSON.stringify({ nodes: [{ id: "start" }], edges: [] })),
        status: "succeeded",
        triggerKind: "editor",
        triggeredById: w.ada.id,
        inputs: '{"amount":12.5}',
        outputs: '{"ok":true}',
        startedAt: new Date(T0),
        endedAt: new Date(T0 + 4000),
        lastSeq: 3,
      },
    });
    await t.db.run.create({
      data: {
        id: "child_1",
        workflowId: w.wfAda,
        graphId: await testRunGraph(t.db, w.wfAda),
        status: "succeeded",
        triggerKind: "parent_run",
        parentRunId: parent.id,
        depth: 1,
        triggeredById: w.ada.id,
      },
    });
    await t.db.run.create({
      data: {
        id: "child_hidden",
        workflowId: w.wfBob,
        graphId: await testRunGraph(t.db, w.wfBob),
        status: "succeeded",
        triggerKind: "parent_run",
        parentRunId: parent.id,
        depth: 1,
        triggeredById: w.bob.id,
      },
    });
    await t.db.nodeRun.createMany({
      data: [
        {
          runId: parent.id,
          nodeId: "llm",
          nodeType: "LLM",
          status: "succeeded",
          position: 1,
          attempts: 2,
          outputs: '{"text":"hi"}',
          model: "m1",
          promptTokens: 10,
          completionTokens: 5,
          cost: 0.25,
        },
        { runId: parent.id, nodeId: "start", nodeType: "START", status: "succeeded", position: 0, attempts: 1, outputs: '{"amount":12.5}' },
        {
          runId: parent.id,
          nodeId: "end",
          nodeType: "END",
          status: "failed",
          position: 2,
          attempts: 1,
          error: '{"code":"timeout","message":"slow"}',
          errorCode: "timeout",
          cost: 0.5,
        },
      ],
    });
    await t.db.runEvent.createMany({
      data: [3, 1, 2].map((seq) => ({
        runId: parent.id,
        seq,
        type: seq === 1 ? "run.started" : "node.started",
        data: JSON.stringify({ n: seq }),
      })),
    });
    await t.db.approval.create({
      data: {
        runId: parent.id,
        nodeId: "gate",
        title: "Check",
        status: "approved",
        decidedByName: "ada@example.com",
        note: "fine",
        decidedAt: new Date(T0 + 1000),
        context: '{"input":{"amount":12.5}}',
      },
    });

    const detail = await getRunDetail(t.db, w.ada, parent.id);
    expect(detail).not.toBeNull();
    if (!detail) return;
    expect(detail.nodeRuns.map((n) => n.nodeId)).toEqual(["start", "llm", "end"]);
    expect(detail.nodeRuns[2].error).toEqual({ code: "timeout", message: "slow" });
    expect(detail.events.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(detail.events[0]).toMatchObject({ type: "run.started", data: { n: 1 } });
    expect(detail.approvals).toHaveLength(1);
    expect(detail.approvals[0]).toMatchObject({ decidedByName: "ada@example.com", note: "fine", context: { input: { amount: 12.5 } } });
    expect(detail.children.map((c) => c.id)).toEqual(["child_1"]);
    expect(detail.inputs).toEqual({ amount: 12.5 });
    expect(detail.outputs).toEqual({ ok: true });
    expect(detail.durationMs).toBe(4000);
    expect(detail.cost).toBe(0.75);
    expect(detail.workflow.name).toBe("Ada's flow");
    expect(detail.triggeredBy?.email).toBe("ada@example.com");

    const child = await getRunDetail(t.db, w.ada, "child_1");
    expect(child?.parent).toMatchObject({ id: parent.id, workflowName: "Ada's flow" });
    // bob sees his child run but not the parent of ada's workflow
    const hidden = await getRunDetail(t.db, w.bob, "child_hidden");
    expect(hidden?.parent).toBeNull();
    expect((await getRunDetail(t.db, w.admin, parent.id))?.children.map((c) => c.id).sort()).toEqual(["child_1", "child_hidden"]);
  });
});
