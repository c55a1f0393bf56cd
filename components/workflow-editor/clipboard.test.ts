import { describe, expect, it } from "vitest";
import { CLIPBOARD_FORMAT, copySelection, parseClipboard, pasteInto } from "./clipboard";
import type { EditorGraph } from "./types";

const graph: EditorGraph = {
  nodes: [
    { id: "start", type: "START", position: { x: 0, y: 0 }, data: { variables: [{ name: "q", type: "string" }] }, selected: true },
    { id: "llm", type: "LLM", position: { x: 300, y: 0 }, data: { prompt_template: "{{input.q}}" }, selected: true },
    {
      id: "end",
      type: "END",
      position: { x: 600, y: 0 },
      data: { output_mapping: { a: "{{llm.text}}", b: "{{ llm.usage }}" } },
      selected: true,
    },
    { id: "other", type: "END", position: { x: 600, y: 200 }, data: {} },
  ],
  edges: [
    { id: "e1", source: "start", target: "llm", sourceHandle: null, targetHandle: null },
    { id: "e2", source: "llm", target: "end", sourceHandle: null, targetHandle: null },
    { id: "e3", source: "llm", target: "other", sourceHandle: null, targetHandle: null },
  ],
};

describe("clipboard", () => {
  it("copies the selected nodes and only the edges between them", () => {
    const payload = copySelection(graph);
    expect(payload?.nodes.map((n) => n.id)).toEqual(["start", "llm", "end"]);
    expect(payload?.edges.map((e) => e.id)).toEqual(["e1", "e2"]);
    expect(parseClipboard(JSON.stringify(payload))).toEqual(payload);
    expect(parseClipboard("hello")).toBeNull();
    expect(parseClipboard(`{"format":"${CLIPBOARD_FORMAT}"`)).toBeNull();
  });

  it("pastes with fresh ids, rewritten references, offset positions, no second START, and selects the copies", () => {
    const payload = copySelection(graph);
    if (!payload) throw new Error("payload expected");
    const result = pasteInto(graph, payload, { x: 40, y: 40 });
    const pasted = result.nodes.slice(4);
    expect(pasted.map((n) => [n.id, n.position, n.selected])).toEqual([
      ["llm_2", { x: 340, y: 40 }, true],
      ["end_2", { x: 640, y: 40 }, true],
    ]);
    expect(pasted[1].data).toEqual({ output_mapping: { a: "{{llm_2.text}}", b: "{{ llm_2.usage }}" } });
    expect(pasted[0].data).toEqual({ prompt_template: "{{input.q}}" });
    expect(result.edges.slice(3)).toEqual([
      { id: "llm_2-out-end_2", source: "llm_2", sourceHandle: null, target: "end_2", targetHandle: null },
    ]);
    expect(result.nodes.slice(0, 4).every((n) => !n.selected)).toBe(true);
  });
});
