import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateDocument } from "./validate";

/** The example documents (spec §1) are valid; the ones under invalid/ fail with exactly the expected issues. */
const dir = path.resolve(import.meta.dirname, "../../fixtures/workflows");
const load = (name: string): unknown => JSON.parse(readFileSync(path.join(dir, name), "utf8"));
const valid = readdirSync(dir).filter((name) => name.endsWith(".json"));

describe("fixtures/workflows", () => {
  it.each(valid)("%s is valid", (name) => {
    const result = validateDocument(load(name));
    expect(result.ok ? [] : result.issues).toEqual([]);
  });

  it.each([
    ["invalid/cycle.json", [["cycle", ["a", "b"]]]],
    ["invalid/self-loop.json", [["cycle", ["again"]]]],
    ["invalid/dangling-edge.json", [["dangling_edge", ["start"]]]],
    ["invalid/unknown-type.json", [["unknown_node_type", ["magic"]]]],
    ["invalid/bad-handle.json", [["invalid_handle", ["route"]]]],
  ])("%s has exactly the expected issue", (name, expected) => {
    const result = validateDocument(load(name));
    expect(result.ok ? [] : result.issues.map((issue) => [issue.code, issue.nodeIds])).toEqual(expected);
  });

  it("invalid/not-a-document.json is an invalid_document", () => {
    const result = validateDocument(load("invalid/not-a-document.json"));
    expect(result.ok ? [] : [...new Set(result.issues.map((issue) => issue.code))]).toEqual(["invalid_document"]);
  });
});
