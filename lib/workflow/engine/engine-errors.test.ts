import { describe, expect, it } from "vitest";
import { WorkflowError } from "../errors";
import { delay, edge, fakeConnectors, fakeLlm, fakeMcp, graph, node } from "../testing/fakes";
import { eventTrail, makeEngine, nodeStatuses, nodeStatusMap } from "../testing/engine-harness";
import { retryDelayMs } from "./node-executor";

const trigger = { kind: "api" as const };
const start = node("start", "START", { variables: [] });

describe("engine: retries and timeouts (spec §2)", () => {
  it("retries with doubling backoff and records each attempt", async () => {
    let calls = 0;
    const connectors = fakeConnectors(() => {
      calls += 1;
      if (calls < 3) throw new WorkflowError("connection_error", `refused #${calls}`);
      return { status: 200, body: { ok: true } };
    });
    const g = graph(
      [
        start,
        node("call", "CONNECTOR", { connector_id: "c", action_id: "a", retry_count: 3, retry_delay_ms: 10 }),
        node("end", "END", { output_mapping: { ok: "{{call.body.ok}}" } }),
      ],
      [edge("start", "call"), edge("call", "end")],
    );
    const { store, engine } = makeEngine({ connectors: connectors.service });
    const run = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: {}, trigger });
    expect(run.status).toBe("succeeded");
    expect(run.outputs).toEqual({ ok: true });
    const events = await store.listEvents(run.id);
    expect(events.filter((e) => e.data.node_id === "call").map((e) => e.type)).toEqual([
      "node.started",
      "node.retrying",
      "node.started",
      "node.retrying",
      "node.started",
      "node.ended",
    ]);
    expect(events.filter((e) => e.type === "node.retrying").map((e) => e.data)).toEqual([
      { node_id: "call", attempt: 1, error: { code: "connection_error", message: "refused #1", node_id: "call" }, delay_ms: 10 },
      { node_id: "call", attempt: 2, error: { code: "connection_error", message: "refused #2", node_id: "call" }, delay_ms: 20 },
    ]);
    expect(events.filter((e) => e.type === "node.started" && e.data.node_id === "call").map((e) => e.data.attempt)).toEqual([1, 2, 3]);
    const nodeRun = (await store.loadRun(run.id))?.nodeRuns.find((nr) => nr.nodeId === "call");
    expect([nodeRun?.status, nodeRun?.attempts]).toEqual(["succeeded", 3]);
  });

  it("fails after the last retry, and does not retry what retrying cannot fix", async () => {
    const connectors = fakeConnectors(() => {
      throw new WorkflowError("connection_error", "down");
    });
    const g = graph(
      [start, node("call", "CONNECTOR", { connector_id: "c", action_id: "a", retry_count: 2, retry_delay_ms: 1 }), node("end", "END", {})],
      [edge("start", "call"), edge("call", "end")],
    );
    const { store, engine } = makeEngine({ connectors: connectors.service });
    const run = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: {}, trigger });
    expect([run.status, run.error?.code, run.error?.nodeId]).toEqual(["failed", "connection_error", "call"]);
    expect(connectors.calls).toHaveLength(3);
    expect((await store.loadRun(run.id))?.nodeRuns.find((nr) => nr.nodeId === "call")?.attempts).toBe(3);

    const typed = graph(
      [
        start,
        node("cond", "CONDITION_BRANCH", {
          retry_count: 5,
          retry_delay_ms: 1,
          conditions: [{ id: "x", rules: [{ variable: "abc", operator: "less_than", value: 1 }] }],
        }),
        node("end", "END", {}),
      ],
      [edge("start", "cond"), edge("cond", "end", "x"), edge("cond", "end", "default")],
    );
    const second = await engine.startRun({ workflowId: "wf", version: 1, graph: typed, inputs: {}, trigger });
    expect(second.error?.code).toBe("type_error");
    expect((await store.listEvents(second.id)).filter((e) => e.type === "node.retrying")).toEqual([]);
  });

  it("caps the backoff at 60 s", () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(1000, attempt))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(40_000, 2)).toBe(60_000);
    expect(retryDelayMs(60_000, 10)).toBe(60_000);
  });

  it("times out an attempt (timeout_ms), aborting its signal, even when the executor ignores it", async () => {
    const seen: AbortSignal[] = [];
    const polite = fakeConnectors(async (request) => {
      seen.push(request.signal as AbortSignal);
      await delay(500, request.signal);
      return {};
    });
    const g = graph(
      [start, node("call", "CONNECTOR", { connector_id: "c", action_id: "a", timeout_ms: 20 }), node("end", "END", {})],
      [edge("start", "call"), edge("call", "end")],
    );
    const { engine } = makeEngine({ connectors: polite.service });
    const began = Date.now();
    const run = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: {}, trigger });
    expect(run.error).toEqual({
      code: "timeout",
      message: 'Node "call" took longer than 20 ms',
      nodeId: "call",
      details: { timeout_ms: 20 },
    });
    expect(seen[0].aborted).toBe(true);
    expect(Date.now() - began).toBeLessThan(400);

    const rude = fakeConnectors(() => new Promise(() => {}));
    const { engine: other } = makeEngine({ connectors: rude.service });
    const stuck = await other.startRun({ workflowId: "wf", version: 1, graph: g, inputs: {}, trigger });
    expect(stuck.error?.code).toBe("timeout");
  });
});

