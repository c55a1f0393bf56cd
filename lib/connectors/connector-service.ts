/**
 * The ConnectorService of lib/workflow/services.ts for HTTP connectors (spec §1 connectors, §2 CONNECTOR).
 *
 * One call: resolve the connector → find the action → check the caller's access (access.ts) → validate the
 * parameters → build the request (build-request.ts) → safeRequest under the SSRF policy with the action's
 * timeout → read the body up to `max_response_bytes` → redact secrets → write one audit entry.
 * Every HTTP status resolves (the CONNECTOR node turns ≥ 400 into `http_status`); secrets never appear
 * in results, errors or audit entries.
 */
import { safeRequest } from "@/lib/net/safe-fetch";
import { isServiceError, serviceError } from "@/lib/net/service-error";
import type { SsrfPolicy } from "@/lib/net/ssrf";
import { isWorkflowError, WorkflowError } from "@/lib/workflow/errors";
import type { ConnectorCallRequest, ConnectorCallResult, ConnectorService } from "@/lib/workflow/services";
import { accessForRole, roleHoldsAccess } from "./access";
import { buildConnectorRequest } from "./build-request";
import { decodeBody, readCapped } from "./read-body";
import { redactText, redactUrl, redactValue, secretsOf } from "./redact";
import { type ConnectorAuditEntry, type ConnectorDefinition, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS } from "./types";
import { validateParameters } from "./validate-parameters";

export interface ConnectorServiceOptions {
  /** Returns the connector with plain-text secrets. Throw (or return null) for an unknown id. */
  resolveConnector: (id: string) => Promise<ConnectorDefinition | null>;
  /** Receives one entry per call, success or failure. A failing sink fails the call (no unaudited success). */
  audit: (entry: ConnectorAuditEntry) => Promise<void>;
  /** Outbound policy; SWITCHYARD_ALLOWED_HOSTS is added unless the policy says otherwise. */
  ssrf: SsrfPolicy;
  /** Role assumed when the request has no actor role (headless runs). Default `member`. */
  defaultRole?: string;
}

/**
 * A signal that aborts when `outer` does or after `timeoutMs`; `dispose()` clears the timer and the
 * listener once the call is over. Why not `AbortSignal.any([outer, AbortSignal.timeout(ms)])`: that
 * timer cannot be cleared, so every finished call left a live signal and timer for `timeoutMs` (30 s by
 * default), which then fired and built a DOMException nobody read — at hundreds of calls per second,
 * tens of thousands of them (bench/engine.bench.ts).
 */
function callSignal(
  outer: AbortSignal | undefined,
  timeoutMs: number,
): { signal: AbortSignal; timedOut: () => boolean; dispose: () => void } {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`The call timed out after ${timeoutMs} ms`, "TimeoutError"));
  }, timeoutMs);
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      outer?.removeEventListener("abort", onAbort);
    },
  };
}

function abortReasonError(signal: AbortSignal | undefined, label: string, timeoutMs: number, timedOut: boolean): Error | null {
  if (timedOut && !signal?.aborted) return serviceError("timeout", `${label} timed out after ${timeoutMs} ms`);
  if (signal?.aborted) {
    if (isServiceError(signal.reason)) return signal.reason;
    if (signal.reason instanceof Error && signal.reason.name === "TimeoutError") return serviceError("timeout", `${label} timed out`);
    return serviceError("cancelled", `${label} was cancelled`);
  }
  return null;
}

/**
 * Creates the service.
 * `call` throws WorkflowError `invalid_config` (unknown connector or action, access level not held,
 * parameters not matching the schema), `unresolved_reference` (a template names an absent parameter),
 * `connection_error` (SSRF refusal before any connection, DNS or network failure), `timeout` (the action's
 * `timeout_ms` elapsed, body reading included), `cancelled` (the request's signal aborted).
 */
export function createConnectorService(options: ConnectorServiceOptions): ConnectorService {
  /** Does the call, filling `entry` as it learns method, URL and status; `secrets` gets the values to hide. */
  async function execute(
    request: ConnectorCallRequest,
    entry: ConnectorAuditEntry,
    secrets: string[],
  ): Promise<Omit<ConnectorCallResult, "elapsed_ms">> {
    const connector = await options.resolveConnector(request.connectorId);
    if (!connector) throw serviceError("invalid_config", `Unknown connector "${request.connectorId}"`);
    secrets.push(...secretsOf(connector.auth));
    const action = connector.actions.find((candidate) => candidate.id === request.actionId);
    if (!action) throw serviceError("invalid_config", `Connector "${connector.id}" has no action "${request.actionId}"`);
    const label = `${connector.id}.${action.id}`;
    entry.method = action.method.toUpperCase();
    const required = action.access ?? "read";
    const role = request.actor?.role ?? options.defaultRole ?? "member";
    if (!roleHoldsAccess(role, required)) {
      throw serviceError("invalid_config", `${label} needs ${required} access; role "${role}" holds ${accessForRole(role)} access`);
    }
    const parameters = validateParameters(label, action.parameters, request.parameters);
    const built = buildConnectorRequest(connector, action, parameters);
    entry.url = redactUrl(built.url, secrets, connector.auth.kind === "api_key_query" ? connector.auth.query_name : undefined);

    const timeoutMs = action.timeout_ms ?? DEFAULT_TIMEOUT_MS;
    const maxBytes = action.max_response_bytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    const { signal, timedOut, dispose } = callSignal(request.signal, timeoutMs);
    try {
      const response = await safeRequest(
        built.url,
        { method: built.method, headers: built.headers, body: built.body, signal },
        options.ssrf,
      );
      entry.status = response.status;
      const { bytes, truncated } = await readCapped(response.body, maxBytes);
      entry.truncated = truncated;
      const contentType = response.headers.get("content-type");
      return {
        status: response.status,
        headers: redactValue(Object.fromEntries(response.headers.entries()), secrets),
        body: redactValue(decodeBody(bytes, contentType, truncated, maxBytes), secrets),
        truncated,
      };
    } catch (error) {
      throw abortReasonError(request.signal, label, timeoutMs, timedOut()) ?? error;
    } finally {
      dispose();
    }
  }

  return {
    async call(request: ConnectorCallRequest): Promise<ConnectorCallResult> {
      const started = performance.now();
      const entry: ConnectorAuditEntry = {
        action: "connector.call",
        at: new Date().toISOString(),
        actor: request.actor ?? null,
        connector_id: request.connectorId,
        action_id: request.actionId,
        method: "",
        url: "",
        status: null,
        elapsed_ms: 0,
        truncated: false,
      };
      const secrets: string[] = [];
      let result: Omit<ConnectorCallResult, "elapsed_ms"> | null = null;
      let failure: WorkflowError | null = null;
      try {
        result = await execute(request, entry, secrets);
      } catch (error) {
        failure = toRedactedError(error, secrets);
        entry.error = { code: failure.code, message: failure.message };
      }
      entry.elapsed_ms = Math.round(performance.now() - started);
      await options.audit(entry);
      if (failure || !result) throw failure;
      return { ...result, elapsed_ms: entry.elapsed_ms };
    },
  };
}

/** Any error as a WorkflowError whose message and details hold no secret (non-WorkflowErrors → connection_error). */
function toRedactedError(error: unknown, secrets: string[]): WorkflowError {
  const failure = isWorkflowError(error)
    ? error
    : serviceError("connection_error", error instanceof Error ? error.message : String(error), { cause: error });
  const message = redactText(failure.message, secrets);
  const details = redactValue(failure.details, secrets);
  if (message === failure.message && details === failure.details) return failure;
  return new WorkflowError(failure.code, message, { details });
}
