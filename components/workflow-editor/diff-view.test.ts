import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { GraphDiff } from "@/lib/workflow-diff";
import { DiffView } from "./diff-view";

const empty: GraphDiff = { nodesAdded: [], nodesRemoved: [], nodesChanged: [], moved: [], edgesAdded: [], edgesRemoved: [] };
const text = (diff: GraphDiff) => renderToStaticMarkup(createElement(DiffView, { diff })).replace(/<[^>]+>/g, "");

describe("DiffView", () => {
  it("says there are no changes when nothing differs", () => {
    expect(text(empty)).toBe("No changes.");
  });

  it("lists moved nodes after the other changes", () => {
    const diff: GraphDiff = {
      ...empty,
      edgesRemoved: [{ source: "llm", sourceHandle: null, target: "end", label: "llm → end" }],
      moved: ["llm", "end"],
    };
    expect(text(diff)).toBe("Connections− llm → endLayout2 nodes moved (llm, end)");
  });

  it("says a layout-only difference moves nodes, naming them (up to 8)", () => {
    expect(text({ ...empty, moved: ["n1", "n2"] })).toBe("Same steps and settings; only the layout differs: 2 nodes moved (n1, n2).");
    expect(text({ ...empty, moved: ["end"] })).toBe("Same steps and settings; only the layout differs: 1 node moved (end).");
    const many = Array.from({ length: 10 }, (_, index) => `n${index}`);
    expect(text({ ...empty, moved: many })).toBe(
      "Same steps and settings; only the layout differs: 10 nodes moved (n0, n1, n2, n3, n4, n5, n6, n7 and 2 more).",
    );
  });
});
