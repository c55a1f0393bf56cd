/**
 * `validate FILE [--json]` (spec §8, §4): exit 0 when the document is valid, 1 with the issues (each with
 * its stable code, node ids and field), 2 when FILE is not a workflow document.
 * `--json`: `{ "valid": boolean, "issues": [{ "code", "node_ids", "edge_id"?, "field"?, "message" }] }`.
 */
import { validateDocument } from "@/lib/workflow/validate";
import { printJson } from "../context";
import { readDocumentFile } from "../document-file";
import { EXIT_FAILED, EXIT_OK } from "../errors";

export async function validateCommand(file: string, options: { json: boolean }): Promise<number> {
  const result = validateDocument(readDocumentFile(file));
  const issues = result.ok
    ? []
    : result.issues.map((issue) => ({
        code: issue.code,
        node_ids: issue.nodeIds,
        ...(issue.edgeId !== undefined ? { edge_id: issue.edgeId } : {}),
        ...(issue.field !== undefined ? { field: issue.field } : {}),
        message: issue.message,
      }));
  if (options.json) printJson({ valid: result.ok, issues });
  else if (result.ok) process.stdout.write(`${file}: valid\n`);
  else {
    process.stdout.write(`${file}: ${issues.length} issue${issues.length === 1 ? "" : "s"}\n`);
    for (const issue of issues)
      process.stdout.write(
        `  ${issue.code}${issue.node_ids.length ? ` [${issue.node_ids.join(", ")}]` : ""}${issue.field ? ` ${issue.field}` : ""}: ${issue.message}\n`,
      );
  }
  return result.ok ? EXIT_OK : EXIT_FAILED;
}
