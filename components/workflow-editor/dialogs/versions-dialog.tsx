"use client";

import { clsx } from "clsx";
import { useEffect, useState } from "react";
import { getVersionGraphAction, listVersionsAction } from "@/app/(app)/workflows/[id]/actions";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/page";
import { Dialog } from "@/components/workflows/dialog";
import type { StoredGraph, WorkflowVersionItem } from "@/lib/db/queries/workflows";
import { diffGraphs } from "@/lib/workflow-diff";
import { DiffView } from "../diff-view";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });
const EMPTY: StoredGraph = { nodes: [], edges: [] };

type Compare = "previous" | "draft";

/**
 * Version history: every published version with its note and author; for the chosen one, what it
 * changed from the version before, or how it differs from the current draft; and restore into the draft.
 */
export function VersionsDialog({
  open,
  workflowId,
  draft,
  busy,
  onRestore,
  onClose,
}: {
  open: boolean;
  workflowId: string;
  draft: () => StoredGraph;
  busy: boolean;
  onRestore: (version: WorkflowVersionItem) => void;
  onClose: () => void;
}) {
  const [versions, setVersions] = useState<WorkflowVersionItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [compare, setCompare] = useState<Compare>("previous");
  const [graphs, setGraphs] = useState<Record<string, StoredGraph>>({});

  useEffect(() => {
    if (!open) return;
    setError(null);
    void listVersionsAction({ id: workflowId }).then((result) => {
      if (!result.ok) setError(result.error.message);
      else {
        setVersions(result.data);
        setSelected((current) => current ?? result.data[0]?.id ?? null);
      }
    });
  }, [open, workflowId]);

  const index = versions?.findIndex((version) => version.id === selected) ?? -1;
  const current = index >= 0 ? versions?.[index] : undefined;
  const previous = index >= 0 ? versions?.[index + 1] : undefined;

  useEffect(() => {
    const wanted = [current?.id, previous?.id].filter((id): id is string => Boolean(id) && !graphs[id as string]);
    for (const versionId of wanted) {
      void getVersionGraphAction({ id: workflowId, versionId }).then((result) => {
        if (result.ok) setGraphs((all) => ({ ...all, [versionId]: result.data }));
        else setError(result.error.message);
      });
    }
  }, [current?.id, previous?.id, graphs, workflowId]);

  const currentGraph = current ? graphs[current.id] : undefined;
  const previousGraph = previous ? graphs[previous.id] : EMPTY;
  const diff =
    currentGraph && previousGraph
      ? compare === "previous"
        ? diffGraphs(previousGraph, currentGraph)
        : diffGraphs(currentGraph, draft())
      : null;

  return (
    <Dialog open={open} title="Version history" onClose={onClose} wide>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {versions === null ? (
        <p className="text-sm text-zinc-500">Loading…</p>
      ) : versions.length === 0 ? (
        <p className="text-sm text-zinc-500">Nothing published yet. “Publish” turns the draft into version 1.</p>
      ) : (
        <div className="flex gap-4">
          <ul className="w-48 shrink-0 space-y-1" aria-label="Versions">
            {versions.map((version) => (
              <li key={version.id}>
                <button
                  type="button"
                  onClick={() => setSelected(version.id)}
                  aria-current={version.id === selected ? "true" : undefined}
                  className={clsx(
                    "w-full rounded-md border px-2 py-1.5 text-left text-sm",
                    version.id === selected
                      ? "border-brand-500 bg-brand-50 dark:bg-zinc-800"
                      : "border-transparent hover:bg-zinc-100 dark:hover:bg-zinc-800",
                  )}
                >
                  <span className="flex items-center gap-1.5 font-medium">
                    v{version.version} {version.isActive ? <Badge tone="green">active</Badge> : null}
                  </span>
                  <span className="block text-xs text-zinc-500">{dateFormat.format(new Date(version.createdAt))}</span>
                  {version.note ? <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">{version.note}</span> : null}
                </button>
              </li>
            ))}
          </ul>
          <div className="min-w-0 flex-1 space-y-3">
            {current ? (
              <>
                <div className="flex flex-wrap items-center gap-2">
                  <p className="text-sm">
                    <strong>v{current.version}</strong>
                    {current.createdByName ? ` by ${current.createdByName}` : ""}
                    {current.note ? ` — ${current.note}` : ""}
                  </p>
                  <div
                    className="ml-auto flex rounded-md border border-zinc-300 text-xs dark:border-zinc-700"
                    role="group"
                    aria-label="Compare"
                  >
                    <button
                      type="button"
                      aria-pressed={compare === "previous"}
                      onClick={() => setCompare("previous")}
                      className={clsx("px-2 py-1", compare === "previous" && "bg-zinc-100 font-medium dark:bg-zinc-800")}
                    >
                      Changes in this version
                    </button>
                    <button
                      type="button"
                      aria-pressed={compare === "draft"}
                      onClick={() => setCompare("draft")}
                      className={clsx("px-2 py-1", compare === "draft" && "bg-zinc-100 font-medium dark:bg-zinc-800")}
                    >
                      Draft since this version
                    </button>
                  </div>
                </div>
                {diff ? <DiffView diff={diff} /> : <p className="text-sm text-zinc-500">Loading…</p>}
                <Button variant="secondary" size="sm" disabled={busy} onClick={() => onRestore(current)}>
                  Restore v{current.version} into the draft
                </Button>
              </>
            ) : null}
          </div>
        </div>
      )}
    </Dialog>
  );
}
