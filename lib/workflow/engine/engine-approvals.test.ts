import { describe, expect, it } from "vitest";
import type { WorkflowError } from "../errors";
import { InMemoryRunStore } from "../memory-run-store";
import { delay, edge, fakeLlm, fakeMcp, graph, node } from "../testing/fakes";
import { eventTrail, makeEngine, nodeStatusMap } from "../testing/engine-harness";
import type { ApprovalUser } from "./approvals";

const trigger = { kind: "editor" as const, userId: "u1" };
const start = node("start", "START", { variables: [{ name: "amount", type: "number", required: true }] });
const ann: ApprovalUser = { id: "u-ann", email: "ann@example.com", role: "member", name: "Ann" };
const boss: ApprovalUser = { id: "u-boss", email: "boss@example.com", role: "admin", name: "Boss" };

/** START → check (LLM) → gate → approved: ok END | rejected: no END */
function approvalGraph(options: { rejectedEdge?: boolean; assignee?: string; gate?: Record<string, unknown> } = {}) {
  const nodes = [
    start,
    node("check", "LLM", { prompt_template: "Refund {{input.amount}}?" }),
    node("gate", "HUMAN_INTERVENTION", {
      title: "Refund {{input.amount}}",
      description: "Model says: {{check.text}}",
      assignee: options.assignee ?? "",
      ...options.gate,
    }),
    node("ok", "END", { output_mapping: { result: "refunded", by: "{{gate.decided_by}}", note: "{{gate.note}}" } }),
    node("no", "END", { output_mapping: { result: "refused" } }),
  ];
  const edges = [edge("start", "check"), edge("check", "gate"), edge("gate", "ok", "approved")];
  if (options.rejectedEdge === false) return graph(nodes.slice(0, -1), edges);
  edges.push(edge("gate", "no", "rejected"));
  return graph(nodes, edges);
}

async function thrown(promise: Promise<unknown>): Promise<WorkflowError> {
  try {
    await promise;
  } catch (error) {
    return error as WorkflowError;
  }
  throw new Error("expected a failure");
}

