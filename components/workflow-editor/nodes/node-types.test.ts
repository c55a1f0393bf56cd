import type { NodeProps } from "@xyflow/react";
import { describe, expect, it } from "vitest";
import type { EditorNode } from "../types";
import { sameShown } from "./node-types";

const props = (extra: Partial<NodeProps<EditorNode>> = {}) =>
  ({
    id: "llm",
    type: "LLM",
    data,
    selected: false,
    dragging: false,
    positionAbsoluteX: 0,
    positionAbsoluteY: 0,
    ...extra,
  }) as NodeProps<EditorNode>;
const data = { title: "Ask" };

describe("node renderers' props compare", () => {
  it("skips the re-render a drag's pointer move would cause (position, dragging)", () => {
    expect(sameShown(props(), props({ positionAbsoluteX: 40, positionAbsoluteY: 20, dragging: true }))).toBe(true);
  });

  it("re-renders for new data, another selection or another node", () => {
    expect(sameShown(props(), props({ data: { title: "Ask" } }))).toBe(false);
    expect(sameShown(props(), props({ selected: true }))).toBe(false);
    expect(sameShown(props(), props({ id: "llm_2" }))).toBe(false);
  });
});
