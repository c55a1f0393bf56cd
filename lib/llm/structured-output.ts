/**
 * Parses and validates a model's structured output against the node's `output_schema` (JSON Schema,
 * draft-07 / 2019-09 keywords as Ajv 8 supports them, with ajv-formats).
 */
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { serviceError } from "@/lib/net/service-error";

type FormatsPlugin = (ajv: Ajv) => Ajv;
// ajv-formats is CommonJS with `exports.default`; depending on the loader the default import is the plugin
// or the module object.
const addFormats: FormatsPlugin =
  typeof addFormatsModule === "function"
    ? (addFormatsModule as unknown as FormatsPlugin)
    : (addFormatsModule as unknown as { default: FormatsPlugin }).default;
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
const compiled = new WeakMap<object, ValidateFunction>();

function validatorFor(schema: Record<string, unknown>): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    try {
      validate = ajv.compile(schema);
    } catch (error) {
      throw serviceError(
        "invalid_config",
        `output_schema is not a valid JSON Schema: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    compiled.set(schema, validate);
  }
  return validate;
}

/** Strips one surrounding Markdown code fence (```json … ```), which some models add despite instructions. */
function unfence(text: string): string {
  const match = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(text);
  return match ? match[1] : text;
}

/**
 * Parses `text` as JSON and validates it.
 * @returns the parsed value.
 * @throws WorkflowError `llm_error` when the text is not JSON or does not match (message lists the Ajv
 *   errors, e.g. `/amount must be number`); `invalid_config` when the schema itself does not compile.
 */
export function parseStructuredOutput(text: string, schema: Record<string, unknown>): unknown {
  const validate = validatorFor(schema);
  let value: unknown;
  try {
    value = JSON.parse(unfence(text));
  } catch (error) {
    const preview = text.length > 200 ? `${text.slice(0, 200)}…` : text;
    throw serviceError("llm_error", `Model output is not valid JSON: ${preview}`, { cause: error });
  }
  if (!validate(value)) {
    const problems = (validate.errors ?? []).map((issue) => `${issue.instancePath || "/"} ${issue.message ?? "is invalid"}`);
    throw serviceError("llm_error", `Model output does not match output_schema: ${problems.join("; ")}`, { details: { output: value } });
  }
  return value;
}
