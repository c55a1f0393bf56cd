"use client";

import { Copy, Download, Pencil, Trash2, Zap } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { deleteWorkflowAction, duplicateWorkflowAction, renameWorkflowAction } from "@/app/(app)/workflows/actions";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { WorkflowListItem } from "@/lib/db/queries/workflows";
import { Dialog } from "./dialog";

const iconButton =
  "inline-flex size-8 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-100 disabled:opacity-50 dark:text-zinc-300 dark:hover:bg-zinc-800";

/**
 * Rename, duplicate, export, triggers and delete (with a confirmation) for one row of the workflows list.
 * `canManageTriggers` is true for an admin, who may manage the triggers of any workflow; an owner always may.
 */
export function WorkflowRowActions({ workflow, canManageTriggers = false }: { workflow: WorkflowListItem; canManageTriggers?: boolean }) {
  const router = useRouter();
  const [dialog, setDialog] = useState<"rename" | "delete" | null>(null);
  const [name, setName] = useState(workflow.name);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const run = (body: () => Promise<{ ok: boolean; error?: { message: string; fields?: Record<string, string> } }>) =>
    startTransition(async () => {
      setError(null);
      const result = await body();
      if (!result.ok) {
        setError(result.error?.fields?.name ?? result.error?.message ?? "That did not work.");
        return;
      }
      setDialog(null);
      router.refresh();
    });

  return (
    <div className="flex items-center justify-end gap-1">
      <button
        type="button"
        className={iconButton}
        aria-label={`Rename ${workflow.name}`}
        title="Rename"
        onClick={() => {
          setName(workflow.name);
          setError(null);
          setDialog("rename");
        }}
      >
        <Pencil size={15} aria-hidden="true" />
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={`Duplicate ${workflow.name}`}
        title="Duplicate"
        disabled={pending}
        onClick={() => run(() => duplicateWorkflowAction({ id: workflow.id }))}
      >
        <Copy size={15} aria-hidden="true" />
      </button>
      <a
        className={iconButton}
        href={`/workflows/${workflow.id}/export`}
        download
        aria-label={`Export ${workflow.name}`}
        title="Export (.json)"
      >
        <Download size={15} aria-hidden="true" />
      </a>
      {workflow.isOwner || canManageTriggers ? (
        <Link
          className={iconButton}
          href={`/workflows/${workflow.id}/triggers`}
          aria-label={`Triggers of ${workflow.name}`}
          title="Triggers (webhook, schedules, API, MCP)"
        >
          <Zap size={15} aria-hidden="true" />
        </Link>
      ) : null}
      {workflow.isOwner ? (
        <button
          type="button"
          className={`${iconButton} hover:text-red-600`}
          aria-label={`Delete ${workflow.name}`}
          title="Delete"
          onClick={() => {
            setError(null);
            setDialog("delete");
          }}
        >
          <Trash2 size={15} aria-hidden="true" />
        </button>
      ) : null}

      <Dialog open={dialog === "rename"} title="Rename workflow" onClose={() => setDialog(null)}>
        <form
          className="space-y-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            run(() => renameWorkflowAction({ id: workflow.id, name }));
          }}
        >
          <Field id={`rename-${workflow.id}`} label="Name" error={error ?? undefined}>
            <Input
              id={`rename-${workflow.id}`}
              autoFocus
              value={name}
              invalid={Boolean(error)}
              onChange={(event) => setName(event.target.value)}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              Rename
            </Button>
          </div>
        </form>
      </Dialog>

      <Dialog
        open={dialog === "delete"}
        title={`Delete “${workflow.name}”?`}
        description="Its versions, runs and their trails are deleted too. This cannot be undone."
        onClose={() => setDialog(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button variant="danger" disabled={pending} onClick={() => run(() => deleteWorkflowAction({ id: workflow.id }))}>
              {pending ? "Deleting…" : "Delete workflow"}
            </Button>
          </>
        }
      >
        {error ? (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
      </Dialog>
    </div>
  );
}
