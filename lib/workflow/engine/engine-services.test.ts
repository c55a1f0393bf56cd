import { describe, expect, it } from "vitest";
import type { NodeRunInfo } from "../nodes/node-definition";
import type { RunEventRecord } from "../run-store";
import { edge, fakeLlm, fakeMcp, graph, node } from "../testing/fakes";
import { makeEngine } from "../testing/engine-harness";

const trigger = { kind: "api" as const, userId: "u7" };

describe("engine: services, secrets and streaming", () => {
  it("keeps secret workspace variables out of stored inputs, outputs and events, not out of the call", async () => {
    // The fake streams its answer in two halves, which splits the secret across two deltas.
    const llm = fakeLlm((request) => `echo ${request.prompt}`);
    const g = graph(
      [
        node("start", "START", {}),
        node("llm", "LLM", { prompt_template: "key={{env.API_KEY}} region={{env.REGION}}" }),
        node("end", "END", { output_mapping: { said: "{{llm.text}}" } }),
      ],
      [edge("start", "llm"), edge("llm", "end")],
    );
    const { store, engine } = makeEngine({
      llm: llm.service,
      env: { API_KEY: "sk-very-secret", REGION: "eu" },
      secretEnvNames: ["API_KEY"],
    });
    const run = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: {}, trigger });
    expect(llm.calls[0].prompt).toBe("key=sk-very-secret region=eu");
    const stored = JSON.stringify({ nodeRuns: (await store.loadRun(run.id))?.nodeRuns, events: await store.listEvents(run.id) });
    expect(stored).not.toContain("sk-very-secret");
    expect(stored).toContain("key=[redacted] region=eu");
    expect(run.outputs).toEqual({ said: "echo key=[redacted] region=eu" });
    const deltas = (await store.listEvents(run.id)).filter((e) => e.type === "node.delta").map((e) => e.data.text);
    expect(deltas.join("")).toBe("echo key=[redacted] region=eu");
  });

  it("gives each run its own services from a factory, and closes its MCP sessions when it stops", async () => {
    const seen: NodeRunInfo[] = [];
    const mcps: Array<ReturnType<typeof fakeMcp>> = [];
    const g = graph(
      [
        node("start", "START", {}),
        node("tool", "MCP", { server_id: "s", tool_name: "t" }),
        node("end", "END", { output_mapping: { c: "{{tool.content}}" } }),
      ],
      [edge("start", "tool"), edge("tool", "end")],
    );
    const { engine } = makeEngine(
      {},
      {
        services: (info) => {
          seen.push(info);
          const mcp = fakeMcp(() => ({ content: `run ${info.runId}` }));
          mcps.push(mcp);
          return { mcp: mcp.service };
        },
      },
    );
    const first = await engine.startRun({
      workflowId: "wf",
      version: 1,
      graph: g,
      inputs: {},
      trigger,
      depth: 1,
      parentRunId: "parent",
      callStack: ["outer"],
    });
    const second = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: {}, trigger });
    expect(first.error).toBeNull();
    expect(first.outputs).toEqual({ c: `run ${first.id}` });
    expect(second.outputs).toEqual({ c: `run ${second.id}` });
    expect(seen).toEqual([
      { runId: first.id, workflowId: "wf", depth: 1, callStack: ["outer", "wf"], userId: "u7" },
      { runId: second.id, workflowId: "wf", depth: 0, callStack: ["wf"], userId: "u7" },
    ]);
    expect([first.parentRunId, first.depth]).toEqual(["parent", 1]);
    expect(mcps.map((m) => m.state.closed)).toEqual([1, 1]);
  });

  it("streams a waiting run's later events live to a follower, each once, until run.ended", async () => {
    const g = graph(
      [
        node("start", "START", {}),
        node("gate", "HUMAN_INTERVENTION", {}),
        node("end", "END", { output_mapping: { d: "{{gate.decision}}" } }),
      ],
      [edge("start", "gate"), edge("gate", "end", "approved")],
    );
    const { engine } = makeEngine();
    const waiting = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: {}, trigger });
    const followed: RunEventRecord[] = [];
    const following = (async () => {
      for await (const event of engine.followEvents(waiting.id, { afterSeq: 2, pollMs: 50 })) followed.push(event);
    })();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await engine.decide("id2", "approved", null, { id: null, email: "a@b.c", role: "member", name: "A" });
    await following;
    expect(followed.map((e) => [e.seq, e.type])).toEqual([
      [3, "node.ended"],
      [4, "node.started"],
      [5, "node.waiting"],
      [6, "run.waiting"],
      [7, "approval.decided"],
      [8, "node.ended"],
      [9, "node.started"],
      [10, "node.ended"],
      [11, "run.ended"],
    ]);
  });
});
