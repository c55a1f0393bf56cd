/**
 * One error type for the app layer, with stable codes, and the one place that maps a code to an HTTP
 * status and a user-facing message (STYLE.md "Errors carry a stable code"). Runtime errors from
 * lib/workflow (`WorkflowError`) carry spec codes and are mapped here too, by their `code`.
 */

export const appErrorCodes = {
  unauthenticated: { status: 401, message: "Please sign in to continue." },
  forbidden: { status: 403, message: "You do not have permission to do that." },
  not_found: { status: 404, message: "We could not find what you were looking for." },
  method_not_allowed: { status: 405, message: "This address does not accept that method." },
  invalid_input: { status: 400, message: "Some fields need attention." },
  invalid_document: { status: 400, message: "That file is not a valid workflow document." },
  invalid_config: { status: 400, message: "The configuration is not valid." },
  conflict: { status: 409, message: "Someone else changed this in the meantime." },
  already_decided: { status: 409, message: "This approval has already been decided." },
  email_taken: { status: 409, message: "An account with this email already exists." },
  payload_too_large: { status: 413, message: "The request is too large." },
  rate_limited: { status: 429, message: "Too many requests; try again shortly." },
  upstream_error: { status: 502, message: "A service we depend on did not answer correctly." },
  database_unavailable: { status: 503, message: "The database is not reachable." },
  internal: { status: 500, message: "Something went wrong on our side." },
} as const satisfies Record<string, { status: number; message: string }>;

export type AppErrorCode = keyof typeof appErrorCodes;

/** Field-level problems, keyed by the form field's name. */
export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly fields?: FieldErrors;
  readonly details?: unknown;

  constructor(code: AppErrorCode, message?: string, options?: { fields?: FieldErrors; details?: unknown; cause?: unknown }) {
    super(message ?? appErrorCodes[code].message, { cause: options?.cause });
    this.name = "AppError";
    this.code = code;
    this.fields = options?.fields;
    this.details = options?.details;
  }

  get status(): number {
    return appErrorCodes[this.code].status;
  }
}

/** Status for spec runtime/validation codes (WorkflowError) that are not app codes. */
const workflowCodeStatus: Record<string, number> = {
  invalid_input: 400,
  invalid_document: 400,
  invalid_config: 400,
  missing_start: 400,
  multiple_start: 400,
  missing_end: 400,
  cycle: 400,
  dangling_edge: 400,
  invalid_handle: 400,
  unreachable_node: 400,
  unknown_reference: 400,
  unknown_node_type: 400,
  already_decided: 409,
  forbidden: 403,
  not_found: 404,
  contains_human_intervention: 409,
};

/** The JSON shape every API error has: `{ error: { code, message, fields?, details? } }`. */
export interface ErrorBody {
  error: { code: string; message: string; fields?: FieldErrors; details?: unknown };
}

/**
 * Maps any thrown value to an HTTP status and a body safe to show a user: an AppError or a coded
 * WorkflowError keeps its code and message; anything else becomes `internal` with a generic message
 * (never a stack trace). The original error is logged by the caller.
 */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: { error: { code: error.code, message: error.message, fields: error.fields, details: error.details } },
    };
  }
  if (error instanceof Error && typeof (error as { code?: unknown }).code === "string") {
    const code = (error as unknown as { code: string }).code;
    const status = workflowCodeStatus[code];
    if (status) {
      const details = (error as { details?: unknown }).details;
      return { status, body: { error: { code, message: error.message, details } } };
    }
  }
  return { status: 500, body: { error: { code: "internal", message: appErrorCodes.internal.message } } };
}

/** Result of a server action: data, or an error a form can show beside its fields. */
export type ActionResult<T = undefined> =
  | { ok: true; data: T }
  | { ok: false; error: { code: string; message: string; fields?: FieldErrors } };

/** Runs a server action body and turns thrown errors into an ActionResult (logging unexpected ones). */
export async function actionResult<T>(body: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await body() };
  } catch (error) {
    if (isNextControlFlow(error)) throw error;
    const { status, body: errorBody } = toErrorResponse(error);
    if (status >= 500) console.error("[action]", error);
    return { ok: false, error: errorBody.error };
  }
}

/** Next.js signals redirects and not-found by throwing; those must pass through untouched. */
export function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return (
    typeof digest === "string" &&
    (digest.startsWith("NEXT_REDIRECT") || digest.startsWith("NEXT_HTTP_ERROR_FALLBACK") || digest === "NEXT_NOT_FOUND")
  );
}
