/**
 * Maps what the openai SDK throws to the runtime's error codes (spec §5): endpoint errors → `llm_error` with
 * the endpoint's own message; an aborted call → `timeout` (the signal timed out, or the SDK's own timeout)
 * or `cancelled` (any other abort); a WorkflowError given as the abort reason is rethrown as is.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { isServiceError, serviceError } from "@/lib/net/service-error";

function isTimeoutReason(reason: unknown): boolean {
  return reason instanceof Error && (reason.name === "TimeoutError" || isServiceError(reason, "timeout"));
}

/** The message the endpoint sent (`{"error": {"message": …}}`), else the SDK's. */
function endpointMessage(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  if (body && typeof body.message === "string" && body.message !== "") return body.message;
  return error.message;
}

/**
 * Converts any error from a model call into a WorkflowError.
 * @param endpoint base URL shown in connection messages (never contains the key).
 */
export function toLlmError(error: unknown, endpoint: string, signal?: AbortSignal): Error {
  if (isServiceError(error)) return error;
  if (signal?.aborted) {
    if (isServiceError(signal.reason)) return signal.reason;
    return isTimeoutReason(signal.reason)
      ? serviceError("timeout", "The model call timed out", { cause: error })
      : serviceError("cancelled", "The model call was cancelled", { cause: error });
  }
  if (error instanceof APIConnectionTimeoutError) {
    return serviceError("timeout", `The model endpoint ${endpoint} did not answer in time`, { cause: error });
  }
  if (error instanceof APIUserAbortError) return serviceError("cancelled", "The model call was cancelled", { cause: error });
  if (error instanceof APIConnectionError) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return serviceError("llm_error", `Cannot reach the model endpoint ${endpoint}${cause}`, { cause: error });
  }
  if (error instanceof APIError) {
    const status = error.status ? ` (HTTP ${error.status})` : "";
    return serviceError("llm_error", `Model endpoint error${status}: ${endpointMessage(error)}`, {
      cause: error,
      details: { status: error.status ?? null, type: error.type ?? null, code: error.code ?? null },
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return serviceError("llm_error", `Model call failed: ${message}`, { cause: error });
}