describe("engine: error strategies (spec §5)", () => {
  const failing = () =>
    fakeConnectors((request) => (request.actionId === "bad" ? { status: 500, body: { error: "boom" } } : { status: 200, body: "fine" }));

  it("stop_workflow fails the run and cancels what is running", async () => {
    const llm = fakeLlm(async (request) => {
      await delay(1000, request.signal);
      return "late";
    });
    const g = graph(
      [
        start,
        node("bad", "CONNECTOR", { connector_id: "c", action_id: "bad" }),
        node("slow", "LLM", { prompt_template: "x" }),
        node("end", "END", {}),
      ],
      [edge("start", "bad"), edge("start", "slow"), edge("bad", "end"), edge("slow", "end")],
    );
    const { store, engine } = makeEngine({ connectors: failing().service, llm: llm.service });
    const run = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: {}, trigger });
    expect(run.status).toBe("failed");
    expect(run.error).toEqual({
      code: "http_status",
      message: "c.bad answered HTTP 500",
      nodeId: "bad",
      details: { status: 500, headers: { "content-type": "application/json" }, body: { error: "boom" } },
    });
    expect(run.outputs).toBeNull();
    expect(llm.calls[0].signal?.aborted).toBe(true);
    const snapshot = await store.loadRun(run.id);
    expect(snapshot?.nodeRuns.map((nr) => [nr.nodeId, nr.status, nr.error?.code ?? null])).toEqual([
      ["start", "succeeded", null],
      ["bad", "failed", "http_status"],
      ["slow", "failed", "cancelled"],
    ]);
    const trail = await eventTrail(store, run.id);
    expect(trail.slice(-3)).toEqual(["node.ended:bad", "node.ended:slow", "run.ended"]);
  });

  it("continue marks the node failed with an error output and lets downstream run; the run ends partial_succeeded", async () => {
    const g = graph(
      [
        start,
        node("bad", "CONNECTOR", { connector_id: "c", action_id: "bad", error_strategy: "continue" }),
        node("end", "END", { output_mapping: { code: "{{bad.error.code}}", error: "{{bad.error}}" } }),
      ],
      [edge("start", "bad"), edge("bad", "end")],
    );
    const { store, engine } = makeEngine({ connectors: failing().service });
    const run = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: {}, trigger });
    expect(run.status).toBe("partial_succeeded");
    expect(run.error).toBeNull();
    expect(run.outputs).toEqual({ code: "http_status", error: { code: "http_status", message: "c.bad answered HTTP 500" } });
    const bad = (await store.loadRun(run.id))?.nodeRuns.find((nr) => nr.nodeId === "bad");
    expect([bad?.status, bad?.outputs, bad?.error?.code, (bad?.error?.details as { status?: number } | undefined)?.status]).toEqual([
      "failed",
      { error: { code: "http_status", message: "c.bad answered HTTP 500" } },
      "http_status",
      500,
    ]);
  });

  it("fail_branch takes the error handle and skips the normal one; a join fed by a healthy branch still runs", async () => {
    const g = graph(
      [
        start,
        node("bad", "CONNECTOR", { connector_id: "c", action_id: "bad", error_strategy: "fail_branch" }),
        node("good", "CONNECTOR", { connector_id: "c", action_id: "good" }),
        node("after_bad", "CONNECTOR", { connector_id: "c", action_id: "good" }),
        node("handler", "CONNECTOR", { connector_id: "c", action_id: "good", parameters: { why: "{{bad.error.message}}" } }),
        node("join", "END", { output_mapping: { good: "{{good.body}}" } }),
      ],
      [
        edge("start", "bad"),
        edge("start", "good"),
        edge("bad", "after_bad"),
        edge("bad", "handler", "error"),
        edge("after_bad", "join"),
        edge("good", "join"),
      ],
    );
    const connectors = failing();
    const { store, engine } = makeEngine({ connectors: connectors.service });
    const run = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: {}, trigger });
    expect(run.status).toBe("partial_succeeded");
    expect(run.outputs).toEqual({ good: "fine" });
    expect(await nodeStatusMap(store, run.id)).toEqual({
      start: "succeeded",
      bad: "failed",
      good: "succeeded",
      after_bad: "skipped",
      handler: "succeeded",
      join: "succeeded",
    });
    expect(connectors.calls.find((c) => c.parameters.why)?.parameters).toEqual({ why: "c.bad answered HTTP 500" });
  });

  it("an MCP error result fails the node with mcp_error; continue keeps the run going", async () => {
    const mcp = fakeMcp(() => ({ is_error: true, content: "tool broke" }));
    const g = (strategy: string) =>
      graph(
        [start, node("tool", "MCP", { server_id: "s", tool_name: "t", error_strategy: strategy }), node("end", "END", {})],
        [edge("start", "tool"), edge("tool", "end")],
      );
    const { engine } = makeEngine({ mcp: mcp.service });
    const stopped = await engine.startRun({ workflowId: "wf", version: 1, graph: g("stop_workflow"), inputs: {}, trigger });
    expect([stopped.status, stopped.error?.code]).toEqual(["failed", "mcp_error"]);
    const continued = await engine.startRun({ workflowId: "wf", version: 1, graph: g("continue"), inputs: {}, trigger });
    expect([continued.status, continued.outputs]).toEqual(["partial_succeeded", {}]);
    expect(mcp.state.closed).toBe(2);
  });

  it("a CONDITION_BRANCH that fails under continue takes its default handle", async () => {
    const g = graph(
      [
        start,
        node("cond", "CONDITION_BRANCH", {
          error_strategy: "continue",
          conditions: [{ id: "x", rules: [{ variable: "abc", operator: "greater_than", value: 1 }] }],
        }),
        node("on_x", "END", { output_mapping: { branch: "x" } }),
        node("on_default", "END", { output_mapping: { branch: "default" } }),
      ],
      [edge("start", "cond"), edge("cond", "on_x", "x"), edge("cond", "on_default", "default")],
    );
    const { engine } = makeEngine();
    const run = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: {}, trigger });
    expect([run.status, run.outputs]).toEqual(["partial_succeeded", { branch: "default" }]);
  });
});

