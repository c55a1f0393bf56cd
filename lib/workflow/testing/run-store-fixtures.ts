/**
 * Values the RunStore conformance suite (run-store.conformance.ts) stores and compares: a run, node runs and
 * approvals holding JSON of every kind, at fixed times.
 */
import type { NewApproval, NewRun, NodeRunRecord } from "../run-store";

export const T0 = new Date("2025-01-02T03:04:05.678Z");
/** T0 plus `ms`. */
export const at = (ms: number) => new Date(T0.getTime() + ms);

/** Runs a write that a store may refuse by having frozen the value (TypeError); any other error fails the test. */
export function attempt(write: () => unknown): void {
  try {
    write();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
}

/** A two-node graph with Unicode text and a negative, fractional position. */
export const GRAPH = {
  nodes: [
    {
      id: "start",
      type: "START",
      position: { x: 0, y: -12.5 },
      data: { title: "Start ✓ — “quotes”", variables: [{ name: "n", type: "number", required: true }] },
    },
    { id: "end", type: "END", position: { x: 300, y: 0 }, data: { output_mapping: { n: "{{input.n}}" } } },
  ],
  edges: [{ id: "e1", source: "start", sourceHandle: null, target: "end", targetHandle: null }],
  viewport: { x: 0, y: 0, zoom: 1 },
};

/** A new run of `workflowId`, the `counter`-th of its test: distinct id and times, JSON values of every kind. */
export function conformanceRun(workflowId: string, counter: number, overrides: Partial<NewRun> = {}): NewRun {
  return {
    id: `run_conf_${counter}_${Math.random().toString(36).slice(2, 8)}`,
    workflowId,
    version: 3,
    graph: GRAPH,
    status: "running",
    inputs: { n: 42, list: [1, "two", null, { deep: [true, false] }], nothing: null, ratio: 2.5, neg: -0.5, big: 9007199254740991 },
    outputs: null,
    error: null,
    trigger: { kind: "cli", userId: null, details: { via: "conformance", tags: ["a", "b"] } },
    parentRunId: null,
    depth: 0,
    state: {
      schemaVersion: 1,
      edges: "u",
      steps: 0,
      nextPosition: 0,
      activeMs: 0,
      callStack: ["wf_conformance"],
      handledFailures: false,
    },
    usage: { prompt_tokens: 0, completion_tokens: 0 },
    workerId: "worker-a",
    createdAt: at(counter),
    startedAt: at(counter),
    endedAt: null,
    ...overrides,
  };
}

/** A running LLM node run at `position`. */
export function conformanceNodeRun(runId: string, nodeId: string, position: number, overrides: Partial<NodeRunRecord> = {}): NodeRunRecord {
  return {
    runId,
    nodeId,
    nodeType: "LLM",
    status: "running",
    position,
    attempts: 1,
    inputs: { prompt: "hi", n: 0, list: [] },
    outputs: null,
    error: null,
    model: null,
    usage: { prompt_tokens: 0, completion_tokens: 0 },
    startedAt: at(10),
    endedAt: null,
    elapsedMs: null,
    ...overrides,
  };
}

/** A pending approval with Unicode text and nested context. */
export function conformanceApproval(runId: string, id: string, nodeId: string, overrides: Partial<NewApproval> = {}): NewApproval {
  return {
    id,
    runId,
    nodeId,
    title: "Refund 42?",
    description: "Amount: 42 €",
    assignee: "",
    context: { input: { n: 42 }, llm: { text: "ok", usage: { prompt_tokens: 1, completion_tokens: 2 } } },
    expiresAt: at(3_600_000),
    createdAt: at(20),
    ...overrides,
  };
}
