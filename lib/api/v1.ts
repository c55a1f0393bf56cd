/**
 * The REST API v1 operations behind app/api/v1 (thin routes): every request is authenticated by API key
 * (lib/api/authenticate.ts) and counted by the per-key limiter (lib/api/rate-limit.ts); runs start through
 * lib/triggers/start-run.ts and are read, cancelled and decided through lib/runtime.ts, as the key's owner.
 * A run, approval or workflow the owner may not see is 404, never 403 (nothing leaks).
 */
import { createHash } from "node:crypto";
import type { ApiKeyOwner } from "@/lib/db/queries/api-keys";
import { listPendingApprovals } from "@/lib/db/queries/approvals";
import { getActiveWorkflow, listPublishedWorkflows } from "@/lib/db/queries/triggers";
import { AppError } from "@/lib/errors";
import { cancelRun, decideApproval, getRunTrail, getRuntime, type Runtime } from "@/lib/runtime";
import { rejectUnknownInputs } from "@/lib/triggers/inputs";
import { startTriggeredRun } from "@/lib/triggers/start-run";
import { FINAL_RUN_STATUSES, isDuplicateRunError, type RunRecord } from "@/lib/workflow/run-store";
import { authenticateApiKey } from "./authenticate";
import { getApiRateLimiter } from "./rate-limit";
import { readJsonBody } from "./read-body";
import { jsonResponse, parseRequest, withNamedFields } from "./respond";
import { decideApprovalRequest, idempotencyHeaders, startRunRequest, type WorkflowSummaryBody } from "./schemas";
import { approvalBody, inputJsonSchema, nodeRunBody, runBody, runLinks } from "./views";

/** Authenticates the request's key and counts it against the key's rate limit. @throws 401, 429. */
export async function apiCaller(request: Request): Promise<ApiKeyOwner> {
  const caller = await authenticateApiKey(request);
  await getApiRateLimiter().consume(caller.keyId);
  return caller;
}

const isSettled = (run: RunRecord) => run.status === "waiting" || FINAL_RUN_STATUSES.has(run.status);

/**
 * The run id an idempotency key maps to: a hash of the user and the key, so a retry — in this process or
 * another — finds the run the first attempt stored (Run.id is unique, so two racing starts store one run).
 */
export function idempotentRunId(userId: string, key: string): string {
  return `idem_${createHash("sha256").update(`${userId}\n${key}`).digest("hex").slice(0, 32)}`;
}

/** JSON with object keys sorted at every level, so equal values give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

/** A digest of a start's inputs, kept on an idempotent run to tell a retry from a reuse of its key. */
export function inputsFingerprint(inputs: unknown): string {
  return createHash("sha256").update(canonicalJson(inputs)).digest("hex").slice(0, 32);
}

