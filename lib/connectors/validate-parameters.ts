/**
 * Checks connector parameters against the action's `parameters` JSON Schema (Ajv 8, ajv-formats), with type
 * coercion (`"42"` ↔ 42), because template values are often strings.
 */
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { serviceError } from "@/lib/net/service-error";

type FormatsPlugin = (ajv: Ajv) => Ajv;
const addFormats: FormatsPlugin =
  typeof addFormatsModule === "function"
    ? (addFormatsModule as unknown as FormatsPlugin)
    : (addFormatsModule as unknown as { default: FormatsPlugin }).default;
const ajv = addFormats(new Ajv({ allErrors: true, strict: false, coerceTypes: true, useDefaults: true }));
/**
 * Compiled validators by schema JSON text, not object identity: connector definitions are re-read per call,
 * so an identity cache missed every time (an Ajv compile per call, ~0.5 ms) and Ajv's own per-object
 * cache grew without bound. Bounded; cleared when full.
 */
const compiled = new Map<string, ValidateFunction>();
const COMPILED_LIMIT = 1000;

/**
 * Validates (a copy of) the parameters; returns the copy with coerced types and schema defaults applied.
 * @throws WorkflowError `invalid_config` naming the action and each problem (`/order_id must be string`),
 *   or when the schema does not compile.
 */
export function validateParameters(
  label: string,
  schema: Record<string, unknown> | undefined,
  parameters: Record<string, unknown>,
): Record<string, unknown> {
  const copy = structuredClone(parameters);
  if (!schema || Object.keys(schema).length === 0) return copy;
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    try {
      validate = ajv.compile(schema);
    } catch (error) {
      throw serviceError(
        "invalid_config",
        `The parameters schema of ${label} is not valid: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    if (compiled.size >= COMPILED_LIMIT) {
      compiled.clear();
      ajv.removeSchema(); // Ajv keeps every compiled schema object too
    }
    compiled.set(key, validate);
  }
  if (!validate(copy)) {
    const problems = (validate.errors ?? []).map((issue) => `${issue.instancePath || "/"} ${issue.message ?? "is invalid"}`);
    throw serviceError("invalid_config", `Parameters for ${label} do not match its schema: ${problems.join("; ")}`);
  }
  return copy;
}
