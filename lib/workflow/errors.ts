/**
 * The one error family of the workflow runtime (STYLE.md "Errors carry a stable code and their cause").
 * Codes come from spec §4 (validation) and §5 (runtime), plus the few the runtime needs around them.
 * HTTP mapping lives in one place outside lib/workflow (lib/errors.ts maps these codes).
 */

/** Validation issue codes, spec §4. */
export const VALIDATION_ERROR_CODES = [
  "missing_start",
  "multiple_start",
  "missing_end",
  "cycle",
  "dangling_edge",
  "invalid_handle",
  "unreachable_node",
  "invalid_config",
  "unknown_reference",
  "unknown_node_type",
] as const;

/** Runtime error codes, spec §5. */
export const RUNTIME_ERROR_CODES = [
  "invalid_input",
  "unresolved_reference",
  "type_error",
  "timeout",
  "http_status",
  "connection_error",
  "mcp_error",
  "llm_error",
  "max_iterations",
  "max_depth_exceeded",
  "reentrant_call",
  "contains_human_intervention",
  "approval_rejected",
  "approval_timeout",
  "interrupted",
  "cancelled",
] as const;

/**
 * Codes the runtime adds around the spec's:
 * - `already_decided`: a second decision on an approval (HTTP 409, spec §5).
 * - `not_found`, `forbidden`: unknown run/approval; a decision by someone who is not the assignee.
 * - `invalid_document`: a value that is not a workflow document (spec §8 exit 2).
 * - `limit_exceeded`: the run took more steps than `limits.maxSteps` (spec §5 "Limits").
 * - `internal_error`: a service threw something that is not a WorkflowError; its message is kept.
 */
export const EXTRA_ERROR_CODES = [
  "already_decided",
  "not_found",
  "forbidden",
  "invalid_document",
  "limit_exceeded",
  "internal_error",
] as const;

/** A spec §4 code. */
export type ValidationErrorCode = (typeof VALIDATION_ERROR_CODES)[number];
/** A spec §5 runtime code. */
export type RuntimeErrorCode = (typeof RUNTIME_ERROR_CODES)[number];
/** Every code a WorkflowError may carry. */
export type WorkflowErrorCode = ValidationErrorCode | RuntimeErrorCode | (typeof EXTRA_ERROR_CODES)[number];

/** One problem found in a document or graph (spec §4): stable code, the node ids concerned, the field. */
export interface WorkflowIssue {
  code: WorkflowErrorCode;
  /** Node ids the problem concerns (empty for document-level problems). */
  nodeIds: string[];
  /** Edge id, for edge problems (`dangling_edge`, `invalid_handle`, `cycle` edges are not listed). */
  edgeId?: string;
  /** Dotted path of the field within the node's `data` (e.g. `conditions.0.rules.1.variable`), or within the document. */
  field?: string;
  message: string;
}

/** What a WorkflowError carries besides its code and message. */
export interface WorkflowErrorOptions {
  nodeId?: string;
  field?: string;
  /** JSON-serialisable details (e.g. `{status, body}` for `http_status`, `{issues}` for validation). */
  details?: unknown;
  /** Every issue, when the error summarises a failed validation. */
  issues?: WorkflowIssue[];
  cause?: unknown;
}

/** The error thrown (and stored, as `{code, message}`) throughout lib/workflow. */
export class WorkflowError extends Error {
  readonly code: WorkflowErrorCode;
  readonly nodeId?: string;
  readonly field?: string;
  readonly details?: unknown;
  readonly issues?: WorkflowIssue[];

  constructor(code: WorkflowErrorCode, message: string, options: WorkflowErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "WorkflowError";
    this.code = code;
    if (options.nodeId !== undefined) this.nodeId = options.nodeId;
    if (options.field !== undefined) this.field = options.field;
    if (options.details !== undefined) this.details = options.details;
    if (options.issues !== undefined) this.issues = options.issues;
  }

  /** `{code, message}` plus node id, field and details when present: the stored/streamed shape. */
  toJSON(): { code: WorkflowErrorCode; message: string; node_id?: string; field?: string; details?: unknown } {
    return {
      code: this.code,
      message: this.message,
      ...(this.nodeId !== undefined ? { node_id: this.nodeId } : {}),
      ...(this.field !== undefined ? { field: this.field } : {}),
      ...(this.details !== undefined ? { details: this.details } : {}),
    };
  }
}

/** True when `value` is a WorkflowError (also across module copies, by name and code). */
export function isWorkflowError(value: unknown): value is WorkflowError {
  return (
    value instanceof WorkflowError ||
    (value instanceof Error && value.name === "WorkflowError" && typeof (value as { code?: unknown }).code === "string")
  );
}

/**
 * Wraps anything thrown by a service or executor: a WorkflowError is returned as is, an AbortError
 * becomes `cancelled`, anything else `internal_error` with its message and the original as `cause`.
 */
export function toWorkflowError(value: unknown, nodeId?: string): WorkflowError {
  if (isWorkflowError(value)) return value;
  if (value instanceof Error && value.name === "AbortError") {
    return new WorkflowError("cancelled", value.message || "Aborted", { nodeId, cause: value });
  }
  const message = value instanceof Error ? value.message : String(value);
  return new WorkflowError("internal_error", message, { nodeId, cause: value });
}
