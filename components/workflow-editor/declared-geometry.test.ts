import { describe, expect, it } from "vitest";
import { DeclaredGeometry } from "./declared-geometry";
import { geometryFor } from "./node-geometry";
import type { EditorNode } from "./types";

describe("geometryFor", () => {
  it("a node with one unnamed source handle: 240 × 70, handles centred on the left and right edges", () => {
    expect(geometryFor("LLM", [null])).toEqual({
      width: 240,
      height: 70,
      handles: [
        { id: null, type: "target", position: "left", x: -6, y: 29, width: 12, height: 12 },
        { id: null, type: "source", position: "right", x: 234, y: 29, width: 12, height: 12 },
      ],
    });
  });

  it("START has no target handle; END no source handle", () => {
    expect(geometryFor("START", [null]).handles.map((handle) => handle.type)).toEqual(["source"]);
    expect(geometryFor("END", []).handles.map((handle) => handle.type)).toEqual(["target"]);
    expect(geometryFor("END", []).height).toBe(70);
  });

  it("named handles: one 24 px row each under the summary, the target handle centred on the taller node", () => {
    const { height, handles } = geometryFor("CONDITION_BRANCH", ["if_1", "if_2", "default"]);
    expect(height).toBe(151);
    expect(handles.map(({ id, x, y }) => [id, x, y])).toEqual([
      [null, -6, 69.5],
      ["if_1", 233, 80],
      ["if_2", 233, 104],
      ["default", 233, 128],
    ]);
  });
});

describe("DeclaredGeometry", () => {
  const node = (id: string, extra: Partial<EditorNode> = {}): EditorNode => ({
    id,
    type: "HUMAN_INTERVENTION",
    position: { x: 0, y: 0 },
    data: { title: "Approval", description: "", assignee: "", timeout_hours: 24 },
    ...extra,
  });

  it("gives an unmeasured node its declared size and handles, and passes a measured one through", () => {
    const measured = node("b", { measured: { width: 240, height: 140 } });
    const nodes = [node("a"), measured];
    const flow = new DeclaredGeometry().of(nodes);
    // half a pixel more than the node renders with, so React Flow reports the size it measures
    expect(flow[0]).toEqual({
      ...nodes[0],
      measured: { width: 240, height: 127.5 },
      handles: geometryFor("HUMAN_INTERVENTION", ["approved", "rejected"]).handles,
    });
    expect(flow[1]).toBe(measured);
  });

  it("keeps the same copy for the same node object, a new one for a changed node, and the same array when all are measured", () => {
    const declared = new DeclaredGeometry();
    const a = node("a");
    const first = declared.of([a]);
    expect(declared.of([a])[0]).toBe(first[0]);
    const moved = { ...a, position: { x: 10, y: 0 } };
    const second = declared.of([moved]);
    expect(second[0]).not.toBe(first[0]);
    expect(second[0].position).toEqual({ x: 10, y: 0 });
    // moved, same data: the geometry is not worked out again
    expect(second[0].handles).toBe(first[0].handles);
    // other data (a fail_branch error handle): worked out again
    const failing = declared.of([{ ...a, data: { ...a.data, error_strategy: "fail_branch" } }])[0];
    expect(failing.handles?.map((handle) => handle.id)).toEqual([null, "approved", "rejected", "error"]);
    expect(failing.measured).toEqual({ width: 240, height: 151.5 });
    const all = [node("c", { measured: { width: 240, height: 70 } })];
    expect(declared.of(all)).toBe(all);
  });
});
