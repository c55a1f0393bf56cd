"use server";

import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { getApprovalForViewer } from "@/lib/db/queries/approvals";
import { AppError, actionResult } from "@/lib/errors";
import { decideApproval, getRuntime } from "@/lib/runtime";

const decisionSchema = z.object({
  approvalId: z.string().min(1).max(200),
  decision: z.enum(["approved", "rejected"]),
  note: z
    .string()
    .max(4000, "Keep the note under 4,000 characters.")
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : null)),
});

/** What a decision led to, or who was first. */
export type DecisionOutcome =
  | {
      kind: "decided";
      decision: "approved" | "rejected";
      decidedBy: string;
      decidedAt: string;
      note: string | null;
      runId: string;
      runStatus: string;
    }
  | { kind: "already_decided"; status: string; decidedBy: string | null; decidedAt: string | null };

/**
 * Decides an approval through the runtime, which checks on the server that the user may see the run
 * (`not_found` otherwise) and is the assignee (`forbidden`), stores the decision once, resumes the run at once
 * and audits it. A decision that lost the race is not an error: it answers who decided first and when.
 * Nothing is revalidated: the card shows the outcome itself, and open inboxes learn of it over their stream.
 */
export async function decideApprovalAction(input: unknown) {
  return actionResult(async (): Promise<DecisionOutcome> => {
    const user = await requireUser();
    const parsed = decisionSchema.safeParse(input);
    if (!parsed.success) {
      throw new AppError("invalid_input", undefined, {
        fields: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])),
      });
    }
    const { approvalId, decision, note } = parsed.data;
    try {
      const outcome = await decideApproval(getRuntime(), { approvalId, decision, note, user });
      return {
        kind: "decided",
        decision,
        decidedBy: outcome.approval.decidedByName ?? user.email,
        decidedAt: (outcome.approval.decidedAt ?? new Date()).toISOString(),
        note: outcome.approval.note,
        runId: outcome.run.id,
        runStatus: outcome.run.status,
      };
    } catch (error) {
      if ((error as { code?: unknown }).code !== "already_decided") throw error;
      const details = ((error as { details?: unknown }).details ?? {}) as {
        status?: string;
        decided_by?: string | null;
        decided_at?: string | null;
      };
      return {
        kind: "already_decided",
        status: details.status ?? "decided",
        decidedBy: details.decided_by ?? null,
        decidedAt: details.decided_at ?? null,
      };
    }
  });
}

/** The current state of an approval the user may see (a card that left the inbox asks who decided it). */
export async function approvalStateAction(approvalId: unknown) {
  return actionResult(async () => {
    const user = await requireUser();
    const id = z.string().min(1).max(200).safeParse(approvalId);
    const approval = id.success ? await getApprovalForViewer(getDb(), user, id.data) : null;
    if (!approval) throw new AppError("not_found", "No such approval.");
    return {
      status: approval.status,
      decidedBy: approval.decidedByName,
      decidedAt: approval.decidedAt?.toISOString() ?? null,
      note: approval.note,
      runStatus: approval.run.status,
    };
  });
}
