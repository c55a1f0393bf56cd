/**
 * Reading an uploaded workflow file (spec §1): JSON, an object whose `format` says it is a workflow, then the
 * document envelope and the graph (validateDocument, spec §4). Every problem comes back as one readable
 * line; nothing is thrown.
 */
import { WORKFLOW_FORMAT, type WorkflowDocument } from "@/lib/workflow/schema";
import { validateDocument } from "@/lib/workflow/validate";

export type ParsedWorkflowFile = { ok: true; document: WorkflowDocument } | { ok: false; problems: string[] };

/** Parses and validates a workflow file's text; `document` is the parsed, validated document. */
export function parseWorkflowFile(text: string): ParsedWorkflowFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) return { ok: false, problems: [`The file is not JSON: ${error.message}`] };
    throw error;
  }
  // a JSON file of something else is said to be that, not listed as a workflow's missing fields (as the CLI does)
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { ok: false, problems: ["The file is not a Switchyard workflow: it holds JSON, but not an object."] };
  }
  if (!("format" in raw) || raw.format !== WORKFLOW_FORMAT) {
    return { ok: false, problems: [`The file is not a Switchyard workflow: its "format" is not "${WORKFLOW_FORMAT}".`] };
  }
  const result = validateDocument(raw);
  if (!result.ok) return { ok: false, problems: result.issues.map((issue) => `${issue.message} (${issue.code})`) };
  return { ok: true, document: result.value };
}
