/**
 * Zod issues as the settings forms report them (ActionResult `fields`, shown beside each field by
 * components/ui/field.tsx): the first message for each field, keyed by the field's name, and one sentence
 * naming the first field for a status or alert line, e.g. "Query: at most 2,000 characters (you have 2,345).".
 */
import type { ZodError } from "zod";
import type { FieldErrors } from "./errors";

/**
 * `labels` maps a field's name to its label on the form; a field without one is named by its name.
 * Issues without a path (object-level) are reported under `fallbackField`.
 */
export function describeFieldErrors(
  error: ZodError,
  labels: Record<string, string>,
  fallbackField = "form",
): { message: string; fields: FieldErrors } {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? fallbackField);
    fields[name] ??= issue.message;
  }
  const [first] = error.issues;
  if (!first) return { message: "Some fields need attention.", fields };
  const name = String(first.path[0] ?? fallbackField);
  const text = first.message;
  return { message: `${labels[name] ?? name}: ${text.charAt(0).toLowerCase()}${text.slice(1)}`, fields };
}
