import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseDocument } from "./schema";
import { readableZodError } from "./zod-messages";

const schema = z
  .object({
    name: z.string(),
    count: z.number().int().min(1).max(5),
    kind: z.enum(["a", "b"]),
    title: z.string().min(1),
    tags: z.array(z.string()).max(2),
    flag: z.boolean(),
    custom: z.string().min(3, "say at least three letters"),
  })
  .strict();

function messages(value: unknown): Record<string, string> {
  const result = schema.safeParse(value, { error: readableZodError });
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join(".") || "(root)", issue.message]));
}

describe("readableZodError", () => {
  it("says what is wrong in plain words, and keeps a schema's own message", () => {
    expect(messages({ count: 2.5, kind: "c", title: "", tags: ["x", "y", "z"], flag: "yes", custom: "ab", extra: 1, more: 2 })).toEqual({
      name: "required",
      count: "must be a whole number, not a decimal number",
      kind: 'must be one of "a", "b"',
      title: "must not be empty",
      tags: "must have at most 2 items",
      flag: "must be true or false, not text",
      custom: "say at least three letters",
      "(root)": 'unknown fields "extra", "more"',
    });
    expect(messages({ name: 1, count: 0, kind: "a", title: "t", tags: [], flag: true, custom: "abc" })).toEqual({
      name: "must be text, not a number",
      count: "must be at least 1",
    });
    expect(messages({ name: "n", count: 9, kind: "a", title: "t", tags: [], flag: true, custom: "abc" })).toEqual({
      count: "must be at most 5",
    });
  });

  it("reads well in an import's problems", () => {
    const result = parseDocument({ format: "switchyard.workflow", version: 1, graph: { nodes: [], edges: [] } });
    expect(result.ok ? [] : result.issues.map((issue) => [issue.code, issue.field, issue.message])).toEqual([
      ["invalid_document", "name", "name: required"],
    ]);
  });
});
