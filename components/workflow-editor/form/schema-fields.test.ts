import { describe, expect, it } from "vitest";
import { validateGraph } from "@/lib/workflow/validate";
import { z } from "zod";
import {
  configFieldsFor,
  dataFromFormValues,
  emptyListItem,
  type FieldSpec,
  fieldFromSchema,
  formValuesFromData,
  labelFor,
} from "./schema-fields";

function byKey(fields: FieldSpec[], key: string): FieldSpec {
  const field = fields.find((f) => f.key === key);
  if (!field) throw new Error(`no field ${key}`);
  return field;
}

describe("fieldFromSchema", () => {
  it("reads kind, optionality, default, bounds and help from the schema", () => {
    const number = fieldFromSchema("retry_count", z.number().int().min(0).max(10).default(0).describe("How many retries."), {
      inTemplate: false,
      topLevel: true,
    });
    expect(number).toEqual({
      key: "retry_count",
      label: "Retry count",
      help: "How many retries.",
      optional: true,
      defaultValue: 0,
      common: true,
      kind: "number",
      integer: true,
      min: 0,
      max: 10,
    });
  });

  it("makes a string a template only inside a template field, and nested strings only when described as templates", () => {
    const top = fieldFromSchema("prompt", z.string().min(1).describe("Prompt."), { inTemplate: true, topLevel: true });
    expect(top).toMatchObject({ kind: "text", template: true, multiline: true, minLength: 1, optional: false });
    const nestedId = fieldFromSchema("id", z.string().describe("Handle id."), { inTemplate: true, topLevel: false });
    expect(nestedId).toMatchObject({ kind: "text", template: false, multiline: false });
    const nestedVariable = fieldFromSchema("variable", z.string().describe("What to test (template)."), {
      inTemplate: true,
      topLevel: false,
    });
    expect(nestedVariable).toMatchObject({ kind: "text", template: true, multiline: false });
    const plain = fieldFromSchema("model", z.string().optional(), { inTemplate: false, topLevel: true });
    expect(plain).toMatchObject({ kind: "text", template: false, multiline: false, optional: true });
  });

  it("maps enums, string lists, records, scalar unions and unknowns to their controls", () => {
    const opts = { inTemplate: false, topLevel: false };
    expect(fieldFromSchema("op", z.enum(["and", "or"]).default("and"), opts)).toMatchObject({
      kind: "enum",
      options: ["and", "or"],
      defaultValue: "and",
    });
    expect(fieldFromSchema("kb_ids", z.array(z.string()), opts)).toMatchObject({ kind: "string-list", label: "Kb IDs" });
    expect(fieldFromSchema("schema", z.record(z.string(), z.unknown()).optional(), opts)).toMatchObject({ kind: "json", optional: true });
    expect(fieldFromSchema("map", z.record(z.string(), z.unknown()), { inTemplate: true, topLevel: true })).toMatchObject({
      kind: "map",
      template: true,
    });
    expect(
      fieldFromSchema("value", z.union([z.string(), z.number(), z.boolean(), z.null()]).optional().describe("literal or template"), {
        inTemplate: true,
        topLevel: false,
      }),
    ).toMatchObject({
      kind: "scalar",
      template: true,
    });
    expect(fieldFromSchema("default_value", z.unknown().optional(), opts)).toMatchObject({ kind: "json" });
  });
});

describe("configFieldsFor (the nine node types' registry schemas)", () => {
  it("orders title first, the type's fields, description, then the common error-handling fields", () => {
    const keys = configFieldsFor("LLM").map((f) => f.key);
    expect(keys).toEqual([
      "title",
      "model",
      "system_prompt",
      "prompt_template",
      "temperature",
      "max_tokens",
      "output_schema",
      "description",
      "error_strategy",
      "timeout_ms",
      "retry_count",
      "retry_delay_ms",
    ]);
    const fields = configFieldsFor("LLM");
    expect(byKey(fields, "title").common).toBe(false);
    expect(byKey(fields, "error_strategy")).toMatchObject({
      kind: "enum",
      options: ["stop_workflow", "continue", "fail_branch"],
      common: true,
    });
    expect(byKey(fields, "prompt_template")).toMatchObject({ kind: "text", template: true, multiline: true });
    expect(byKey(fields, "temperature")).toMatchObject({ kind: "number", integer: false, min: 0, max: 2, optional: true });
    expect(byKey(fields, "output_schema").kind).toBe("json");
    expect(byKey(fields, "timeout_ms").label).toBe("Timeout (ms)");
  });

  it("builds nested list fields for CONDITION_BRANCH conditions and rules, with templates only where the schema says so", () => {
    const conditions = byKey(configFieldsFor("CONDITION_BRANCH"), "conditions");
    if (conditions.kind !== "list") throw new Error("conditions should be a list");
    expect(conditions.minItems).toBe(1);
    expect(conditions.itemFields.map((f) => [f.key, f.kind])).toEqual([
      ["id", "text"],
      ["label", "text"],
      ["logical_operator", "enum"],
      ["rules", "list"],
    ]);
    const rules = byKey(conditions.itemFields, "rules");
    if (rules.kind !== "list") throw new Error("rules should be a list");
    expect(rules.itemFields.map((f) => [f.key, f.kind, "template" in f ? f.template : null])).toEqual([
      ["variable", "text", true],
      ["operator", "enum", null],
      ["value", "scalar", true],
    ]);
    expect(byKey(conditions.itemFields, "id")).toMatchObject({ template: false });
  });

  it("gives START a variables list, END a template map, HUMAN_INTERVENTION template title/description/assignee", () => {
    const variables = byKey(configFieldsFor("START"), "variables");
    expect(variables.kind).toBe("list");
    if (variables.kind === "list") expect(variables.itemFields.map((f) => f.kind)).toEqual(["text", "enum", "boolean", "json", "text"]);
    expect(byKey(configFieldsFor("END"), "output_mapping")).toMatchObject({ kind: "map", template: true });
    const human = configFieldsFor("HUMAN_INTERVENTION");
    expect(["title", "description", "assignee"].map((key) => (byKey(human, key) as { template: boolean }).template)).toEqual([
      true,
      true,
      true,
    ]);
    expect(byKey(human, "timeout_hours")).toMatchObject({ kind: "number", defaultValue: 24, label: "Timeout (hours)" });
    expect(byKey(configFieldsFor("KNOWLEDGE_RETRIEVAL"), "kb_ids").kind).toBe("string-list");
  });
});

