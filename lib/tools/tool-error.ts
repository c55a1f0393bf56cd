/**
 * The error a tool throws to report a failure the model should see (never a crash of the loop).
 */
import type { ToolErrorInfo } from "./types";

export class ToolError extends Error {
  readonly code: string;
  readonly details?: unknown;

  constructor(code: string, message: string, options: { details?: unknown; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ToolError";
    this.code = code;
    if (options.details !== undefined) this.details = options.details;
  }
}

/**
 * Any thrown value as `{code, message}`: a ToolError or a coded error (WorkflowError from the services)
 * keeps its code; anything else is `tool_failed` with its message.
 */
export function toToolErrorInfo(error: unknown): ToolErrorInfo {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    if (error.name === "AbortError") return { code: "cancelled", message: error.message || "Cancelled" };
    return { code: typeof code === "string" && code !== "" ? code : "tool_failed", message: error.message || String(error) };
  }
  return { code: "tool_failed", message: String(error) };
}
