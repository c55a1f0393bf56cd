import { describe, expect, it } from "vitest";
import { edge, fakeConnectors, fakeLlm, graph, node } from "../testing/fakes";
import { eventTrail, makeEngine, nodeStatuses, nodeStatusMap } from "../testing/engine-harness";

const trigger = { kind: "api" as const };
const start = node("start", "START", {
  variables: [
    { name: "x", type: "number", required: true },
    { name: "obj", type: "object" },
    { name: "s", type: "string" },
  ],
});
const echo = (id: string, text: string) => node(id, "LLM", { prompt_template: text });

/** START → cond (x > 10 ? big : default) → a | b → join → END */
function ifElse() {
  return graph(
    [
      start,
      node("cond", "CONDITION_BRANCH", {
        conditions: [{ id: "big", rules: [{ variable: "{{input.x}}", operator: "greater_than", value: "10" }] }],
      }),
      echo("a", "big {{input.x}}"),
      echo("b", "small {{input.x}}"),
      echo("join", "joined {{input.x}} after {{cond.matched}}"),
      node("end", "END", { output_mapping: { answer: "{{join.text}}", matched: "{{cond.matched}}" } }),
    ],
    [
      edge("start", "cond"),
      edge("cond", "a", "big"),
      edge("cond", "b", "default"),
      edge("a", "join"),
      edge("b", "join"),
      edge("join", "end"),
    ],
  );
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

describe("engine: branches and joins (spec §5)", () => {
  it("runs a join after if/else exactly once and skips the branch not taken", async () => {
    const llm = fakeLlm((request) => request.prompt);
    const { store, engine } = makeEngine({ llm: llm.service });
    const run = await engine.startRun({ workflowId: "wf", version: 1, graph: ifElse(), inputs: { x: 20 }, trigger });
    expect(run.status).toBe("succeeded");
    expect(run.outputs).toEqual({ answer: "joined 20 after big", matched: "big" });
    expect(llm.calls.map((c) => c.prompt)).toEqual(["big 20", "joined 20 after big"]);
    expect(await nodeStatuses(store, run.id)).toEqual([
      ["start", "succeeded"],
      ["cond", "succeeded"],
      ["b", "skipped"],
      ["a", "succeeded"],
      ["join", "succeeded"],
      ["end", "succeeded"],
    ]);
    expect(await eventTrail(store, run.id)).toContain("node.skipped:b");
    const small = await engine.startRun({ workflowId: "wf", version: 1, graph: ifElse(), inputs: { x: 3 }, trigger });
    expect(small.outputs).toEqual({ answer: "joined 3 after default", matched: "default" });
    expect(await nodeStatusMap(store, small.id)).toEqual({
      start: "succeeded",
      cond: "succeeded",
      a: "skipped",
      b: "succeeded",
      join: "succeeded",
      end: "succeeded",
    });
  });

  it("gives the same result whatever the order of nodes and edges", async () => {
    const base = ifElse();
    for (let seed = 1; seed <= 12; seed++) {
      const llm = fakeLlm((request) => request.prompt);
      const { store, engine } = makeEngine({ llm: llm.service });
      const g = { ...base, nodes: shuffled(base.nodes, seed), edges: shuffled(base.edges, seed * 7) };
      const run = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: { x: seed % 2 ? 20 : 5 }, trigger });
      expect(run.status).toBe("succeeded");
      expect(run.outputs?.answer).toBe(`joined ${seed % 2 ? 20 : 5} after ${seed % 2 ? "big" : "default"}`);
      expect(llm.calls.filter((c) => c.prompt.startsWith("joined"))).toHaveLength(1);
      expect(Object.values(await nodeStatusMap(store, run.id)).sort()).toEqual([
        "skipped",
        "succeeded",
        "succeeded",
        "succeeded",
        "succeeded",
        "succeeded",
      ]);
    }
  });

  it("runs a join after parallel conditions once when any branch is taken, and skips it when none is", async () => {
    const g = graph(
      [
        start,
        node("c1", "CONDITION_BRANCH", {
          conditions: [{ id: "yes", rules: [{ variable: "{{input.x}}", operator: "greater_than", value: 1 }] }],
        }),
        node("c2", "CONDITION_BRANCH", {
          conditions: [{ id: "yes", rules: [{ variable: "{{input.x}}", operator: "greater_than", value: 2 }] }],
        }),
        echo("a", "a"),
        echo("b", "b"),
        echo("join", "join"),
        node("end", "END", { output_mapping: { x: "{{input.x}}" } }),
      ],
      [
        edge("start", "c1"),
        edge("start", "c2"),
        edge("c1", "a", "yes"),
        edge("c2", "b", "yes"),
        edge("a", "join"),
        edge("b", "join"),
        edge("join", "end"),
      ],
    );
    const expectations: Array<[number, string[], Record<string, string>]> = [
      [5, ["a", "b", "join"], { a: "succeeded", b: "succeeded", join: "succeeded", end: "succeeded" }],
      [2, ["a", "join"], { a: "succeeded", b: "skipped", join: "succeeded", end: "succeeded" }],
      [0, [], { a: "skipped", b: "skipped", join: "skipped", end: "skipped" }],
    ];
    for (const [x, calls, statuses] of expectations) {
      const llm = fakeLlm((request) => request.prompt);
      const { store, engine } = makeEngine({ llm: llm.service });
      const run = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: { x }, trigger });
      expect(run.status).toBe("succeeded");
      expect(run.outputs).toEqual(x === 0 ? {} : { x });
      expect(llm.calls.map((c) => c.prompt).sort()).toEqual(calls);
      expect(await nodeStatusMap(store, run.id)).toMatchObject(statuses);
    }
  });

  it("cascades skips down a long branch, approvals included (no approval row)", async () => {
    const g = graph(
      [
        start,
        node("cond", "CONDITION_BRANCH", {
          conditions: [{ id: "go", rules: [{ variable: "{{input.x}}", operator: "equals", value: 1 }] }],
        }),
        echo("s1", "1"),
        node("gate", "HUMAN_INTERVENTION", { title: "never" }),
        echo("s2", "2"),
        node("end", "END", {}),
      ],
      [
        edge("start", "cond"),
        edge("cond", "s1", "go"),
        edge("s1", "gate"),
        edge("gate", "s2", "approved"),
        edge("s2", "end"),
        edge("cond", "end", "default"),
      ],
    );
    const { store, engine } = makeEngine({ llm: fakeLlm(() => "x").service });
    const run = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: { x: 2 }, trigger });
    expect(run.status).toBe("succeeded");
    expect(await nodeStatuses(store, run.id)).toEqual([
      ["start", "succeeded"],
      ["cond", "succeeded"],
      ["s1", "skipped"],
      ["gate", "skipped"],
      ["s2", "skipped"],
      ["end", "succeeded"],
    ]);
    expect(await store.listApprovals({ runId: run.id })).toEqual([]);
  });

  it("treats missing and null operands as empty in conditions, without errors", async () => {
    const g = graph(
      [
        start,
        node("cond", "CONDITION_BRANCH", {
          conditions: [
            { id: "gt", rules: [{ variable: "{{start.obj.deep.value}}", operator: "greater_than", value: 1 }] },
            { id: "ne", rules: [{ variable: "{{input.s}}", operator: "not_equals", value: "x" }] },
            {
              id: "empty",
              logical_operator: "and",
              rules: [
                { variable: "{{input.obj.nope}}", operator: "is_empty" },
                { variable: "{{input.s}}", operator: "is_empty" },
              ],
            },
          ],
        }),
        node("end", "END", { output_mapping: { matched: "{{cond.matched}}" } }),
      ],
      [
        edge("start", "cond"),
        edge("cond", "end", "gt"),
        edge("cond", "end", "ne"),
        edge("cond", "end", "empty"),
        edge("cond", "end", "default"),
      ],
    );
    const { store, engine } = makeEngine();
    const run = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: { x: 1, obj: {} }, trigger });
    expect(run.status).toBe("succeeded");
    expect(run.outputs).toEqual({ matched: "empty" });
    const nodeRun = (await store.loadRun(run.id))?.nodeRuns.find((nr) => nr.nodeId === "cond");
    const inputs = (nodeRun as { inputs: unknown }).inputs as { conditions: Array<{ rules: Array<{ left: unknown }> }> };
    expect(inputs.conditions.map((c) => c.rules.map((r) => r.left))).toEqual([[null], [null], [null, null]]);
  });

  it("fails the run with type_error for a numeric comparison of a non-numeric string", async () => {
    const g = graph(
      [
        start,
        node("cond", "CONDITION_BRANCH", {
          conditions: [{ id: "gt", rules: [{ variable: "{{input.s}}", operator: "greater_than", value: 5 }] }],
        }),
        node("end", "END", {}),
      ],
      [edge("start", "cond"), edge("cond", "end", "gt"), edge("cond", "end", "default")],
    );
    const { store, engine } = makeEngine();
    const run = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: { x: 1, s: "abc" }, trigger });
    expect(run.status).toBe("failed");
    expect(run.error).toEqual({
      code: "type_error",
      message: 'numeric comparison of a non-numeric left operand: "abc"',
      nodeId: "cond",
      details: { operand: "left", value: "abc" },
    });
    expect(await nodeStatuses(store, run.id)).toEqual([
      ["start", "succeeded"],
      ["cond", "failed"],
    ]);
  });

  it("passes typed references to connectors and fails on an unresolved reference at run time", async () => {
    const connectors = fakeConnectors(() => ({ status: 200, body: { order: { id: 9, items: [1, 2] } } }));
    const g = graph(
      [
        start,
        node("call", "CONNECTOR", {
          connector_id: "orders",
          action_id: "get",
          parameters: { x: "{{input.x}}", obj: "{{input.obj}}", text: "x={{input.x}}" },
        }),
        node("end", "END", {
          output_mapping: { items: "{{call.body.order.items}}", id: "{{call.body.order.id}}", missing: "{{call.body.order.nope}}" },
        }),
      ],
      [edge("start", "call"), edge("call", "end")],
    );
    const { engine } = makeEngine({ connectors: connectors.service });
    const run = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: { x: 3, obj: { a: [1] } }, trigger });
    expect(connectors.calls[0].parameters).toEqual({ x: 3, obj: { a: [1] }, text: "x=3" });
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({
      code: "unresolved_reference",
      nodeId: "end",
      message: 'Unresolved reference {{call.body.order.nope}}: nothing at "call.body.order.nope"',
    });
  });

  it("runs ready nodes in parallel up to maxParallel", async () => {
    let active = 0;
    let peak = 0;
    const llm = fakeLlm(async () => {
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 15));
      active -= 1;
      return "done";
    });
    const branches = ["p1", "p2", "p3", "p4", "p5"];
    const g = graph(
      [start, ...branches.map((id) => echo(id, id)), node("end", "END", {})],
      [...branches.map((id) => edge("start", id)), ...branches.map((id) => edge(id, "end"))],
    );
    const { engine } = makeEngine({ llm: llm.service }, { maxParallel: 2 });
    const run = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: { x: 1 }, trigger });
    expect(run.status).toBe("succeeded");
    expect(peak).toBe(2);
    const wide = makeEngine({ llm: llm.service }, { maxParallel: 8 });
    peak = 0;
    await wide.engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: { x: 1 }, trigger });
    expect(peak).toBe(5);
  });

  it("unions the outputs of the ENDs that ran", async () => {
    const g = graph(
      [
        start,
        node("e1", "END", { output_mapping: { a: "1", shared: "first" } }),
        echo("slow", "s"),
        node("e2", "END", { output_mapping: { b: "{{input.x}}", shared: "second" } }),
      ],
      [edge("start", "e1"), edge("start", "slow"), edge("slow", "e2")],
    );
    const { engine } = makeEngine({ llm: fakeLlm(() => "x").service });
    const run = await engine.startRun({ workflowId: "wf", version: 1, graph: g, inputs: { x: 4 }, trigger });
    expect(run.outputs).toEqual({ a: "1", shared: "second", b: 4 });
  });
});