/** Waits until the run is final or waiting, at most `ms`; returns it as last stored. */
async function waitUntilSettled(runtime: Runtime, run: RunRecord, ms: number): Promise<RunRecord> {
  if (isSettled(run) || ms <= 0) return run;
  const signal = AbortSignal.timeout(ms);
  try {
    for await (const event of runtime.engine.followEvents(run.id, { afterSeq: run.lastSeq, signal })) {
      if (event.type === "run.ended" || event.type === "run.waiting") break;
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  }
  return (await runtime.store.getRun(run.id)) ?? run;
}

/** 202 with the run's id, status and where to follow it. */
function acceptedResponse(run: RunRecord, headers: Record<string, string> = {}): Response {
  const links = runLinks(run.id);
  return jsonResponse(
    { id: run.id, status: run.status, status_url: links.self, events_url: links.events },
    { status: 202, headers: { Location: links.self, ...headers } },
  );
}

/** 200 with the run (and its pending approvals when waiting) once it is final or waiting; else 202. */
async function settledResponse(runtime: Runtime, run: RunRecord, headers: Record<string, string> = {}): Promise<Response> {
  if (!isSettled(run)) return acceptedResponse(run, headers);
  const approvals =
    run.status === "waiting" ? ((await runtime.store.loadRun(run.id))?.approvals ?? []).filter((a) => a.status === "pending") : undefined;
  return jsonResponse(runBody(run, approvals), { headers });
}

/**
 * POST /api/v1/workflows/:workflowId/runs — starts a run of the active version. 200 with the run when
 * `wait` and it is final or waiting in time; otherwise 202 with its id and status URL. A retried start
 * with the same `Idempotency-Key` and inputs answers with the first run (`Idempotent-Replayed: true`), 202
 * again without `wait`.
 * @throws 400 `invalid_input` (fields name the inputs), 404, 409 (unpublished; key reused for another
 *   workflow or with other inputs), 413.
 */
export async function startRunResponse(request: Request, workflowId: string): Promise<Response> {
  const caller = await apiCaller(request);
  const { "idempotency-key": idempotencyKey } = parseRequest(idempotencyHeaders, {
    "idempotency-key": request.headers.get("idempotency-key") ?? undefined,
  });
  const body = parseRequest(startRunRequest, await readJsonBody(request));
  const runtime = getRuntime();
  const workflow = await getActiveWorkflow(runtime.db, caller.user, workflowId);
  const runId = idempotencyKey ? idempotentRunId(caller.user.id, idempotencyKey) : undefined;
  const waitMs = body.wait ? body.wait_timeout_ms : 0;
  const fingerprint = inputsFingerprint(body.inputs ?? {});

  const replay = async (): Promise<Response | null> => {
    const existing = runId ? await runtime.store.getRun(runId) : null;
    if (!existing) return null;
    if (existing.workflowId !== workflow.id) {
      throw new AppError("conflict", "This Idempotency-Key was already used to start a run of another workflow.", {
        details: { run_id: existing.id },
      });
    }
    const stored = (existing.trigger.details as { inputs_fingerprint?: unknown } | undefined)?.inputs_fingerprint;
    if (typeof stored === "string" && stored !== fingerprint) {
      throw new AppError("conflict", "This Idempotency-Key was already used with different inputs; use a new key for a new run.", {
        details: { run_id: existing.id },
      });
    }
    const headers = { "Idempotent-Replayed": "true" };
    // answered as the first start was: 202 without `wait`, whatever the run reached meanwhile
    if (!body.wait) return acceptedResponse(existing, headers);
    return settledResponse(runtime, await waitUntilSettled(runtime, existing, waitMs), headers);
  };
  const replayed = await replay();
  if (replayed) return replayed;

  rejectUnknownInputs(workflow.variables, body.inputs, "inputs.");
  try {
    const { run } = await startTriggeredRun(runtime, {
      workflow,
      inputs: body.inputs,
      runId,
      waitMs,
      trigger: {
        kind: "api",
        userId: caller.user.id,
        details: {
          user: caller.user.email,
          api_key: caller.keyName,
          api_key_id: caller.keyId,
          ...(idempotencyKey ? { idempotency_key: idempotencyKey, inputs_fingerprint: fingerprint } : {}),
        },
      },
    });
    // Without `wait` the answer is always 202, whatever the run reached meanwhile.
    if (!body.wait) return acceptedResponse((await runtime.store.getRun(run.id)) ?? run);
    return settledResponse(runtime, isSettled(run) ? run : ((await runtime.store.getRun(run.id)) ?? run));
  } catch (error) {
    // Two racing starts with one key: the loser finds the winner's run.
    if (runId && isDuplicateRunError(error)) {
      const again = await replay();
      if (again) return again;
    }
    throw withNamedFields(error, "inputs.");
  }
}

/** GET /api/v1/runs/:runId — the run with its node runs and approvals. @throws 404. */
export async function getRunResponse(request: Request, runId: string): Promise<Response> {
  const caller = await apiCaller(request);
  const trail = await getRunTrail(getRuntime(), runId, caller.user);
  if (!trail) throw new AppError("not_found", `No run "${runId}"`);
  return jsonResponse({ ...runBody(trail.run), node_runs: trail.nodeRuns.map(nodeRunBody), approvals: trail.approvals.map(approvalBody) });
}

/** POST /api/v1/runs/:runId/cancel — cancels a queued, running or waiting run; a final run is returned as is. @throws 404. */
export async function cancelRunResponse(request: Request, runId: string): Promise<Response> {
  const caller = await apiCaller(request);
  return jsonResponse(runBody(await cancelRun(getRuntime(), runId, caller.user)));
}

/** GET /api/v1/approvals — pending approvals the key's owner may decide, newest first. */
export async function listApprovalsResponse(request: Request): Promise<Response> {
  const caller = await apiCaller(request);
  const limit = Number(new URL(request.url).searchParams.get("limit") ?? 100);
  const items = await listPendingApprovals(getRuntime().db, caller.user, {
    limit: Number.isInteger(limit) && limit > 0 ? Math.min(limit, 500) : 100,
  });
  return jsonResponse({ approvals: items.map((item) => approvalBody({ ...item, runId: item.run.id })) });
}

/**
 * POST /api/v1/approvals/:approvalId/decision — decides once and resumes the run (spec §5).
 * @throws 400, 403 (not the assignee), 404, 409 `already_decided`.
 */
export async function decideApprovalResponse(request: Request, approvalId: string): Promise<Response> {
  const caller = await apiCaller(request);
  const body = parseRequest(decideApprovalRequest, await readJsonBody(request));
  const outcome = await decideApproval(getRuntime(), { approvalId, decision: body.decision, note: body.note ?? null, user: caller.user });
  return jsonResponse({ approval: approvalBody(outcome.approval), run: runBody(outcome.run) });
}

/** GET /api/v1/workflows — the published workflows the key's owner owns or that are shared with them, with input schemas. */
export async function listWorkflowsResponse(request: Request): Promise<Response> {
  const caller = await apiCaller(request);
  const workflows = await listPublishedWorkflows(getRuntime().db, caller.user.id);
  const body: WorkflowSummaryBody[] = workflows.map((workflow) => ({
    id: workflow.id,
    name: workflow.name,
    description: workflow.description,
    version: workflow.version,
    input_schema: inputJsonSchema(workflow.variables),
    has_human_intervention: workflow.hasHumanIntervention,
  }));
  return jsonResponse({ workflows: body });
}
