/**
 * Responses of the REST API, webhooks and the MCP endpoint: errors as the one JSON shape
 * `{error: {code, message, fields?, details?}}` with the status lib/errors.ts `toErrorResponse` gives (the
 * one place codes map to HTTP), plus the headers some statuses need (`Retry-After` on 429,
 * `WWW-Authenticate` on 401 per RFC 6750 §3).
 */
import type { z } from "zod";
import { AppError, type FieldErrors, toErrorResponse } from "@/lib/errors";
import { isWorkflowError } from "@/lib/workflow/errors";
import { readableZodError } from "@/lib/workflow/zod-messages";

/**
 * A WorkflowError whose issues name fields (spec §5 `invalid_input` names the variable) becomes an AppError
 * with `fields` keyed `<fieldPrefix><variable>`; anything else is returned unchanged.
 */
export function withNamedFields(error: unknown, fieldPrefix = ""): unknown {
  if (!isWorkflowError(error) || error.code !== "invalid_input") return error;
  const issues = error.issues ?? [];
  const fields: FieldErrors = {};
  for (const issue of issues)
    fields[issue.field ? `${fieldPrefix}${issue.field}` : fieldPrefix.replace(/\.$/, "") || "body"] = issue.message;
  const message = issues.length > 0 ? issues.map((issue) => issue.message).join("; ") : error.message;
  return new AppError("invalid_input", message, { fields, details: { issues }, cause: error });
}

/**
 * Parses `value` with a zod schema.
 * @throws AppError `invalid_input` with one `fields` entry per problem, keyed by the dotted path.
 */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown, root = "body"): z.output<S> {
  const parsed = schema.safeParse(value, { error: readableZodError });
  if (parsed.success) return parsed.data;
  const fields: FieldErrors = {};
  for (const issue of parsed.error.issues) fields[issue.path.length > 0 ? issue.path.join(".") : root] ??= issue.message;
  const summary = Object.entries(fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join("; ");
  throw new AppError("invalid_input", `Invalid request: ${summary}`, { fields });
}

/** The error response for any thrown value; unexpected (5xx) errors are logged with `scope`. */
export function apiErrorResponse(error: unknown, scope: string): Response {
  const { status, body } = toErrorResponse(error);
  if (status >= 500) console.error(`[${scope}]`, error);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (status === 401) headers.set("WWW-Authenticate", 'Bearer realm="switchyard"');
  const retryAfter = (body.error.details as { retry_after_seconds?: unknown } | undefined)?.retry_after_seconds;
  if (status === 429 && typeof retryAfter === "number") headers.set("Retry-After", String(retryAfter));
  const allow = (body.error.details as { allow?: unknown } | undefined)?.allow;
  if (status === 405 && Array.isArray(allow)) headers.set("Allow", allow.join(", "));
  return Response.json(body, { status, headers });
}

/** JSON with `Cache-Control: no-store` (API answers are per caller and change as runs progress). */
export function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return Response.json(body, { status: init.status ?? 200, headers: { "Cache-Control": "no-store", ...init.headers } });
}

/** Wraps a route handler so every thrown error answers in the one error shape. */
export function apiHandler<C>(scope: string, handler: (request: Request, context: C) => Promise<Response>) {
  return async (request: Request, context: C): Promise<Response> => {
    try {
      return await handler(request, context);
    } catch (error) {
      return apiErrorResponse(error, scope);
    }
  };
}

const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** A method a route file can export a handler for (HEAD and OPTIONS are Next.js's own). */
export type RouteMethod = (typeof ROUTE_METHODS)[number];

/**
 * Handlers for the methods a route does not serve: 405 `method_not_allowed` in the one error shape, with
 * `details.allow` and the `Allow` header RFC 9110 §15.5.6 requires (Next.js answers an unexported method
 * with an empty 405 and no Allow). The allowed list gains HEAD with GET and always OPTIONS, which Next.js
 * implements. Use: `export const { GET, PUT, PATCH, DELETE } = methodNotAllowed("POST")`.
 */
export function methodNotAllowed<const A extends RouteMethod>(
  ...served: A[]
): Record<Exclude<RouteMethod, A>, (request: Request) => Response> {
  const allow = [...served, ...(served.includes("GET" as A) ? ["HEAD"] : []), "OPTIONS"];
  const handler = (request: Request): Response => {
    const path = new URL(request.url).pathname;
    const message = `${request.method} is not allowed on ${path}; it takes ${served.join(" or ")}.`;
    return apiErrorResponse(new AppError("method_not_allowed", message, { details: { allow } }), "api");
  };
  const handlers = {} as Record<RouteMethod, (request: Request) => Response>;
  for (const method of ROUTE_METHODS) if (!served.includes(method as A)) handlers[method] = handler;
  return handlers;
}
