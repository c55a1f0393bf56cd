import { describe, expect, it } from "vitest";
import { isWorkflowError, type WorkflowError } from "../errors";
import { InMemoryRunStore } from "../memory-run-store";
import type { RunEventRecord } from "../run-store";
import type { NodeServices } from "../services";
import { edge, fakeLlm, fakeMcp, graph, node } from "../testing/fakes";
import { createEngine } from "./create-engine";
import { toWireEvent } from "./events";

const hello = graph(
  [
    node("start", "START", {
      variables: [
        { name: "name", type: "string", required: true },
        { name: "n", type: "number", default_value: 7 },
        { name: "opt", type: "string" },
      ],
    }),
    node("llm", "LLM", { prompt_template: "Say hello to {{input.name}}", system_prompt: "Be brief" }),
    node("end", "END", { output_mapping: { greeting: "{{llm.text}}", n: "{{input.n}}", opt: "{{start.opt}}", usage: "{{llm.usage}}" } }),
  ],
  [edge("start", "llm"), edge("llm", "end")],
);

function setup(services: NodeServices = {}, options: { maxParallel?: number } = {}) {
  const store = new InMemoryRunStore();
  let id = 0;
  const engine = createEngine({ store, services, createId: () => `id${++id}`, workerId: "w1", ...options });
  return { store, engine };
}

