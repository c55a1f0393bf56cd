import { describe, expect, it } from "vitest";
import { layoutGraph } from "./auto-layout";
import type { EditorEdge, EditorNode } from "./types";

const condition = { conditions: [{ id: "if_1", rules: [{ variable: "{{input.a}}", operator: "equals", value: "x" }] }] };

function node(id: string, type: EditorNode["type"], extra: Partial<EditorNode> = {}): EditorNode {
  return { id, type, position: { x: 0, y: 0 }, data: type === "CONDITION_BRANCH" ? condition : {}, ...extra };
}

/** The gap between two boxes `height` px high stacked in one column (px; negative: they overlap). */
function verticalGap(a: EditorNode, height: number, b: EditorNode): number {
  const [upper, lower] = a.position.y < b.position.y ? [a, b] : [b, a];
  return lower.position.y - (upper.position.y + height);
}

describe("layoutGraph", () => {
  const edges: EditorEdge[] = [
    { id: "e1", source: "start", target: "c1" },
    { id: "e2", source: "start", target: "c2" },
  ];

  it("lays out left to right: a node's targets in the next column, 90 px right of it", () => {
    const laid = layoutGraph([node("start", "START"), node("c1", "CONDITION_BRANCH"), node("c2", "CONDITION_BRANCH")], edges);
    const [start, c1, c2] = laid;
    expect(c1.position.x).toBe(c2.position.x);
    expect(c1.position.x - (start.position.x + 240)).toBe(90);
  });

  it("gives nodes never rendered their full-detail size: two conditions (127 px high) stacked 40 px apart", () => {
    const [, c1, c2] = layoutGraph([node("start", "START"), node("c1", "CONDITION_BRANCH"), node("c2", "CONDITION_BRANCH")], edges);
    expect(verticalGap(c1, 127, c2)).toBe(40);
  });

  it("does not shrink a node measured zoomed out (compact, 40 px high) to that size, and grows one measured taller", () => {
    const compact = { width: 160, height: 40 };
    const [, c1, c2] = layoutGraph(
      [
        node("start", "START"),
        node("c1", "CONDITION_BRANCH", { measured: compact }),
        node("c2", "CONDITION_BRANCH", { measured: compact }),
      ],
      edges,
    );
    expect(verticalGap(c1, 127, c2)).toBe(40);
    const tall = { width: 240, height: 160 };
    const [, t1, t2] = layoutGraph(
      [node("start", "START"), node("c1", "CONDITION_BRANCH", { measured: tall }), node("c2", "CONDITION_BRANCH", { measured: tall })],
      edges,
    );
    expect(verticalGap(t1, 160, t2)).toBe(40);
  });
});
