import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { edge, graph, node } from "@/lib/workflow/testing/fakes";
import { checkGraphForRun } from "@/lib/workflow/validate";
import { runGraphRow } from "./run-records";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const g = graph([node("start", "START", { variables: [] }), node("end", "END", { output_mapping: {} })], [edge("start", "end")]);
const createdAt = new Date("2026-01-01T00:00:00Z");

describe("runGraphRow", () => {
  it("ids a snapshot by workflow and JSON text: the same for the same workflow, another for another workflow", () => {
    const { snapshot } = checkGraphForRun(g);
    const text = JSON.stringify(g);
    const first = runGraphRow({ workflowId: "w1", graph: snapshot, createdAt });
    expect(first).toEqual({ id: sha256(`w1\n${text}`), workflowId: "w1", graph: text, createdAt });
    expect(runGraphRow({ workflowId: "w1", graph: snapshot, createdAt }).id).toBe(first.id);
    expect(runGraphRow({ workflowId: "w2", graph: snapshot, createdAt }).id).toBe(sha256(`w2\n${text}`));
    // a graph that is not a snapshot is serialised: same text, same id
    expect(runGraphRow({ workflowId: "w1", graph: structuredClone(g), createdAt }).id).toBe(first.id);
  });
});
