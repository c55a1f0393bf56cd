/**
 * The one place where the service layer (lib/net, lib/llm, lib/connectors, lib/mcp, lib/knowledge) builds
 * the runtime's `WorkflowError`, so every service throws the codes of spec §5 the same way.
 */
import { isWorkflowError, WorkflowError } from "@/lib/workflow/errors";

/** Runtime error codes the services throw (spec §5), plus `invalid_config` (spec §4). */
export type ServiceErrorCode = "timeout" | "cancelled" | "http_status" | "connection_error" | "mcp_error" | "llm_error" | "invalid_config";

/**
 * Builds a WorkflowError with a stable code, a message meant for users (never a secret, never a stack)
 * and the underlying cause for logs.
 */
export function serviceError(
  code: ServiceErrorCode,
  message: string,
  options: { cause?: unknown; details?: Record<string, unknown> } = {},
): WorkflowError {
  return new WorkflowError(code, message, options);
}

/** True when `error` is a WorkflowError with the given code (or any code when none is given). */
export function isServiceError(error: unknown, code?: ServiceErrorCode): error is WorkflowError {
  return isWorkflowError(error) && (code === undefined || error.code === code);
}
