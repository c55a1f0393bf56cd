/**
 * HUMAN_INTERVENTION around the scheduler (spec §5): who may decide, what the approval stores as
 * context, and what a decision (or a timeout) does to the node.
 */
import { WorkflowError } from "../errors";
import type { HumanInterventionOutputs } from "../nodes/human-intervention";
import type { ApprovalRecord } from "../run-store";
import type { TemplateScope } from "../template";
import { ancestorsOf, type CompiledGraph, hasEdgeOnHandle } from "./compiled-graph";
import type { NodeOutcome } from "./node-executor";

/** The person deciding. `role` is the app role ("admin" | "member"). */
export interface ApprovalUser {
  id: string | null;
  email: string;
  role: string;
  name: string;
}

/**
 * Whether `user` may decide an approval assigned to `assignee`: empty = anyone; otherwise the user's
 * email (case-insensitive) or role must equal it.
 */
export function isAssignee(assignee: string, user: ApprovalUser): boolean {
  const wanted = assignee.trim();
  if (wanted === "") return true;
  return wanted.toLowerCase() === user.email.trim().toLowerCase() || wanted === user.role;
}

/** The upstream outputs an approval is about: `input` and the outputs of every ancestor that ran. */
export function approvalContext(graph: CompiledGraph, node: number, scope: TemplateScope): Record<string, unknown> {
  const context: Record<string, unknown> = { input: scope.input ?? {} };
  for (const ancestor of ancestorsOf(graph, node)) {
    const id = graph.nodes[ancestor].id;
    if (Object.hasOwn(scope, id)) context[id] = scope[id];
  }
  return context;
}

/**
 * What a decided approval does to its node: `approved` succeeds (handle `approved`); `rejected` succeeds
 * (handle `rejected`) when an edge leaves that handle, else fails with `approval_rejected`; `timed_out`
 * fails with `approval_timeout`; `cancelled` fails with `cancelled`.
 */
export function approvalOutcome(graph: CompiledGraph, node: number, approval: ApprovalRecord): NodeOutcome {
  const nodeId = graph.nodes[node].id;
  if (approval.status === "approved" || approval.status === "rejected") {
    const outputs: HumanInterventionOutputs = {
      decision: approval.status,
      decided_by: approval.decidedByName,
      note: approval.note,
      decided_at: (approval.decidedAt ?? new Date(0)).toISOString(),
    };
    if (approval.status === "approved" || hasEdgeOnHandle(graph, node, "rejected")) return { kind: "succeeded", outputs };
    return {
      kind: "failed",
      error: new WorkflowError(
        "approval_rejected",
        `Rejected by ${approval.decidedByName ?? "someone"}${approval.note ? `: ${approval.note}` : ""}`,
        {
          nodeId,
          details: outputs,
        },
      ),
    };
  }
  if (approval.status === "timed_out") {
    return {
      kind: "failed",
      error: new WorkflowError("approval_timeout", `No decision before ${approval.expiresAt?.toISOString() ?? "the deadline"}`, { nodeId }),
    };
  }
  return { kind: "failed", error: new WorkflowError("cancelled", "The approval was cancelled", { nodeId }) };
}
