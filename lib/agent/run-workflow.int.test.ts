/**
 * `run_workflow` (spec §7) end to end: the real workflow engine (in-memory run store) runs AGENT nodes
 * whose agents (the model over the wire, aimock) call run_workflow: typed outputs, parent run and depth,
 * run as owner, `reentrant_call`, `max_depth_exceeded`, `contains_human_intervention`, strict inputs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AssembleRequest, assembleTools } from "@/lib/tools/assemble";
import { createEngineWorkflowRunner, type WorkflowSummary } from "@/lib/tools/sources/run-workflow";
import { createEngine } from "@/lib/workflow/engine/create-engine";
import type { WorkflowEngine } from "@/lib/workflow/engine/types";
import { InMemoryRunStore } from "@/lib/workflow/memory-run-store";
import { createAgentService } from "./agent-service";
import { type MockModel, startMockModel, toolMessagesOfTurn } from "./testing/aimock";

let m: MockModel;
let engine: WorkflowEngine;
let store: InMemoryRunStore;

function agentGraph(prompt: string) {
  return {
    nodes: [
      { id: "start", type: "START", position: { x: 0, y: 0 }, data: { title: "Start", variables: [] } },
      {
        id: "agent",
        type: "AGENT",
        position: { x: 200, y: 0 },
        data: { title: "Agent", instructions: "Use workflows.", tool_categories: ["workflow"], prompt_template: prompt },
      },
      {
        id: "end",
        type: "END",
        position: { x: 400, y: 0 },
        data: { title: "End", output_mapping: { answer: "{{agent.text}}", steps: "{{agent.steps}}" } },
      },
    ],
    edges: [
      { id: "e1", source: "start", sourceHandle: null, target: "agent", targetHandle: null },
      { id: "e2", source: "agent", sourceHandle: null, target: "end", targetHandle: null },
    ],
    viewport: { x: 0, y: 0, zoom: 1 },
  };
}

const doubleGraph = {
  nodes: [
    {
      id: "start",
      type: "START",
      position: { x: 0, y: 0 },
      data: {
        title: "Start",
        variables: [
          { name: "x", type: "number", required: true },
          { name: "label", type: "string", required: false },
        ],
      },
    },
    {
      id: "end",
      type: "END",
      position: { x: 200, y: 0 },
      data: { title: "End", output_mapping: { x: "{{start.x}}", label: "{{start.label}}" } },
    },
  ],
  edges: [{ id: "e1", source: "start", sourceHandle: null, target: "end", targetHandle: null }],
  viewport: { x: 0, y: 0, zoom: 1 },
};

const workflows: (WorkflowSummary & { graph: unknown })[] = [
  {
    id: "wf_double",
    name: "Echo number",
    description: "Returns x",
    ownerId: "owner-1",
    active: true,
    hasHumanIntervention: false,
    variables: doubleGraph.nodes[0].data.variables as never,
    graph: doubleGraph,
  },
  {
    id: "wf_loop",
    name: "Loop",
    description: "Calls itself",
    ownerId: "owner-1",
    active: true,
    hasHumanIntervention: false,
    variables: [],
    graph: agentGraph("loop: run Loop again"),
  },
  {
    id: "wf_d0",
    name: "D0",
    description: "",
    ownerId: "owner-1",
    active: true,
    hasHumanIntervention: false,
    variables: [],
    graph: agentGraph("depth: go to D1"),
  },
  {
    id: "wf_d1",
    name: "D1",
    description: "",
    ownerId: "owner-1",
    active: true,
    hasHumanIntervention: false,
    variables: [],
    graph: agentGraph("depth: go to D2"),
  },
  {
    id: "wf_d2",
    name: "D2",
    description: "",
    ownerId: "owner-1",
    active: true,
    hasHumanIntervention: false,
    variables: [],
    graph: agentGraph("depth: go to D3"),
  },
  {
    id: "wf_gated",
    name: "Refund approval",
    description: "",
    ownerId: "owner-1",
    active: true,
    hasHumanIntervention: true,
    variables: [],
    graph: doubleGraph,
  },
  {
    id: "wf_main",
    name: "Main",
    description: "",
    ownerId: "owner-2",
    active: true,
    hasHumanIntervention: false,
    variables: [],
    graph: agentGraph("main: echo 21, try the gated one, and pass a string"),
  },
];

function scriptCall(prompt: string, id: string, args: unknown) {
  m.mock.on({ userMessage: prompt, hasToolResult: false }, { toolCalls: [{ id, name: "run_workflow", arguments: JSON.stringify(args) }] });
  m.mock.on({ userMessage: prompt, hasToolResult: true }, { content: `finished ${prompt}` });
}

beforeAll(async () => {
  m = await startMockModel();
  store = new InMemoryRunStore();
  const runner = createEngineWorkflowRunner({ startRun: (params) => engine.startRun(params) }, async (id) => {
    const workflow = workflows.find((candidate) => candidate.id === id);
    return workflow ? { version: 1, graph: workflow.graph } : null;
  });
  const assemble = (request: AssembleRequest) =>
    assembleTools(request, { builtins: () => [], workflows: { list: async () => workflows, run: runner, maxDepth: 1 } });
  const agent = createAgentService({ model: m.model, assemble, resolveAgent: async () => null });
  engine = createEngine({ store, services: { agent } });
  scriptCall("loop: run Loop again", "call_loop", { name: "Loop" });
  scriptCall("depth: go to D1", "call_d1", { name: "D1" });
  scriptCall("depth: go to D2", "call_d2", { name: "D2" });
  scriptCall("depth: go to D3", "call_d3", { name: "Echo number", inputs: { x: 1 } });
  m.mock.on(
    { userMessage: "main: echo 21", hasToolResult: false },
    {
      toolCalls: [
        { id: "call_echo", name: "run_workflow", arguments: '{"name":"Echo number","inputs":{"x":21}}' },
        { id: "call_gated", name: "run_workflow", arguments: '{"name":"Refund approval","inputs":{}}' },
        { id: "call_strict", name: "run_workflow", arguments: '{"name":"Echo number","inputs":{"x":"21","extra":true}}' },
      ],
    },
  );
  m.mock.on({ userMessage: "main: echo 21", hasToolResult: true }, { content: "main done" });
});

afterAll(async () => {
  await m.mock.stop();
});

function graphOf(id: string) {
  return workflows.find((workflow) => workflow.id === id)!.graph;
}

function lastToolResults(prompt: string) {
  const body = m
    .requests()
    .filter((request) => request.messages.some((message) => message.role === "user" && message.content === prompt))
    .at(-1);
  return toolMessagesOfTurn(body as never).map((message) => message.content);
}

describe("run_workflow through AGENT nodes", () => {
  it("runs a child as its owner with parent run and depth, returns typed outputs, and refuses gated workflows and loose inputs", async () => {
    const run = await engine.startRun({
      workflowId: "wf_main",
      version: 1,
      graph: graphOf("wf_main"),
      inputs: {},
      trigger: { kind: "editor", userId: "owner-2" },
    });
    expect(run.status).toBe("succeeded");
    const results = lastToolResults("main: echo 21, try the gated one, and pass a string");
    const echo = JSON.parse(String(results[0]));
    expect(echo).toEqual({ run_id: expect.any(String), status: "succeeded", outputs: { x: 21, label: null } });
    expect(results[1]).toBe('Error (contains_human_intervention): "Refund approval" waits for a human approval, so an agent cannot run it');
    expect(results[2]).toBe(
      'Error (invalid_input): Invalid inputs for "Echo number": "extra" is not an input of this workflow; Input "x" must be of type number, got string',
    );
    const child = await store.getRun(echo.run_id);
    expect(child).toMatchObject({
      parentRunId: run.id,
      depth: 1,
      trigger: { kind: "parent_run", userId: "owner-1", details: { requested_by: "owner-2", parent_run_id: run.id } },
    });
    expect(child?.state.callStack).toEqual(["wf_main", "wf_double"]);
  });

  it("returns reentrant_call when a workflow on the call stack is called again", async () => {
    const run = await engine.startRun({
      workflowId: "wf_loop",
      version: 1,
      graph: graphOf("wf_loop"),
      inputs: {},
      trigger: { kind: "editor", userId: "owner-1" },
    });
    expect(run.status).toBe("succeeded");
    expect(lastToolResults("loop: run Loop again")).toEqual([
      'Error (reentrant_call): "Loop" is already running in this call chain (wf_loop); it cannot call itself',
    ]);
  });

  it("returns max_depth_exceeded one level past the cap", async () => {
    const run = await engine.startRun({
      workflowId: "wf_d0",
      version: 1,
      graph: graphOf("wf_d0"),
      inputs: {},
      trigger: { kind: "editor", userId: "owner-1" },
    });
    expect(run.status).toBe("succeeded");
    // D0 (depth 0) → D1 (depth 1, the cap) → D2 would be depth 2
    const d1 = JSON.parse(String(lastToolResults("depth: go to D1")[0]));
    expect(d1.status).toBe("succeeded");
    expect(lastToolResults("depth: go to D2")).toEqual([
      'Error (max_depth_exceeded): Running "D2" would nest runs 2 levels deep; the limit is 1',
    ]);
    expect((await store.getRun(d1.run_id))?.depth).toBe(1);
  });
});
