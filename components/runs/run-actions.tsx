"use client";

import { Download, RotateCcw, Square } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { cancelRunAction, rerunAction } from "@/app/(app)/runs/actions";
import { Button, buttonClass } from "@/components/ui/button";

/** Cancel (while queued, running or waiting), re-run with the same inputs, and export the trail as JSON. */
export function RunActions({ runId, cancellable }: { runId: string; cancellable: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  function cancel() {
    if (!window.confirm("Cancel this run? Nodes still running are stopped and pending approvals are withdrawn.")) return;
    startTransition(async () => {
      const result = await cancelRunAction(runId);
      if (!result.ok) setError(result.error.message);
      else router.refresh();
    });
  }

  function rerun() {
    startTransition(async () => {
      const result = await rerunAction(runId);
      if (!result.ok) setError(result.error.message);
      else router.push(`/runs/${result.data.runId}`);
    });
  }

  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {cancellable ? (
        <Button variant="danger" size="sm" onClick={cancel} disabled={pending}>
          <Square size={14} aria-hidden="true" />
          Cancel run
        </Button>
      ) : null}
      <Button variant="secondary" size="sm" onClick={rerun} disabled={pending}>
        <RotateCcw size={14} aria-hidden="true" />
        Re-run
      </Button>
      <a href={`/api/runs/${runId}/export`} className={buttonClass("secondary", "sm")} download>
        <Download size={14} aria-hidden="true" />
        Export JSON
      </a>
    </>
  );
}
