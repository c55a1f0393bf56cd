/**
 * Run inputs checked against START's variables (spec §5 "Inputs are checked … first", §3 "An optional
 * START variable that is not given and has no default is null").
 */
import type { WorkflowIssue } from "./errors";
import type { StartConfig } from "./nodes/start";
import { matchesVariableType } from "./nodes/start";
import type { ParseResult } from "./schema";

/**
 * Checks `inputs` (a plain object) against the START variables and returns the run's inputs: every
 * declared variable, given value or `default_value` or `null`. Keys that name no variable are dropped.
 * Issues have code `invalid_input` and `field` = the variable name; a missing required variable (absent
 * or null) and a value of the wrong type are issues.
 */
export function checkRunInputs(start: StartConfig, inputs: unknown): ParseResult<Record<string, unknown>> {
  if (inputs !== undefined && (inputs === null || typeof inputs !== "object" || Array.isArray(inputs))) {
    return { ok: false, issues: [{ code: "invalid_input", nodeIds: [], message: "Inputs must be a JSON object" }] };
  }
  const given = (inputs ?? {}) as Record<string, unknown>;
  const issues: WorkflowIssue[] = [];
  const value: Record<string, unknown> = {};
  for (const variable of start.variables) {
    const raw = Object.hasOwn(given, variable.name) ? given[variable.name] : undefined;
    if (raw === undefined || raw === null) {
      if (variable.required && (variable.default_value === undefined || variable.default_value === null)) {
        issues.push({ code: "invalid_input", nodeIds: [], field: variable.name, message: `Input "${variable.name}" is required` });
        continue;
      }
      value[variable.name] = variable.default_value === undefined ? null : structuredClone(variable.default_value);
      continue;
    }
    if (!matchesVariableType(raw, variable.type)) {
      issues.push({
        code: "invalid_input",
        nodeIds: [],
        field: variable.name,
        message: `Input "${variable.name}" must be of type ${variable.type}, got ${Array.isArray(raw) ? "array" : typeof raw}`,
      });
      continue;
    }
    value[variable.name] = raw;
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}
