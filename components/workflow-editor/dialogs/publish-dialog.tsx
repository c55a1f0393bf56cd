"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Textarea } from "@/components/ui/field";
import { Dialog } from "@/components/workflows/dialog";
import type { GraphIssue } from "@/lib/workflow/validate";

/**
 * Publish: the draft becomes a new active version, with an optional note. Refused (with the problems)
 * while the draft does not validate.
 */
export function PublishDialog({
  open,
  issues,
  busy,
  error,
  nextVersion,
  onPublish,
  onClose,
}: {
  open: boolean;
  issues: GraphIssue[];
  busy: boolean;
  error: string | null;
  nextVersion: number;
  onPublish: (note: string) => void;
  onClose: () => void;
}) {
  const [note, setNote] = useState("");
  const blocked = issues.length > 0;
  return (
    <Dialog
      open={open}
      title={`Publish version ${nextVersion}`}
      description="Runs from the API, webhooks, schedules and agents use the active version. The draft stays editable."
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => onPublish(note.trim())} disabled={busy || blocked}>
            {busy ? "Publishing…" : "Publish"}
          </Button>
        </>
      }
    >
      {blocked ? (
        <div className="mb-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          <p className="font-medium">Fix {issues.length === 1 ? "this problem" : `these ${issues.length} problems`} first:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs">
            {issues.slice(0, 8).map((issue, index) => (
              <li key={index}>{issue.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Field id="publish-note" label="Note" help="Optional: what changed, for the version history.">
        <Textarea id="publish-note" rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
      </Field>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
