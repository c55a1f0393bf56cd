import { describe, expect, it } from "vitest";
import { InMemoryRunStore } from "../memory-run-store";
import { delay, edge, fakeLlm, graph, node } from "../testing/fakes";
import { eventTrail, makeEngine, nodeStatuses } from "../testing/engine-harness";

const trigger = { kind: "cli" as const };
const g = graph(
  [
    node("start", "START", {}),
    node("work", "LLM", { prompt_template: "x" }),
    node("end", "END", { output_mapping: { t: "{{work.text}}" } }),
  ],
  [edge("start", "work"), edge("work", "end")],
);
const gated = graph(
  [node("start", "START", {}), node("gate", "HUMAN_INTERVENTION", {}), node("end", "END", {})],
  [edge("start", "gate"), edge("gate", "end", "approved")],
);

describe("engine: crash recovery (spec §5)", () => {
  it("fails runs left running by another process with interrupted; waiting runs stay waiting", async () => {
    const store = new InMemoryRunStore();
    let began: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      began = resolve;
    });
    const hanging = fakeLlm(async (request) => {
      began();
      await delay(60_000, request.signal);
      return "never";
    });
    // Process A: starts a run and "crashes" (its session never finishes on its own).
    const a = makeEngine({ llm: hanging.service }, { store, workerId: "a" });
    const orphan = a.engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: {}, trigger });
    await started;
    const waiting = await a.engine.startRun({ workflowId: "wf", version: 1, graph: gated, inputs: {}, trigger });
    expect(waiting.status).toBe("waiting");

    // Process B starts up with a clock behind A's (endedAt must still not precede startedAt).
    const b = makeEngine({}, { store, workerId: "b", now: () => new Date(Date.now() - 60_000) });
    const recovered = await b.engine.recoverInterrupted();
    expect(recovered).toHaveLength(1);
    const [run] = recovered;
    expect(run.status).toBe("failed");
    expect(run.error).toEqual({ code: "interrupted", message: "The process running this run stopped before it finished" });
    expect(run.endedAt?.getTime()).toBeGreaterThanOrEqual(run.startedAt?.getTime() ?? Number.POSITIVE_INFINITY);
    expect(run.workerId).toBeNull();
    expect(await nodeStatuses(store, run.id)).toEqual([
      ["start", "succeeded"],
      ["work", "failed"],
    ]);
    const work = (await store.loadRun(run.id))?.nodeRuns[1];
    expect(work?.error).toEqual({
      code: "interrupted",
      message: "The process running this run stopped before it finished",
      nodeId: "work",
    });
    expect((await eventTrail(store, run.id)).slice(-2)).toEqual(["node.ended:work", "run.ended"]);
    expect((await store.getRun(waiting.id))?.status).toBe("waiting");
    expect(await store.findRunsByStatus(["running"])).toEqual([]);

    // A's session (still stuck in its model call) is stopped; its final write is refused, the stored run stays as recovered.
    const stopped = await a.engine.cancelRun(run.id, "test");
    expect(stopped.status).toBe("failed");
    const final = await orphan;
    expect(final).toMatchObject({ status: "failed", error: { code: "interrupted" } });
    expect(await b.engine.recoverInterrupted()).toEqual([]);
  });

  it("leaves alone runs this engine is executing", async () => {
    let release: () => void = () => {};
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { store, engine } = makeEngine({
      llm: fakeLlm(async () => {
        await hold;
        return "done";
      }).service,
    });
    const running = engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: {}, trigger });
    while ((await store.findRunsByStatus(["running"])).length === 0) await delay(1);
    await delay(5);
    expect(await engine.recoverInterrupted()).toEqual([]);
    release();
    expect((await running).status).toBe("succeeded");
  });

  it("cancels a run held by another process through the store; that process stops at its next step", async () => {
    const store = new InMemoryRunStore();
    let release: () => void = () => {};
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const a = makeEngine(
      {
        llm: fakeLlm(async () => {
          await hold;
          return "late";
        }).service,
      },
      { store, workerId: "a" },
    );
    const running = a.engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: {}, trigger });
    while ((await store.findRunsByStatus(["running"])).length === 0) await delay(1);
    await delay(5);
    const b = makeEngine({}, { store, workerId: "b" });
    const [target] = await store.findRunsByStatus(["running"]);
    const cancelled = await b.engine.cancelRun(target.id, "ops");
    expect(cancelled.status).toBe("cancelled");
    release();
    const final = await running;
    expect([final.status, final.outputs]).toEqual(["cancelled", null]);
    const trail = await eventTrail(store, target.id);
    expect(trail.filter((t) => t === "run.ended")).toHaveLength(1);
    expect(trail.at(-1)).toBe("run.ended");
  });
});
