/**
 * The REST API's request and response shapes (v1), in zod: the routes validate requests with these, and
 * lib/api/openapi.ts describes the API from the same schemas (zod-openapi), so the two cannot drift.
 * Field names are snake_case, as the spec's events and the CLI's JSON are.
 */
import { z } from "zod";
import "zod-openapi";
import { MAX_WAIT_MS } from "@/lib/triggers/start-run";

export const DEFAULT_WAIT_MS = 30_000;

const id = (description: string) => z.string().min(1).max(200).meta({ description });

export const workflowIdParams = z.object({ workflowId: id("The workflow's id") });
export const runIdParams = z.object({ runId: id("The run's id") });
export const approvalIdParams = z.object({ approvalId: id("The approval's id") });

export const idempotencyHeaders = z.object({
  "idempotency-key": z.string().min(1).max(255).optional().meta({
    description:
      "Makes the start safe to retry: a second start with the same key (by the same user) returns the first run instead of starting another.",
    example: "order-1234-refund",
  }),
});

export const startRunRequest = z
  .object({
    inputs: z.record(z.string(), z.unknown()).default({}).meta({
      description: "Values for the START node's variables, by name (checked against their types; `invalid_input` names the field).",
    }),
    wait: z
      .boolean()
      .default(false)
      .meta({ description: "Answer when the run is final or waiting for an approval, up to `wait_timeout_ms`; otherwise 202 at once." }),
    wait_timeout_ms: z
      .number()
      .int()
      .min(1)
      .max(MAX_WAIT_MS)
      .default(DEFAULT_WAIT_MS)
      .meta({ description: `How long \`wait\` waits, ms (at most ${MAX_WAIT_MS}); past it the answer is 202 and the run goes on.` }),
  })
  .strict()
  .meta({ id: "StartRunRequest" });

export const decideApprovalRequest = z
  .object({
    decision: z
      .enum(["approved", "rejected"])
      .meta({ description: "The decision (spec §5: once; a second one is 409 `already_decided`)." }),
    note: z.string().max(4000).nullish().meta({ description: "Why; shown in the trail." }),
  })
  .strict()
  .meta({ id: "DecideApprovalRequest" });

export const runStatus = z
  .enum(["queued", "running", "waiting", "succeeded", "partial_succeeded", "failed", "cancelled"])
  .meta({ id: "RunStatus" });

export const runError = z
  .object({ code: z.string(), message: z.string(), node_id: z.string().optional(), details: z.unknown().optional() })
  .meta({ id: "RunError", description: "A spec §5 error code and message." });

export const approval = z
  .object({
    id: z.string(),
    run_id: z.string(),
    node_id: z.string(),
    title: z.string(),
    description: z.string(),
    assignee: z.string().meta({ description: "User email, role, or empty for anyone." }),
    status: z.enum(["pending", "approved", "rejected", "timed_out", "cancelled"]),
    decided_by: z.string().nullable(),
    note: z.string().nullable(),
    decided_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    created_at: z.string(),
    links: z.object({ decide: z.string(), run: z.string() }),
  })
  .meta({ id: "Approval" });

export const nodeRun = z
  .object({
    node_id: z.string(),
    node_type: z.string(),
    status: z.enum(["pending", "running", "waiting", "succeeded", "failed", "skipped"]),
    position: z.number().int(),
    attempts: z.number().int(),
    inputs: z.unknown(),
    outputs: z.unknown(),
    error: runError.nullable(),
    started_at: z.string().nullable(),
    ended_at: z.string().nullable(),
    elapsed_ms: z.number().nullable(),
    usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }),
  })
  .meta({ id: "NodeRun" });

export const run = z
  .object({
    id: z.string(),
    workflow_id: z.string(),
    version: z.number().int().nullable(),
    status: runStatus,
    inputs: z.record(z.string(), z.unknown()),
    outputs: z.record(z.string(), z.unknown()).nullable().meta({ description: "END's outputs once the run is final." }),
    error: runError.nullable(),
    trigger: z
      .object({ kind: z.string(), details: z.record(z.string(), z.unknown()).optional() })
      .meta({ description: "What started the run." }),
    parent_run_id: z.string().nullable(),
    depth: z.number().int(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    ended_at: z.string().nullable(),
    links: z.object({ self: z.string(), events: z.string(), cancel: z.string() }),
    approvals: z.array(approval).optional().meta({ description: "Pending approvals, when the run is waiting." }),
  })
  .meta({ id: "Run" });

export const runWithNodes = run
  .extend({
    node_runs: z.array(nodeRun).meta({ description: "In the order the nodes first started or were decided (skips included)." }),
    approvals: z.array(approval),
  })
  .meta({ id: "RunWithNodeRuns" });

export const acceptedRun = z
  .object({ id: z.string(), status: runStatus, status_url: z.string(), events_url: z.string() })
  .meta({ id: "AcceptedRun", description: "The run is stored and goes on; poll `status_url` or stream `events_url`." });

export const workflowSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    version: z.number().int(),
    input_schema: z.record(z.string(), z.unknown()).meta({ description: "JSON Schema of `inputs`, from START's variables." }),
    has_human_intervention: z.boolean(),
  })
  .meta({ id: "Workflow" });

export const errorBody = z
  .object({
    error: z.object({
      code: z.string().meta({
        description:
          "Stable code (spec §4/§5 codes, or unauthenticated, not_found, invalid_input, payload_too_large, rate_limited, conflict…).",
      }),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional().meta({ description: "Problems by field (dotted path), e.g. `inputs.amount`." }),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: "Error" });

export type StartRunRequest = z.output<typeof startRunRequest>;
export type RunBody = z.output<typeof run>;
export type RunWithNodesBody = z.output<typeof runWithNodes>;
export type ApprovalBody = z.output<typeof approval>;
export type NodeRunBody = z.output<typeof nodeRun>;
export type WorkflowSummaryBody = z.output<typeof workflowSummary>;
