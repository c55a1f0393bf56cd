/**
 * Normalises what a tool returned (text, JSON, files) and renders it for the model.
 * Binary results are stored through the context's FileStore and referenced, never inlined.
 */
import { ToolError } from "./tool-error";
import type { FileStore, ToolFilesOutput, ToolOutput, ToolResult } from "./types";

function isFilesOutput(output: ToolOutput): output is ToolFilesOutput {
  return (
    typeof output === "object" &&
    output !== null &&
    !Array.isArray(output) &&
    (output as { type?: unknown }).type === "files" &&
    Array.isArray((output as { files?: unknown }).files)
  );
}

/** Converts a raw output to a ToolResult. @throws ToolError `no_file_store` for files without a store. */
export async function normalizeResult(output: ToolOutput | undefined, files?: FileStore): Promise<ToolResult> {
  if (output === undefined) return { kind: "text", text: "" };
  if (typeof output === "string") return { kind: "text", text: output };
  if (isFilesOutput(output)) {
    if (!files) throw new ToolError("no_file_store", "This tool returned files but no file store is configured");
    const refs = await Promise.all(output.files.map((file) => files.put(file)));
    return { kind: "files", files: refs, ...(output.text ? { text: output.text } : {}) };
  }
  if (output instanceof Uint8Array) throw new ToolError("tool_failed", "Binary output must be returned as files");
  return { kind: "json", value: output };
}

/** The text the model reads for a result. */
export function resultToText(result: ToolResult): string {
  if (result.kind === "text") return result.text;
  if (result.kind === "json") return JSON.stringify(result.value);
  return JSON.stringify({ ...(result.text ? { text: result.text } : {}), files: result.files });
}
