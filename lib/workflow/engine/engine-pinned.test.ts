import { describe, expect, it } from "vitest";
import { InMemoryRunStore } from "../memory-run-store";
import { edge, fakeLlm, graph, node } from "../testing/fakes";
import { createEngine } from "./create-engine";

/** START → LLM (outputs pinned in the editor: `pinned_outputs` beside `data`) → END. */
const plain = graph(
  [
    node("start", "START", { variables: [{ name: "q", type: "string", required: true }] }),
    node("llm", "LLM", { prompt_template: "Answer {{input.q}}" }),
    node("end", "END", { output_mapping: { answer: "{{llm.text}}" } }),
  ],
  [edge("start", "llm"), edge("llm", "end")],
);
const pinnedGraph = {
  ...plain,
  nodes: plain.nodes.map((n) => (n.id === "llm" ? { ...n, pinned_outputs: { text: "pinned answer", usage: null } } : n)),
};

function setup() {
  const llm = fakeLlm(() => "live answer");
  const store = new InMemoryRunStore();
  let id = 0;
  const engine = createEngine({ store, services: { llm: llm.service }, createId: () => `id${++id}`, workerId: "w1" });
  return { llm, store, engine };
}

describe("engine: pinned outputs", () => {
  it("a draft run takes a node's pinned outputs instead of executing it", async () => {
    const { llm, store, engine } = setup();
    const run = await engine.startRun({
      workflowId: "wf",
      version: null,
      graph: pinnedGraph,
      inputs: { q: "why?" },
      trigger: { kind: "editor" },
    });
    expect(run.status).toBe("succeeded");
    expect(run.outputs).toEqual({ answer: "pinned answer" });
    expect(llm.calls).toHaveLength(0);
    const snapshot = await store.loadRun(run.id);
    const llmRun = snapshot?.nodeRuns.find((record) => record.nodeId === "llm");
    expect(llmRun?.status).toBe("succeeded");
    expect(llmRun?.inputs).toEqual({ pinned_outputs: true });
    expect(llmRun?.outputs).toEqual({ text: "pinned answer", usage: null });
  });

  it("a published version ignores pins and executes every node", async () => {
    const { llm, engine } = setup();
    const run = await engine.startRun({
      workflowId: "wf",
      version: 3,
      graph: pinnedGraph,
      inputs: { q: "why?" },
      trigger: { kind: "api" },
    });
    expect(run.status).toBe("succeeded");
    expect(run.outputs).toEqual({ answer: "live answer" });
    expect(llm.calls.map((call) => call.prompt)).toEqual(["Answer why?"]);
  });
});