describe("data ⇄ form values", () => {
  it("round-trips an LLM node's data, leaving empty optional fields and unset defaults out", () => {
    const fields = configFieldsFor("LLM");
    const data = {
      title: "Ask",
      prompt_template: "Hi {{input.q}}",
      system_prompt: "",
      temperature: 0.3,
      output_schema: { type: "object" },
    };
    const values = formValuesFromData(fields, data);
    expect(values).toMatchObject({
      title: "Ask",
      model: "",
      temperature: 0.3,
      max_tokens: undefined,
      output_schema: '{\n  "type": "object"\n}',
    });
    const back = dataFromFormValues(fields, values);
    expect(back.problems).toEqual({});
    const { system_prompt: _empty, ...rest } = data;
    expect(back.data).toEqual(rest);
    expect(values.error_strategy).toBe("");
  });

  it("turns map rows into an object and skips rows without a key", () => {
    const fields = configFieldsFor("END");
    const values = formValuesFromData(fields, { output_mapping: { answer: "{{llm.text}}" } });
    expect(values.output_mapping).toEqual([{ key: "answer", value: "{{llm.text}}" }]);
    values.output_mapping = [...(values.output_mapping as object[]), { key: " ", value: "x" }, { key: "n", value: "{{input.n}}" }];
    expect(dataFromFormValues(fields, values).data.output_mapping).toEqual({ answer: "{{llm.text}}", n: "{{input.n}}" });
  });

  it("types a rule's scalar value and keeps text that is not a number or boolean", () => {
    const fields = configFieldsFor("CONDITION_BRANCH");
    const data = {
      conditions: [
        {
          id: "big",
          label: "Big",
          logical_operator: "and",
          rules: [{ variable: "{{input.amount}}", operator: "greater_than", value: 100 }],
        },
      ],
    };
    const values = formValuesFromData(fields, data);
    const condition = (values.conditions as Array<Record<string, unknown>>)[0];
    expect((condition.rules as Array<Record<string, unknown>>)[0].value).toBe("100");
    expect(dataFromFormValues(fields, values).data.conditions).toEqual(data.conditions);
    (condition.rules as Array<Record<string, unknown>>)[0].value = "{{input.limit}}";
    expect((dataFromFormValues(fields, values).data.conditions as typeof data.conditions)[0].rules[0].value).toBe("{{input.limit}}");
  });

  it("keeps JSON that does not parse as the text typed, reports it, and shows it as typed when the form opens again", () => {
    const fields = configFieldsFor("LLM");
    const previous = { prompt_template: "x", output_schema: { type: "string" }, custom_key: 1 };
    const typed = '{ "type": "object", "properties": { "answer": { "type": "string" } ';
    const values = { ...formValuesFromData(fields, previous), output_schema: typed };
    const { data, problems } = dataFromFormValues(fields, values, previous);
    expect(Object.keys(problems)).toEqual(["output_schema"]);
    expect(problems.output_schema).toMatch(/^Not valid JSON: /);
    // saved with the draft as the text itself; unknown keys survive
    expect(data.output_schema).toBe(typed.trim());
    expect(data.custom_key).toBe(1);
    expect(formValuesFromData(fields, data).output_schema).toBe(typed.trim());
    // the LLM schema takes no text there: the node has an invalid_config problem until the JSON is fixed
    expect(validateGraph({ nodes: [{ id: "llm", type: "LLM", position: { x: 0, y: 0 }, data }], edges: [] })).toContainEqual({
      code: "invalid_config",
      nodeIds: ["llm"],
      field: "output_schema",
      message: 'Node "llm" (LLM): output_schema: must be an object, not text',
    });
    // a JSON string value is still shown as JSON, so it reads back as the same string
    expect(formValuesFromData(fields, { output_schema: "[1" }).output_schema).toBe("[1");
    const start = byKey(configFieldsFor("START"), "variables");
    if (start.kind !== "list") throw new Error("list expected");
    expect(formValuesFromData(start.itemFields, { default_value: "42" }).default_value).toBe('"42"');
    expect(formValuesFromData(start.itemFields, { default_value: "hello" }).default_value).toBe("hello");
  });

  it("splits string lists on commas and makes new list items from the schema's defaults", () => {
    const fields = configFieldsFor("KNOWLEDGE_RETRIEVAL");
    expect(dataFromFormValues(fields, { ...formValuesFromData(fields, {}), kb_ids: "policies, faq ,," }).data.kb_ids).toEqual([
      "policies",
      "faq",
    ]);
    const variables = byKey(configFieldsFor("START"), "variables");
    if (variables.kind !== "list") throw new Error("list expected");
    expect(emptyListItem(variables)).toEqual({ name: "", type: "string", required: false, default_value: "", description: "" });
  });

  it("labels keys readably", () => {
    expect(labelFor("prompt_template")).toBe("Prompt template");
    expect(labelFor("retry_delay_ms")).toBe("Retry delay (ms)");
    expect(labelFor("connector_id")).toBe("Connector ID");
  });
});