describe("engine: a simple run", () => {
  it("runs START → LLM → END and stores outputs, node runs, usage and the event log", async () => {
    const llm = fakeLlm((request) => `Hello, ${request.prompt.slice(-3)}!`);
    const mcp = fakeMcp(() => ({}));
    const { store, engine } = setup({ llm: llm.service, mcp: mcp.service });
    const live: RunEventRecord[] = [];
    const run = await engine.startRun({
      workflowId: "wf1",
      version: 2,
      graph: hello,
      inputs: { name: "Ada" },
      trigger: { kind: "cli", userId: null },
      onRunCreated: (created) => engine.subscribe(created.id, (event) => live.push(event)),
    });
    expect(run.status).toBe("succeeded");
    expect(run.outputs).toEqual({ greeting: "Hello, Ada!", n: 7, opt: null, usage: { prompt_tokens: 10, completion_tokens: 5 } });
    expect(run.error).toBeNull();
    expect(run.usage).toEqual({ prompt_tokens: 10, completion_tokens: 5 });
    expect(run.inputs).toEqual({ name: "Ada", n: 7, opt: null });
    expect(run.state.edges).toBe("tt");
    expect(run.endedAt).not.toBeNull();
    expect(llm.calls[0].prompt).toBe("Say hello to Ada");
    expect(llm.calls[0].system_prompt).toBe("Be brief");
    expect(mcp.state.closed).toBe(1);

    const snapshot = await store.loadRun(run.id);
    const nodes = snapshot?.nodeRuns.map((nr) => ({
      id: nr.nodeId,
      status: nr.status,
      position: nr.position,
      attempts: nr.attempts,
      model: nr.model,
      usage: nr.usage,
    }));
    expect(nodes).toEqual([
      { id: "start", status: "succeeded", position: 0, attempts: 1, model: null, usage: { prompt_tokens: 0, completion_tokens: 0 } },
      { id: "llm", status: "succeeded", position: 1, attempts: 1, model: "fake-model", usage: { prompt_tokens: 10, completion_tokens: 5 } },
      { id: "end", status: "succeeded", position: 2, attempts: 1, model: null, usage: { prompt_tokens: 0, completion_tokens: 0 } },
    ]);
    expect(snapshot?.nodeRuns[1].inputs).toEqual({ system_prompt: "Be brief", prompt: "Say hello to Ada" });
    expect(snapshot?.nodeRuns[1].outputs).toEqual({ text: "Hello, Ada!", usage: { prompt_tokens: 10, completion_tokens: 5 } });

    const events = await store.listEvents(run.id);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.map((e) => `${e.type}${e.data.node_id ? `:${e.data.node_id}` : ""}`)).toEqual([
      "run.started",
      "node.started:start",
      "node.ended:start",
      "node.started:llm",
      "node.delta:llm",
      "node.ended:llm",
      "node.started:end",
      "node.ended:end",
      "run.ended",
    ]);
    expect(events[0].data).toEqual({
      workflow_id: "wf1",
      version: 2,
      inputs: { name: "Ada", n: 7, opt: null },
      trigger: { kind: "cli", userId: null },
    });
    expect(events[3].data).toEqual({
      node_id: "llm",
      node_type: "LLM",
      attempt: 1,
      inputs: { system_prompt: "Be brief", prompt: "Say hello to Ada" },
    });
    expect(events[4].data).toEqual({ node_id: "llm", text: "Hello, Ada!" });
    expect(events[5].data).toMatchObject({
      node_id: "llm",
      status: "succeeded",
      error: null,
      usage: { prompt_tokens: 10, completion_tokens: 5 },
    });
    expect(events[8].data).toMatchObject({
      status: "succeeded",
      error: null,
      usage: { prompt_tokens: 10, completion_tokens: 5 },
      outputs: run.outputs,
    });
    expect(live.map((e) => e.seq)).toEqual(events.map((e) => e.seq));
    const wire = toWireEvent(events[8]);
    expect(wire).toMatchObject({ type: "run.ended", run_id: run.id, seq: 9, status: "succeeded" });
    expect(typeof wire.at).toBe("string");
  });

  it("rejects invalid inputs and invalid graphs before storing anything", async () => {
    const { store, engine } = setup({ llm: fakeLlm(() => "x").service });
    const bad = await engine
      .startRun({ workflowId: "wf", version: null, graph: hello, inputs: { n: "seven" }, trigger: { kind: "api" } })
      .catch((e: unknown) => e);
    expect(isWorkflowError(bad)).toBe(true);
    const error = bad as WorkflowError;
    expect(error.code).toBe("invalid_input");
    expect(error.issues?.map((i) => [i.code, i.field])).toEqual([
      ["invalid_input", "name"],
      ["invalid_input", "n"],
    ]);
    const broken = { ...hello, edges: [...hello.edges, edge("end", "llm")] };
    const invalid = (await engine
      .startRun({ workflowId: "wf", version: null, graph: broken, inputs: { name: "x" }, trigger: { kind: "api" } })
      .catch((e: unknown) => e)) as WorkflowError;
    expect(invalid.code).toBe("invalid_handle");
    expect(invalid.issues?.map((i) => i.code)).toEqual(["invalid_handle", "cycle"]);
    expect(await store.findRunsByStatus(["queued", "running", "waiting", "succeeded", "failed", "partial_succeeded", "cancelled"])).toEqual(
      [],
    );
  });

  it("queues a run and runs it later with resumeRun, in another engine", async () => {
    const store = new InMemoryRunStore();
    const llm = fakeLlm(() => "hi");
    const first = createEngine({ store, services: {} });
    const queued = await first.startRun({
      workflowId: "wf",
      version: 1,
      graph: hello,
      inputs: { name: "Q" },
      trigger: { kind: "schedule" },
      queue: true,
    });
    expect(queued.status).toBe("queued");
    expect(queued.startedAt).toBeNull();
    const second = createEngine({ store, services: { llm: llm.service } });
    const done = await second.resumeRun(queued.id);
    expect(done.status).toBe("succeeded");
    expect(done.outputs?.greeting).toBe("hi");
    expect(done.startedAt).not.toBeNull();
    expect(await second.resumeRun(queued.id)).toEqual(done);
  });

  it("followEvents replays stored events after a seq, then ends with run.ended", async () => {
    const { engine } = setup({ llm: fakeLlm(() => "hey").service });
    const run = await engine.startRun({ workflowId: "wf", version: 1, graph: hello, inputs: { name: "F" }, trigger: { kind: "api" } });
    const seen: number[] = [];
    for await (const event of engine.followEvents(run.id, { afterSeq: 5 })) seen.push(event.seq);
    expect(seen).toEqual([6, 7, 8, 9]);
  });

  it("stores pure nodes' steps with the next write: a node that is not pure starts only after its start is stored", async () => {
    const store = new InMemoryRunStore();
    const writes: string[][] = [];
    const commitStep = store.commitStep.bind(store);
    store.commitStep = (runId, step) => {
      writes.push((step.events ?? []).map((event) => `${event.type}${event.data.node_id ? `:${event.data.node_id}` : ""}`));
      return commitStep(runId, step);
    };
    let startStoredBeforeCall = false;
    const llm = fakeLlm(async () => {
      const stored = await store.listEvents(run.id);
      startStoredBeforeCall = stored.some((event) => event.type === "node.started" && event.data.node_id === "llm");
      return "Hi";
    });
    const engine = createEngine({ store, services: { llm: llm.service } });
    let run = { id: "" };
    run = await engine.startRun({
      workflowId: "wf",
      version: 1,
      graph: hello,
      inputs: { name: "Ada" },
      trigger: { kind: "cli" },
      onRunCreated: (created) => {
        run = created;
      },
    });
    expect(startStoredBeforeCall).toBe(true);
    expect(writes).toEqual([
      ["node.started:start", "node.ended:start", "node.started:llm"],
      ["node.delta:llm", "node.ended:llm", "node.started:end", "node.ended:end", "run.ended"],
    ]);
  });

  it("throws not_found for an unknown run", async () => {
    const { engine } = setup();
    await expect(engine.resumeRun("nope")).rejects.toMatchObject({ code: "not_found" });
    await expect(engine.cancelRun("nope", "me")).rejects.toMatchObject({ code: "not_found" });
  });

  it("fails an LLM node with invalid_config when no llm service is configured", async () => {
    const { engine } = setup({});
    const run = await engine.startRun({ workflowId: "wf", version: 1, graph: hello, inputs: { name: "x" }, trigger: { kind: "api" } });
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ code: "invalid_config", nodeId: "llm" });
    expect(run.error?.message).toBe("LLM needs the llm service, which is not configured");
    expect(run.outputs).toBeNull();
  });
});
