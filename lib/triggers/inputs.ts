/**
 * Input checks that every trigger shares beyond the engine's (spec §5 checks types and required variables
 * and drops unknown names): from outside, an input that names no START variable is a mistake worth
 * reporting, as `run_workflow` (spec §7) does.
 */
import type { TriggerVariable } from "@/lib/db/queries/triggers";
import { AppError, type FieldErrors } from "@/lib/errors";

/**
 * @throws AppError `invalid_input` naming each unknown input (`fields` keyed `<prefix><name>`), or the
 *   whole body when it is not a JSON object.
 */
export function rejectUnknownInputs(variables: TriggerVariable[], inputs: unknown, fieldPrefix = ""): void {
  if (inputs === undefined) return;
  if (inputs === null || typeof inputs !== "object" || Array.isArray(inputs)) {
    throw new AppError("invalid_input", "Inputs must be a JSON object of START's variables.", {
      fields: { [fieldPrefix.replace(/\.$/, "") || "body"]: "must be a JSON object" },
    });
  }
  const known = new Set(variables.map((variable) => variable.name));
  const fields: FieldErrors = {};
  for (const name of Object.keys(inputs))
    if (!known.has(name)) fields[`${fieldPrefix}${name}`] = `"${name}" is not an input of this workflow`;
  const unknown = Object.keys(fields);
  if (unknown.length > 0) {
    const expected = [...known].map((name) => `"${name}"`).join(", ") || "none";
    throw new AppError(
      "invalid_input",
      `Unknown input${unknown.length > 1 ? "s" : ""} ${unknown.map((f) => `"${f}"`).join(", ")}; expected: ${expected}.`,
      { fields },
    );
  }
}
