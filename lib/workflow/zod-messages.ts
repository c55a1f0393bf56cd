/**
 * Plain-language messages for the schema problems people meet when importing a workflow file, saving a
 * node's config or calling the API: "required", "must be a number, not text", "must not be empty" instead
 * of zod's "Invalid input: expected string, received undefined". Passed per parse
 * (`schema.safeParse(value, { error: readableZodError })`); a message a schema sets itself wins, and an
 * issue not handled here keeps zod's own message.
 */
import type { z } from "zod";

type RawIssue = z.core.$ZodRawIssue;

const KINDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  record: "an object",
  array: "a list",
  null: "null",
};

/** What a JSON-ish value is, in words ("a number", "text", "a list" …). */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "number") return Number.isInteger(value) ? "a number" : "a decimal number";
  if (typeof value === "string") return "text";
  if (typeof value === "boolean") return "true or false";
  if (typeof value === "object") return "an object";
  return typeof value;
}

function items(origin: unknown, count: number): string {
  if (origin === "string") return `${count} character${count === 1 ? "" : "s"}`;
  if (origin === "array" || origin === "set") return `${count} item${count === 1 ? "" : "s"}`;
  return String(count);
}

/**
 * A message for a zod issue, or undefined to keep zod's.
 * @example readableZodError({ code: "invalid_type", expected: "string", path: ["name"] }) // "required"
 */
export function readableZodError(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type": {
      if (!("input" in issue) || issue.input === undefined) return "required";
      const expected = KINDS[issue.expected] ?? issue.expected;
      return `must be ${expected}, not ${kindOf(issue.input)}`;
    }
    case "too_small": {
      const minimum = Number(issue.minimum);
      if ((issue.origin === "string" || issue.origin === "array") && minimum === 1 && issue.inclusive !== false) return "must not be empty";
      if (issue.origin === "number") return `must be ${issue.inclusive === false ? "more than" : "at least"} ${minimum}`;
      return `must have at least ${items(issue.origin, minimum)}`;
    }
    case "too_big": {
      const maximum = Number(issue.maximum);
      if (issue.origin === "number") return `must be ${issue.inclusive === false ? "less than" : "at most"} ${maximum}`;
      return `must have at most ${items(issue.origin, maximum)}`;
    }
    case "invalid_value":
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`;
    case "unrecognized_keys":
      return `unknown ${issue.keys.length === 1 ? "field" : "fields"} ${issue.keys.map((key) => `"${key}"`).join(", ")}`;
    default:
      return undefined;
  }
}
