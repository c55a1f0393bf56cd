import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../client";
import { createTestDatabase, type TestDatabase, testDatabaseKinds, testRunGraph } from "../test-databases";
import { countPendingApprovals, getApprovalForViewer, listDecidedApprovals, listPendingApprovals, pendingApprovalIds } from "./approvals";
import type { Viewer } from "./runs";

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

async function user(db: Db, email: string, role = "member"): Promise<Viewer> {
  const row = await db.user.create({ data: { email, name: email.split("@")[0], passwordHash: "x", role } });
  return { id: row.id, email, role };
}

describe.each(testDatabaseKinds())("approval queries on %s", (kind) => {
  let t: TestDatabase;
  let admin: Viewer;
  let ada: Viewer;
  let bob: Viewer;
  let cyd: Viewer;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    const db = t.db;
    admin = await user(db, "admin@example.com", "admin");
    ada = await user(db, "ada@example.com");
    bob = await user(db, "bob@example.com");
    cyd = await user(db, "cyd@example.com");
    const wfAda = await db.workflow.create({ data: { ownerId: ada.id, name: "Refunds", draftGraph: "{}" } });
    const wfBob = await db.workflow.create({ data: { ownerId: bob.id, name: "Payouts", draftGraph: "{}" } });
    await db.workflowShare.create({ data: { workflowId: wfBob.id, userId: cyd.id } });
    await db.run.create({
      data: {
        id: "ra",
        workflowId: wfAda.id,
        graphId: await testRunGraph(db, wfAda.id),
        status: "waiting",
        triggerKind: "editor",
        triggeredById: ada.id,
      },
    });
    await db.run.create({
      data: {
        id: "rb",
        workflowId: wfBob.id,
        graphId: await testRunGraph(db, wfBob.id),
        status: "waiting",
        triggerKind: "api",
        triggeredById: bob.id,
      },
    });
    const approval = (id: string, runId: string, assignee: string, minutes: number, extra = {}) =>
      db.approval.create({
        data: {
          id,
          runId,
          nodeId: id,
          title: `Approve ${id}`,
          description: `Amount for ${id}`,
          assignee,
          createdAt: new Date(T0 + minutes * 60_000),
          context: '{"input":{"amount":5}}',
          ...extra,
        },
      });
    await approval("a_anyone", "ra", "", 1);
    await approval("a_member_role", "ra", "member", 2);
    await approval("a_admin_role", "ra", "admin", 3);
    await approval("a_bob_email", "ra", "bob@example.com", 4); // on ada's run, assigned to bob by email
    await approval("b_anyone", "rb", "", 5);
    await approval("b_ada_email", "rb", "ada@example.com", 6);
    await approval("a_done_1", "ra", "", 7, {
      status: "approved",
      decidedByName: "ada@example.com",
      decidedAt: new Date(T0 + 100 * 60_000),
      note: "ok",
    });
    await approval("a_done_2", "ra", "", 8, {
      status: "rejected",
      decidedByName: "admin@example.com",
      decidedAt: new Date(T0 + 200 * 60_000),
      note: "no",
    });
    await approval("b_done", "rb", "", 9, { status: "cancelled" });
  });
  afterAll(() => t?.cleanup());

  it("the inbox is what the viewer sees and may decide, newest first", async () => {
    // ada: her run's anyone + member-role approvals (not the one on bob's run, though assigned to her email)
    expect((await listPendingApprovals(t.db, ada)).map((a) => a.id)).toEqual(["a_member_role", "a_anyone"]);
    // bob: his run's anyone approval; the one on ada's run assigned to his email stays hidden (he cannot see that run)
    expect((await listPendingApprovals(t.db, bob)).map((a) => a.id)).toEqual(["b_anyone"]);
    // cyd: shared run rb; not the approval assigned to ada's email
    expect((await listPendingApprovals(t.db, cyd)).map((a) => a.id)).toEqual(["b_anyone"]);
    // admin sees every run, decides anyone + admin-role ones
    expect((await listPendingApprovals(t.db, admin)).map((a) => a.id)).toEqual(["b_anyone", "a_admin_role", "a_anyone"]);
  });

  it("the count and the fingerprint agree with the inbox", async () => {
    expect(await countPendingApprovals(t.db, ada)).toBe(2);
    expect(await countPendingApprovals(t.db, cyd)).toBe(1);
    expect(await countPendingApprovals(t.db, admin)).toBe(3);
    expect(await pendingApprovalIds(t.db, bob)).toEqual(["b_anyone"]);
    expect(await pendingApprovalIds(t.db, admin)).toEqual(["b_anyone", "a_admin_role", "a_anyone"]);
  });

  it("cards carry the run, workflow, who started it, the rendered description and the context", async () => {
    const [item] = await listPendingApprovals(t.db, cyd);
    expect(item).toMatchObject({
      id: "b_anyone",
      title: "Approve b_anyone",
      description: "Amount for b_anyone",
      context: { input: { amount: 5 } },
      run: {
        id: "rb",
        status: "waiting",
        workflowName: "Payouts",
        triggerKind: "api",
        triggeredBy: { name: "bob", email: "bob@example.com" },
      },
    });
  });

  it("an approval another member may not see is not found", async () => {
    expect(await getApprovalForViewer(t.db, cyd, "a_anyone")).toBeNull();
    expect(await getApprovalForViewer(t.db, cyd, "b_ada_email")).not.toBeNull(); // visible (shared run), not decidable by her
    expect(await getApprovalForViewer(t.db, bob, "a_bob_email")).toBeNull();
    expect(await getApprovalForViewer(t.db, bob, "a_anyone")).toBeNull();
    expect(await getApprovalForViewer(t.db, admin, "a_anyone")).not.toBeNull();
    expect(await getApprovalForViewer(t.db, admin, "missing")).toBeNull();
  });

  it("the decided history is most recently decided first, undecided-at last, and pages", async () => {
    const all = await listDecidedApprovals(t.db, admin);
    expect(all.approvals.map((a) => a.id)).toEqual(["a_done_2", "a_done_1", "b_done"]);
    expect(all.approvals[0]).toMatchObject({ status: "rejected", decidedByName: "admin@example.com", note: "no" });
    expect(all.nextBefore).toBeNull();
    const first = await listDecidedApprovals(t.db, admin, { limit: 1 });
    expect(first.nextBefore).toBe("a_done_2");
    const second = await listDecidedApprovals(t.db, admin, { limit: 1, before: first.nextBefore });
    expect(second.approvals.map((a) => a.id)).toEqual(["a_done_1"]);
    const third = await listDecidedApprovals(t.db, admin, { limit: 1, before: second.nextBefore });
    expect(third.approvals.map((a) => a.id)).toEqual(["b_done"]);
    expect(third.nextBefore).toBeNull();
    expect((await listDecidedApprovals(t.db, cyd)).approvals.map((a) => a.id)).toEqual(["b_done"]);
  });
});
