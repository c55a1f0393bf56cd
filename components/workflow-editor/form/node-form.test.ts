import { describe, expect, it } from "vitest";
import { z } from "zod";
import { llmConfigSchema } from "@/lib/workflow/nodes/llm";
import { friendlyMessage } from "./node-form";

/** The messages a form field shows for `data` checked against the LLM config schema, by field. */
function messages(data: Record<string, unknown>): Record<string, string> {
  const result = llmConfigSchema.safeParse(data, { error: friendlyMessage });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("friendlyMessage", () => {
  it("words zod's generic messages plainly, as sentences, and keeps the schema's own", () => {
    expect(messages({ prompt_template: "x", temperature: 5, max_tokens: 1.5 })).toEqual({
      temperature: "Must be at most 2.",
      max_tokens: "Must be a whole number, not a decimal number.",
    });
    expect(messages({ prompt_template: "x", max_tokens: 0, output_schema: "{ not json" })).toEqual({
      max_tokens: "Must be more than 0.",
      output_schema: "Must be an object, not text.",
    });
    // the schema's own message for an empty prompt, the form's for a missing one
    expect(messages({ prompt_template: "" }).prompt_template).toMatch(/^Required: write the prompt/);
    expect(messages({}).prompt_template).toBe("Required.");
    expect(z.string().safeParse(1, { error: friendlyMessage }).error?.issues[0].message).toBe("Must be text, not a number.");
  });
});
