/**
 * START (spec §2): declares the run's input variables; its outputs are the checked inputs (`{{input.x}}`
 * and `{{start_id.x}}` both read them). Inputs are checked before the run by `checkRunInputs` (inputs.ts).
 */
import { z } from "zod";
import type { TemplateScope } from "../template";
import { commonDataShape, IDENTIFIER, unnamedHandle } from "./common";
import { defineNode } from "./node-definition";

/** Types a START variable may have (spec §2). */
export const VARIABLE_TYPES = ["string", "number", "boolean", "object", "array"] as const;
/** One of VARIABLE_TYPES. */
export type VariableType = (typeof VARIABLE_TYPES)[number];

/** True when `value` has the variable type (`number` must be finite; `object` is a plain object, not an array or null). */
export function matchesVariableType(value: unknown, type: VariableType): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    case "object":
      return value !== null && typeof value === "object" && !Array.isArray(value);
  }
}

/** Decimal notation: an optional sign, digits with an optional fraction (or a fraction alone), an optional exponent. */
const DECIMAL_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A `number` variable's value typed as text (a run form, a command line): decimal notation only, so
 * "0x10", "0b1", "Infinity" and "1e999" are refused where JavaScript's Number() would take them.
 * Surrounding blanks are ignored. Parses to a finite number.
 */
export const numberInputTextSchema = z
  .string()
  .trim()
  .regex(DECIMAL_NUMBER, "Enter a decimal number, like 42 or -3.5.")
  .transform(Number)
  .pipe(z.number({ error: "Enter a decimal number, like 42 or -3.5." }));

/** One START variable (spec §2). */
export const startVariableSchema = z.object({
  name: z
    .string()
    .regex(IDENTIFIER, "must start with a letter and contain only letters, digits and _")
    .describe("Variable name, used as {{input.name}}."),
  type: z.enum(VARIABLE_TYPES).default("string").describe("Value type."),
  required: z.boolean().default(false).describe("A run without this input is rejected (invalid_input), unless it has a default value."),
  default_value: z.unknown().optional().describe("Value used when the input is not given."),
  description: z.string().optional().describe("Shown to whoever starts the run, and to agents calling run_workflow."),
});

/** A parsed START variable. */
export type StartVariable = z.infer<typeof startVariableSchema>;

/** The `data` of a START node (spec §2), common fields included; `.describe()` texts are the editor's field help. */
export const startConfigSchema = z
  .object({
    ...commonDataShape,
    variables: z.array(startVariableSchema).default([]).describe("The run's input variables."),
  })
  .superRefine((data, ctx) => {
    const seen = new Set<string>();
    data.variables.forEach((variable, index) => {
      if (seen.has(variable.name)) {
        ctx.addIssue({ code: "custom", path: ["variables", index, "name"], message: `duplicate variable "${variable.name}"` });
      }
      seen.add(variable.name);
      if (
        variable.default_value !== undefined &&
        variable.default_value !== null &&
        !matchesVariableType(variable.default_value, variable.type)
      ) {
        ctx.addIssue({
          code: "custom",
          path: ["variables", index, "default_value"],
          message: `default_value is not of type ${variable.type}`,
        });
      }
    });
  });

/** Parsed `data` of a START node. */
export type StartConfig = z.infer<typeof startConfigSchema>;

/** The outputs of a START node (spec §2). */
export const startOutputSchema = z.record(z.string(), z.unknown());

/** The START node type: schemas, handles, editor metadata, executor. */
export const startNode = defineNode({
  type: "START",
  pure: true,
  configSchema: startConfigSchema,
  outputSchema: startOutputSchema,
  meta: {
    label: "Start",
    description: "Where the run begins; declares its inputs.",
    icon: "Play",
    color: "#16a34a",
    category: "control",
    defaultData: { title: "Start", variables: [] },
  },
  templateFields: [],
  sourceHandles: unnamedHandle,
  takenHandles: unnamedHandle,
  continueHandles: unnamedHandle,
  resolveInputs(_config: StartConfig, scope: TemplateScope): Record<string, unknown> {
    const input = scope.input;
    return input !== null && typeof input === "object" ? { ...(input as Record<string, unknown>) } : {};
  },
  async execute(context) {
    return { outputs: context.inputs };
  },
});
