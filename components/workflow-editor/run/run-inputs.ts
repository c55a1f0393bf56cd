/**
 * The run dialog's form, generated from START's variables (spec §2): one field per variable with its
 * type, required flag, default and description, and the zod schema that turns the form's text into the
 * typed inputs the runtime checks again (spec §5 `invalid_input`).
 */
import { z } from "zod";
import { numberInputTextSchema, type StartVariable, startVariableSchema, VARIABLE_TYPES } from "@/lib/workflow/nodes/start";

export interface RunInputField {
  name: string;
  type: StartVariable["type"];
  required: boolean;
  description?: string;
  /** What the form starts with: the default as text (JSON for objects and arrays). */
  initial: string | boolean;
}

/** START's variables as typed by the person (invalid ones skipped), or [] when there is no START. */
export function startVariablesOf(data: Record<string, unknown> | undefined): StartVariable[] {
  const list = Array.isArray(data?.variables) ? data.variables : [];
  return list.flatMap((item) => {
    const parsed = startVariableSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The run form's fields. */
export function runInputFields(variables: readonly StartVariable[]): RunInputField[] {
  return variables.map((variable) => {
    const value = variable.default_value;
    let initial: string | boolean = "";
    if (variable.type === "boolean") initial = value === true;
    else if (value !== undefined && value !== null) initial = typeof value === "string" ? value : JSON.stringify(value);
    return {
      name: variable.name,
      type: VARIABLE_TYPES.includes(variable.type) ? variable.type : "string",
      required: variable.required,
      ...(variable.description ? { description: variable.description } : {}),
      initial,
    };
  });
}

function parseJson(text: string, kind: "object" | "array", ctx: z.RefinementCtx): unknown {
  try {
    const value: unknown = JSON.parse(text);
    const ok = kind === "array" ? Array.isArray(value) : value !== null && typeof value === "object" && !Array.isArray(value);
    if (!ok)
      ctx.addIssue({
        code: "custom",
        message: kind === "array" ? "Enter a JSON array, like [1, 2]." : 'Enter a JSON object, like {"a": 1}.',
      });
    return value;
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    ctx.addIssue({ code: "custom", message: `Not valid JSON: ${error.message}` });
    return z.NEVER;
  }
}

/**
 * The schema of the run form: text in, typed inputs out. An empty optional field is left out (the
 * runtime applies the default, or null); an empty required field is "Required."
 */
export function runInputSchema(fields: readonly RunInputField[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    if (field.type === "boolean") {
      shape[field.name] = z.boolean();
      continue;
    }
    shape[field.name] = z.string().transform((raw, ctx): unknown => {
      const value = field.type === "string" ? raw : raw.trim();
      if (value === "") {
        if (field.required) ctx.addIssue({ code: "custom", message: "Required." });
        return undefined;
      }
      if (field.type === "number") {
        const number = numberInputTextSchema.safeParse(value);
        if (!number.success) {
          ctx.addIssue({ code: "custom", message: number.error.issues[0]?.message ?? "Enter a decimal number." });
          return z.NEVER;
        }
        return number.data;
      }
      if (field.type === "object" || field.type === "array") return parseJson(value, field.type, ctx);
      return value;
    });
  }
  return z.object(shape).transform((values) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)));
}

/**
 * START's default values typed as the run form submits them untouched (`runInputFields` then
 * `runInputSchema`): a number default is a number (also when typed as the text "1001"), an object or array
 * default the parsed JSON. Variables without a default (undefined or null), and defaults the form would
 * refuse, are left out.
 */
export function typedDefaults(variables: readonly StartVariable[]): Record<string, unknown> {
  const withDefault = variables.filter((variable) => variable.default_value !== undefined && variable.default_value !== null);
  const defaults: Record<string, unknown> = {};
  for (const field of runInputFields(withDefault)) {
    const parsed = runInputSchema([field]).safeParse({ [field.name]: field.initial });
    if (parsed.success && Object.hasOwn(parsed.data, field.name)) defaults[field.name] = parsed.data[field.name];
  }
  return defaults;
}
