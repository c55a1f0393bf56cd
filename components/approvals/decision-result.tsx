import Link from "next/link";
import { formatDateTime, STATUS_LABELS } from "@/components/runs/format";

export type CardState =
  | { kind: "pending" }
  | { kind: "decided"; decision: string; decidedBy: string; decidedAt: string; note: string | null; runId: string; runStatus: string }
  | { kind: "already_decided"; status: string; decidedBy: string | null; decidedAt: string | null }
  | { kind: "gone"; status?: string; decidedBy?: string | null; decidedAt?: string | null };

/** What a card shows once it is no longer waiting: the decision and what the run did next, or who was first. */
export function DecisionResult({ state, runId }: { state: Exclude<CardState, { kind: "pending" }>; runId: string }) {
  const runLink = (
    <Link href={`/runs/${runId}`} className="font-medium underline">
      Open the run
    </Link>
  );
  if (state.kind === "decided") {
    const approved = state.decision === "approved";
    return (
      <div
        role="status"
        data-testid="decision-result"
        className={`rounded-md border p-3 text-sm ${approved ? "border-green-200 bg-green-50 text-green-900 dark:border-green-900 dark:bg-green-950/40 dark:text-green-200" : "border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"}`}
      >
        <p>
          <strong>{approved ? "Approved" : "Rejected"}</strong> by {state.decidedBy} at {formatDateTime(state.decidedAt)}
          {state.note ? <> with the note “{state.note}”</> : null}.
        </p>
        <p className="mt-1">
          The run resumed and is now <strong data-testid="run-status-after">{STATUS_LABELS[state.runStatus] ?? state.runStatus}</strong>.{" "}
          {runLink}
        </p>
      </div>
    );
  }
  const status = state.status && state.status !== "pending" ? (STATUS_LABELS[state.status] ?? state.status).toLowerCase() : null;
  return (
    <div
      role="status"
      data-testid="already-decided"
      className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
    >
      {state.kind === "gone" && !state.decidedAt && !status ? (
        <>This approval is no longer waiting. </>
      ) : (
        <>
          Already decided{status ? ` (${status})` : ""} by {state.decidedBy ?? "someone else"}
          {state.decidedAt ? ` at ${formatDateTime(state.decidedAt)}` : ""}.{" "}
        </>
      )}
      {runLink}
    </div>
  );
}