describe("engine: limits and cancellation (spec §5)", () => {
  const chain = graph(
    [start, node("a", "LLM", { prompt_template: "a" }), node("b", "LLM", { prompt_template: "b" }), node("end", "END", {})],
    [edge("start", "a"), edge("a", "b"), edge("b", "end")],
  );

  it("fails a run that takes more steps than maxSteps with limit_exceeded", async () => {
    const { store, engine } = makeEngine({ llm: fakeLlm(() => "x").service }, { limits: { maxSteps: 2 } });
    const run = await engine.startRun({ workflowId: "wf", version: 1, graph: chain, inputs: {}, trigger });
    expect(run.status).toBe("failed");
    expect(run.error).toEqual({ code: "limit_exceeded", message: "The run exceeded its maximum of 2 steps", details: { max_steps: 2 } });
    expect(await nodeStatuses(store, run.id)).toEqual([
      ["start", "succeeded"],
      ["a", "succeeded"],
    ]);
  });

  it("fails a run that runs longer than maxDurationMs with timeout", async () => {
    const llm = fakeLlm(async (request) => {
      await delay(1000, request.signal);
      return "slow";
    });
    const { engine } = makeEngine({ llm: llm.service }, { limits: { maxDurationMs: 30 } });
    const run = await engine.startRun({ workflowId: "wf", version: 1, graph: chain, inputs: {}, trigger });
    expect([run.status, run.error?.code, run.error?.message]).toEqual([
      "failed",
      "timeout",
      "The run exceeded its maximum duration of 30 ms",
    ]);
  });

  it("cancels a running run: its node is aborted and fails with cancelled, the run ends cancelled", async () => {
    let started: () => void = () => {};
    const begun = new Promise<void>((resolve) => {
      started = resolve;
    });
    const llm = fakeLlm(async (request) => {
      started();
      await delay(5000, request.signal);
      return "never";
    });
    const mcp = fakeMcp(() => ({}));
    const { store, engine } = makeEngine({ llm: llm.service, mcp: mcp.service });
    const running = engine.startRun({ workflowId: "wf", version: 1, graph: chain, inputs: {}, trigger });
    await begun;
    const runId = (await store.findRunsByStatus(["running"]))[0].id;
    const cancelled = await engine.cancelRun(runId, "ann@example.com");
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.error).toEqual({ code: "cancelled", message: "Cancelled by ann@example.com" });
    expect((await running).status).toBe("cancelled");
    expect(llm.calls[0].signal?.aborted).toBe(true);
    expect(await nodeStatuses(store, runId)).toEqual([
      ["start", "succeeded"],
      ["a", "failed"],
    ]);
    const events = await store.listEvents(runId);
    expect(events.at(-1)?.data).toMatchObject({
      status: "cancelled",
      error: { code: "cancelled", message: "Cancelled by ann@example.com" },
    });
    expect(mcp.state.closed).toBe(1);
    expect(await engine.cancelRun(runId, "again")).toEqual(cancelled);
  });
});
