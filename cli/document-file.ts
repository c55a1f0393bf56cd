/**
 * Reading a workflow document file for the CLI (spec §1, §8).
 */
import { readFileSync } from "node:fs";
import { WORKFLOW_FORMAT, WORKFLOW_FORMAT_VERSION } from "@/lib/workflow/schema";
import { UsageError } from "./errors";

/**
 * The file's JSON. A file written by `npm run workflow -- export ID > FILE` starts with npm's two-line
 * banner (`> switchyard@… workflow`); lines before the first `{` that start with `>` are skipped.
 * @throws UsageError (exit 2) when the file cannot be read, is not JSON, or is not a workflow document
 *   (an object with `"format": "switchyard.workflow"` and `"version": 1`).
 */
export function readDocumentFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const lines = text.split("\n");
  const first = lines.findIndex((line) => line.trimStart().startsWith("{"));
  if (first > 0 && lines.slice(0, first).every((line) => line.trim() === "" || line.startsWith(">"))) text = lines.slice(first).join("\n");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not a workflow document: not JSON (${(error as Error).message})`);
  }
  const document = value as { format?: unknown; version?: unknown } | null;
  if (typeof document !== "object" || document === null || Array.isArray(document))
    throw new UsageError(`${file} is not a workflow document: not a JSON object`);
  if (document.format !== WORKFLOW_FORMAT)
    throw new UsageError(`${file} is not a workflow document: "format" must be "${WORKFLOW_FORMAT}"`);
  if (document.version !== WORKFLOW_FORMAT_VERSION)
    throw new UsageError(`${file} is not a workflow document: "version" must be ${WORKFLOW_FORMAT_VERSION}`);
  return value;
}
