"use client";

import { Check, X } from "lucide-react";
import Link from "next/link";
import { useEffect, useId, useState, useTransition } from "react";
import { approvalStateAction, decideApprovalAction } from "@/app/(app)/approvals/actions";
import { formatDateTime, TRIGGER_LABELS } from "@/components/runs/format";
import { StatusBadge } from "@/components/runs/status-badge";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/field";
import type { ApprovalItem } from "@/lib/db/queries/approvals";
import { ApprovalContext } from "./approval-context";
import { type CardState, DecisionResult } from "./decision-result";

function assigneeText(assignee: string): string {
  if (assignee === "") return "anyone";
  if (assignee === "admin" || assignee === "member") return `any ${assignee}`;
  return assignee;
}

/**
 * One approval waiting for a decision: the workflow, the run, who started it and when, the rendered
 * description and the upstream outputs; Approve / Reject with an optional note. After deciding it shows what
 * the run did next; a decision that lost the race (or one made elsewhere, `gone`) shows who decided and when.
 */
export function ApprovalCard({ approval, gone = false }: { approval: ApprovalItem; gone?: boolean }) {
  const [state, setState] = useState<CardState>({ kind: "pending" });
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const noteId = useId();

  useEffect(() => {
    if (!gone || state.kind !== "pending") return;
    let cancelled = false;
    approvalStateAction(approval.id).then((result) => {
      if (cancelled) return;
      setState(
        result.ok
          ? { kind: "gone", status: result.data.status, decidedBy: result.data.decidedBy, decidedAt: result.data.decidedAt }
          : { kind: "gone" },
      );
    });
    return () => {
      cancelled = true;
    };
  }, [gone, state.kind, approval.id]);

  function decide(decision: "approved" | "rejected") {
    setError(null);
    startTransition(async () => {
      const result = await decideApprovalAction({ approvalId: approval.id, decision, note });
      if (!result.ok) setError(result.error.fields?.note ?? result.error.message);
      else setState(result.data);
    });
  }

  const run = approval.run;
  return (
    <article
      className="rounded-lg border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="approval-card"
      data-approval-id={approval.id}
      data-state={state.kind}
      aria-labelledby={`${noteId}-title`}
    >
      <h2 id={`${noteId}-title`} className="text-base font-semibold">
        <Link href={`/approvals/${approval.id}`} className="hover:text-brand-600 hover:underline">
          {approval.title || "Approval"}
        </Link>
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        <span className="font-medium text-zinc-900 dark:text-zinc-100">{run.workflowName}</span>
        {run.version !== null ? ` v${run.version}` : " (draft)"} ·{" "}
        <Link href={`/runs/${run.id}`} className="font-mono text-xs text-brand-600 hover:underline" data-testid="approval-run-link">
          run {run.id}
        </Link>{" "}
        · started by {run.triggeredBy ? run.triggeredBy.name : "the system"} via {TRIGGER_LABELS[run.triggerKind] ?? run.triggerKind} at{" "}
        {formatDateTime(run.createdAt)}
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-500">
        <span>asked {formatDateTime(approval.createdAt)}</span>
        <span>· for {assigneeText(approval.assignee)}</span>
        {approval.expiresAt ? <span>· times out {formatDateTime(approval.expiresAt)}</span> : null}
        {state.kind === "pending" || state.kind === "decided" ? (
          <span className="inline-flex items-center gap-1">
            · run <StatusBadge status={state.kind === "decided" ? state.runStatus : run.status} />
          </span>
        ) : null}
      </p>
      {approval.description ? (
        <p className="mt-3 whitespace-pre-wrap text-sm text-zinc-800 dark:text-zinc-200" data-testid="approval-description">
          {approval.description}
        </p>
      ) : null}
      <details className="mt-3" open>
        <summary className="cursor-pointer text-sm font-medium">What it is about</summary>
        <div className="mt-2">
          <ApprovalContext context={approval.context} />
        </div>
      </details>
      <div className="mt-4">
        {state.kind === "pending" && gone ? (
          <p className="text-sm text-zinc-500">No longer waiting; checking who decided…</p>
        ) : state.kind === "pending" ? (
          <div className="space-y-2">
            <label htmlFor={noteId} className="block text-sm font-medium">
              Note <span className="font-normal text-zinc-500">(optional, kept in the run's trail)</span>
            </label>
            <Textarea id={noteId} value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={4000} disabled={pending} />
            {error ? (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {error}
              </p>
            ) : null}
            <div className="flex gap-2">
              <Button onClick={() => decide("approved")} disabled={pending}>
                <Check size={16} aria-hidden="true" />
                Approve
              </Button>
              <Button variant="danger" onClick={() => decide("rejected")} disabled={pending}>
                <X size={16} aria-hidden="true" />
                Reject
              </Button>
              {pending ? <span className="self-center text-sm text-zinc-500">Deciding… the run resumes at once.</span> : null}
            </div>
          </div>
        ) : (
          <DecisionResult state={state} runId={run.id} />
        )}
      </div>
    </article>
  );
}