describe("engine: HUMAN_INTERVENTION (spec §5)", () => {
  it("waits with a stored approval, then resumes on approval without re-running finished nodes", async () => {
    const llm = fakeLlm(() => "looks fine");
    const mcp = fakeMcp(() => ({}));
    const { store, engine } = makeEngine({ llm: llm.service, mcp: mcp.service });
    const waiting = await engine.startRun({ workflowId: "wf", version: 1, graph: approvalGraph(), inputs: { amount: 42 }, trigger });
    expect(waiting.status).toBe("waiting");
    expect(waiting.endedAt).toBeNull();
    expect(waiting.workerId).toBeNull();
    expect(mcp.state.closed).toBe(1);
    const [approval] = await store.listApprovals({ runId: waiting.id });
    expect({ ...approval, createdAt: undefined, expiresAt: undefined }).toEqual({
      id: "id2",
      runId: waiting.id,
      nodeId: "gate",
      title: "Refund 42",
      description: "Model says: looks fine",
      assignee: "",
      status: "pending",
      context: {
        input: { amount: 42 },
        start: { amount: 42 },
        check: { text: "looks fine", usage: { prompt_tokens: 10, completion_tokens: 5 } },
      },
      decidedById: null,
      decidedByName: null,
      note: null,
      decidedAt: null,
      createdAt: undefined,
      expiresAt: undefined,
    });
    expect((approval.expiresAt?.getTime() ?? 0) - approval.createdAt.getTime()).toBe(24 * 3_600_000);
    const events = await store.listEvents(waiting.id);
    expect(events.slice(-2).map((e) => [e.type, e.data])).toEqual([
      ["node.waiting", { node_id: "gate", approval_id: "id2", assignee: "", title: "Refund 42", description: "Model says: looks fine" }],
      ["run.waiting", { approval_ids: ["id2"] }],
    ]);
    expect(await nodeStatusMap(store, waiting.id)).toEqual({ start: "succeeded", check: "succeeded", gate: "waiting" });

    const { approval: decided, run } = await engine.decide("id2", "approved", "ok by me", ann);
    expect([decided.status, decided.decidedByName, decided.decidedById, decided.note]).toEqual([
      "approved",
      "ann@example.com",
      "u-ann",
      "ok by me",
    ]);
    expect(run.status).toBe("succeeded");
    expect(run.outputs).toEqual({ result: "refunded", by: "ann@example.com", note: "ok by me" });
    expect(llm.calls).toHaveLength(1);
    expect(mcp.state.closed).toBe(2);
    const gate = (await store.loadRun(run.id))?.nodeRuns.find((nr) => nr.nodeId === "gate");
    expect(gate?.outputs).toEqual({
      decision: "approved",
      decided_by: "ann@example.com",
      note: "ok by me",
      decided_at: decided.decidedAt?.toISOString(),
    });
    expect(await eventTrail(store, run.id)).toEqual([
      "run.started",
      "node.started:start",
      "node.ended:start",
      "node.started:check",
      "node.delta:check",
      "node.ended:check",
      "node.started:gate",
      "node.waiting:gate",
      "run.waiting",
      "approval.decided:gate",
      "node.ended:gate",
      "node.skipped:no",
      "node.started:ok",
      "node.ended:ok",
      "run.ended",
    ]);
    const decidedEvent = (await store.listEvents(run.id)).find((e) => e.type === "approval.decided");
    expect(decidedEvent?.data).toEqual({
      approval_id: "id2",
      node_id: "gate",
      decision: "approved",
      decided_by: "ann@example.com",
      note: "ok by me",
    });
  });

  it("rejected takes the rejected handle when it has an edge", async () => {
    const { engine } = makeEngine({ llm: fakeLlm(() => "hm").service });
    const waiting = await engine.startRun({ workflowId: "wf", version: 1, graph: approvalGraph(), inputs: { amount: 5 }, trigger });
    const { run } = await engine.decide("id2", "rejected", null, ann);
    expect([run.status, run.outputs]).toEqual(["succeeded", { result: "refused" }]);
    expect(waiting.id).toBe(run.id);
  });

  it("rejected without an edge on the rejected handle fails the node with approval_rejected", async () => {
    const { store, engine } = makeEngine({ llm: fakeLlm(() => "hm").service });
    await engine.startRun({ workflowId: "wf", version: 1, graph: approvalGraph({ rejectedEdge: false }), inputs: { amount: 5 }, trigger });
    const { run } = await engine.decide("id2", "rejected", "too much", boss);
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ code: "approval_rejected", message: "Rejected by boss@example.com: too much", nodeId: "gate" });
    expect(await nodeStatusMap(store, run.id)).toEqual({ start: "succeeded", check: "succeeded", gate: "failed" });
  });

  it("a second decision gets already_decided, naming who decided and when", async () => {
    const { engine } = makeEngine({ llm: fakeLlm(() => "hm").service });
    await engine.startRun({ workflowId: "wf", version: 1, graph: approvalGraph(), inputs: { amount: 5 }, trigger });
    const first = await engine.decide("id2", "approved", null, ann);
    const second = await thrown(engine.decide("id2", "rejected", null, boss));
    expect(second.code).toBe("already_decided");
    expect(second.details).toEqual({
      status: "approved",
      decided_by: "ann@example.com",
      decided_at: first.approval.decidedAt?.toISOString(),
    });
    expect(second.message).toBe(`Approval id2 was already approved by ann@example.com at ${first.approval.decidedAt?.toISOString()}`);
    expect((await thrown(engine.decide("missing", "approved", null, ann))).code).toBe("not_found");
  });

  it("checks the assignee: email (any case) or role; anyone else is forbidden", async () => {
    const { engine } = makeEngine({ llm: fakeLlm(() => "hm").service });
    await engine.startRun({
      workflowId: "wf",
      version: 1,
      graph: approvalGraph({ assignee: "Boss@Example.com" }),
      inputs: { amount: 5 },
      trigger,
    });
    const denied = await thrown(engine.decide("id2", "approved", null, ann));
    expect([denied.code, denied.message]).toEqual(["forbidden", "Approval id2 is assigned to Boss@Example.com"]);
    expect((await engine.decide("id2", "approved", null, boss)).run.status).toBe("succeeded");

    const byRole = makeEngine({ llm: fakeLlm(() => "hm").service });
    await byRole.engine.startRun({
      workflowId: "wf",
      version: 1,
      graph: approvalGraph({ assignee: "admin" }),
      inputs: { amount: 5 },
      trigger,
    });
    expect((await thrown(byRole.engine.decide("id2", "approved", null, ann))).code).toBe("forbidden");
    expect((await byRole.engine.decide("id2", "approved", null, boss)).run.status).toBe("succeeded");
  });

  it("resumes in another engine over the same store, without re-running finished nodes", async () => {
    const store = new InMemoryRunStore();
    const llmA = fakeLlm(() => "from A");
    const llmB = fakeLlm(() => "from B");
    const a = makeEngine({ llm: llmA.service }, { store });
    const waiting = await a.engine.startRun({ workflowId: "wf", version: 1, graph: approvalGraph(), inputs: { amount: 9 }, trigger });
    let ids = 100;
    const b = makeEngine({ llm: llmB.service }, { store, createId: () => `b${++ids}`, workerId: "other" });
    const { run } = await b.engine.decide("id2", "approved", "remote", boss);
    expect(run.id).toBe(waiting.id);
    expect([run.status, run.outputs]).toEqual(["succeeded", { result: "refunded", by: "boss@example.com", note: "remote" }]);
    expect(llmA.calls).toHaveLength(1);
    expect(llmB.calls).toHaveLength(0);
    const events = await store.listEvents(run.id);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  });

  it("lets exactly one of two concurrent decisions (two engines) win", async () => {
    const store = new InMemoryRunStore();
    const a = makeEngine({ llm: fakeLlm(() => "x").service }, { store });
    const b = makeEngine({ llm: fakeLlm(() => "x").service }, { store, createId: () => "never", workerId: "b" });
    await a.engine.startRun({ workflowId: "wf", version: 1, graph: approvalGraph(), inputs: { amount: 1 }, trigger });
    const results = await Promise.allSettled([
      a.engine.decide("id2", "approved", null, ann),
      b.engine.decide("id2", "rejected", null, boss),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((rejected.reason as WorkflowError).code).toBe("already_decided");
    const [run] = await store.findRunsByStatus(["succeeded"]);
    expect(run.status).toBe("succeeded");
  });

  it("parallel approvals: other branches run on; the run waits for every approval", async () => {
    const llm = fakeLlm(async () => {
      await delay(20);
      return "side work";
    });
    const g = graph(
      [
        start,
        node("g1", "HUMAN_INTERVENTION", { title: "first" }),
        node("g2", "HUMAN_INTERVENTION", { title: "second" }),
        node("side", "LLM", { prompt_template: "x" }),
        node("end", "END", { output_mapping: { d1: "{{g1.decision}}", d2: "{{g2.decision}}", side: "{{side.text}}" } }),
      ],
      [
        edge("start", "g1"),
        edge("start", "g2"),
        edge("start", "side"),
        edge("g1", "end", "approved"),
        edge("g2", "end", "approved"),
        edge("side", "end"),
      ],
    );
    const { store, engine } = makeEngine({ llm: llm.service });
    const waiting = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: { amount: 1 }, trigger });
    expect(waiting.status).toBe("waiting");
    expect(await nodeStatusMap(store, waiting.id)).toEqual({ start: "succeeded", g1: "waiting", g2: "waiting", side: "succeeded" });
    const approvals = await store.listApprovals({ runId: waiting.id });
    expect(approvals.map((a) => [a.nodeId, a.title])).toEqual([
      ["g1", "first"],
      ["g2", "second"],
    ]);
    const afterFirst = await engine.decide(approvals[0].id, "approved", null, ann);
    expect(afterFirst.run.status).toBe("waiting");
    const runWaiting = (await store.listEvents(waiting.id)).filter((e) => e.type === "run.waiting").map((e) => e.data.approval_ids);
    expect(runWaiting).toEqual([[approvals[0].id, approvals[1].id], [approvals[1].id]]);
    const done = await engine.decide(approvals[1].id, "approved", null, ann);
    expect([done.run.status, done.run.outputs]).toEqual(["succeeded", { d1: "approved", d2: "approved", side: "side work" }]);
  });

  it("applies a decision made while another branch is still running", async () => {
    let release: () => void = () => {};
    const gateOpen = new Promise<void>((resolve) => {
      release = resolve;
    });
    const llm = fakeLlm(async () => {
      await gateOpen;
      return "slow";
    });
    const g = graph(
      [
        start,
        node("gate", "HUMAN_INTERVENTION", {}),
        node("slow", "LLM", { prompt_template: "x" }),
        node("end", "END", { output_mapping: { d: "{{gate.decision}}", s: "{{slow.text}}" } }),
      ],
      [edge("start", "gate"), edge("start", "slow"), edge("gate", "end", "approved"), edge("slow", "end")],
    );
    const { store, engine } = makeEngine({ llm: llm.service });
    const running = engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: { amount: 1 }, trigger });
    while ((await store.listApprovals({})).length === 0) await delay(2);
    const [approval] = await store.listApprovals({});
    const deciding = engine.decide(approval.id, "approved", null, ann);
    await delay(10);
    const gateRun = (await store.loadRun(approval.runId))?.nodeRuns.find((nr) => nr.nodeId === "gate");
    expect(gateRun?.status).toBe("succeeded");
    release();
    const [finished, decided] = await Promise.all([running, deciding]);
    expect([finished.status, finished.outputs]).toEqual(["succeeded", { d: "approved", s: "slow" }]);
    expect(decided.run.status).toBe("succeeded");
  });

  it("times out approvals past their deadline: approval_timeout, then the error strategy", async () => {
    let now = new Date("2025-06-01T10:00:00.000Z");
    const g = graph(
      [
        start,
        node("gate", "HUMAN_INTERVENTION", { timeout_hours: 2, error_strategy: "fail_branch" }),
        node("late", "END", { output_mapping: { why: "{{gate.error.code}}" } }),
        node("ok", "END", {}),
      ],
      [edge("start", "gate"), edge("gate", "ok", "approved"), edge("gate", "late", "error")],
    );
    const { store, engine } = makeEngine({}, { now: () => now });
    const waiting = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: { amount: 1 }, trigger });
    expect(await engine.sweepApprovalTimeouts(new Date("2025-06-01T11:59:59.999Z"))).toEqual([]);
    now = new Date("2025-06-01T12:00:00.000Z");
    const [run] = await engine.sweepApprovalTimeouts();
    expect(run.id).toBe(waiting.id);
    expect([run.status, run.outputs]).toEqual(["partial_succeeded", { why: "approval_timeout" }]);
    expect((await store.listApprovals({ runId: run.id }))[0].status).toBe("timed_out");
    const gate = (await store.loadRun(run.id))?.nodeRuns.find((nr) => nr.nodeId === "gate");
    expect([gate?.status, gate?.error?.code, gate?.elapsedMs]).toEqual(["failed", "approval_timeout", 2 * 3_600_000]);
    expect((await thrown(engine.decide((await store.listApprovals({ runId: run.id }))[0].id, "approved", null, ann))).code).toBe(
      "already_decided",
    );
  });

  it("cancels a waiting run: the approval is cancelled and a decision is refused", async () => {
    const { store, engine } = makeEngine({ llm: fakeLlm(() => "x").service });
    const waiting = await engine.startRun({ workflowId: "wf", version: 1, graph: approvalGraph(), inputs: { amount: 1 }, trigger });
    const cancelled = await engine.cancelRun(waiting.id, "boss@example.com");
    expect([cancelled.status, cancelled.error]).toEqual(["cancelled", { code: "cancelled", message: "Cancelled by boss@example.com" }]);
    expect((await store.listApprovals({ runId: waiting.id }))[0].status).toBe("cancelled");
    expect(await nodeStatusMap(store, waiting.id)).toEqual({ start: "succeeded", check: "succeeded", gate: "failed" });
    expect((await thrown(engine.decide("id2", "approved", null, ann))).code).toBe("already_decided");
    expect((await store.listEvents(waiting.id)).at(-1)?.type).toBe("run.ended");
  });
});
