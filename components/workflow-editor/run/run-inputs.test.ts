import { describe, expect, it } from "vitest";
import { runInputFields, runInputSchema, startVariablesOf, typedDefaults } from "./run-inputs";

const data = {
  variables: [
    { name: "amount", type: "number", required: true },
    { name: "note", type: "string", default_value: "none", description: "Why" },
    { name: "urgent", type: "boolean", default_value: true },
    { name: "order", type: "object" },
    { name: "tags", type: "array" },
    { name: "1bad", type: "string" },
  ],
};

describe("run inputs from START's variables", () => {
  const fields = runInputFields(startVariablesOf(data));

  it("makes one field per valid variable with its type, flag, description and default", () => {
    expect(fields).toEqual([
      { name: "amount", type: "number", required: true, initial: "" },
      { name: "note", type: "string", required: false, description: "Why", initial: "none" },
      { name: "urgent", type: "boolean", required: false, initial: true },
      { name: "order", type: "object", required: false, initial: "" },
      { name: "tags", type: "array", required: false, initial: "" },
    ]);
  });

  it("turns the form's text into typed inputs, leaving empty optional fields out", () => {
    const parsed = runInputSchema(fields).safeParse({ amount: " 12.5 ", note: "", urgent: false, order: '{"id": "A1"}', tags: "[1,2]" });
    expect(parsed.success && parsed.data).toEqual({ amount: 12.5, urgent: false, order: { id: "A1" }, tags: [1, 2] });
  });

  it("names each field that is wrong", () => {
    const parsed = runInputSchema(fields).safeParse({ amount: "", note: "x", urgent: true, order: "[1]", tags: "{nope" });
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries((parsed.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
    expect(messages.amount).toBe("Required.");
    expect(messages.order).toBe('Enter a JSON object, like {"a": 1}.');
    expect(messages.tags).toMatch(/^Not valid JSON: /);
  });

  it("accepts numbers in decimal notation only", () => {
    const amount = (text: string) => {
      const parsed = runInputSchema(fields).safeParse({ amount: text, note: "", urgent: false, order: "", tags: "" });
      return parsed.success ? parsed.data.amount : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    };
    expect(amount("42")).toBe(42);
    expect(amount("-3.5")).toBe(-3.5);
    expect(amount(".5")).toBe(0.5);
    expect(amount("1e3")).toBe(1000);
    for (const text of ["0x10", "0b1", "0o7", "Infinity", "1e999", "1,5", "12abc", "- 1"]) {
      expect(amount(text)).toEqual(["amount: Enter a decimal number, like 42 or -3.5."]);
    }
  });

  it("types START's defaults as the form submits them; variables without a default are left out", () => {
    expect(typedDefaults(startVariablesOf(data))).toEqual({ note: "none", urgent: true });
    const more = startVariablesOf({
      variables: [
        { name: "order_id", type: "number", default_value: 1001 },
        { name: "typed_as_text", type: "number", default_value: "7" },
        { name: "filters", type: "object", default_value: { open: true } },
        { name: "ids", type: "array", default_value: [1, 2] },
        { name: "off", type: "boolean", default_value: false },
        { name: "nothing", type: "string", default_value: null },
        { name: "not_a_number", type: "number", default_value: "abc" },
      ],
    });
    expect(typedDefaults(more)).toEqual({ order_id: 1001, typed_as_text: 7, filters: { open: true }, ids: [1, 2], off: false });
  });

  it("has no fields without a START", () => {
    expect(runInputFields(startVariablesOf(undefined))).toEqual([]);
  });
});
