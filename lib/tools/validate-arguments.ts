/**
 * Argument checking for every tool call: JSON text → object → coerced and validated against the tool's
 * JSON Schema with Ajv 8 (`coerceTypes`: "3" → 3 for a number; `useDefaults`). A failure is a result,
 * not a throw (STYLE.md "results, not throws, at parsing boundaries"); the envelope turns it into a tool
 * error the model sees.
 */
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import type { JsonSchema } from "./types";

type FormatsPlugin = (ajv: Ajv) => Ajv;
// ajv-formats is CommonJS with `exports.default`; depending on the loader the default import is the plugin or the module.
const addFormats: FormatsPlugin =
  typeof addFormatsModule === "function"
    ? (addFormatsModule as unknown as FormatsPlugin)
    : (addFormatsModule as unknown as { default: FormatsPlugin }).default;

const ajv = addFormats(new Ajv({ allErrors: true, strict: false, coerceTypes: true, useDefaults: true }));
const compiled = new WeakMap<object, ValidateFunction>();

export type ArgumentsResult = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/** Parses the model's argument text: empty → `{}`; anything but a JSON object is a failure. */
export function parseArgumentText(text: string | Record<string, unknown>): ArgumentsResult {
  if (typeof text !== "string") return { ok: true, value: text };
  if (text.trim() === "") return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const preview = text.length > 200 ? `${text.slice(0, 200)}…` : text;
    return { ok: false, message: `Arguments are not valid JSON (${error instanceof Error ? error.message : String(error)}): ${preview}` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { ok: false, message: "Arguments must be a JSON object" };
  return { ok: true, value: value as Record<string, unknown> };
}

function validatorFor(schema: JsonSchema): ValidateFunction | string {
  let validate = compiled.get(schema);
  if (!validate) {
    try {
      const { $schema: _ignored, ...rest } = schema;
      validate = ajv.compile(rest);
    } catch (error) {
      return `The tool's parameter schema is invalid: ${error instanceof Error ? error.message : String(error)}`;
    }
    compiled.set(schema, validate);
  }
  return validate;
}

/**
 * Validates (and coerces, in a copy) `args` against `schema`.
 * Messages list every problem, e.g. `/a must be number; must have required property 'b'`.
 */
export function validateArguments(schema: JsonSchema, args: Record<string, unknown>): ArgumentsResult {
  const validate = validatorFor(schema);
  if (typeof validate === "string") return { ok: false, message: validate };
  const value = structuredClone(args);
  if (validate(value)) return { ok: true, value };
  const problems = (validate.errors ?? []).map((issue) => {
    const where = issue.instancePath || "";
    const extra =
      issue.keyword === "additionalProperties" ? ` (${String((issue.params as { additionalProperty?: string }).additionalProperty)})` : "";
    return `${where ? `${where} ` : ""}${issue.message ?? "is invalid"}${extra}`;
  });
  return { ok: false, message: `Invalid arguments: ${problems.join("; ")}` };
}
