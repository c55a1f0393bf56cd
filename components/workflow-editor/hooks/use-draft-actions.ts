"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { loadDraftAction, publishWorkflowAction, restoreVersionAction } from "@/app/(app)/workflows/[id]/actions";
import type { StoredGraph, WorkflowDetail, WorkflowVersionItem } from "@/lib/db/queries/workflows";
import { toEditorGraph } from "../graph-convert";
import { backupKey, type DraftBackup, readBackup, type useAutosave } from "./use-autosave";
import type { EditorOperations } from "./use-editor-graph";

function sameGraph(a: StoredGraph, b: StoredGraph): boolean {
  return JSON.stringify([a.nodes, a.edges]) === JSON.stringify([b.nodes, b.edges]);
}

/**
 * What the editor does with the stored draft beyond autosave: resolve a save conflict (load theirs or
 * overwrite), restore a version, publish, export the saved file, and offer unsaved work an earlier session
 * left in this browser. Each action saves first where it needs the saved draft; messages go to `notify`.
 */
export function useDraftActions({
  workflow,
  operations,
  autosave,
  notify,
  closeDialog,
}: {
  workflow: WorkflowDetail;
  operations: EditorOperations;
  autosave: ReturnType<typeof useAutosave>;
  notify: (message: string) => void;
  closeDialog: () => void;
}) {
  const router = useRouter();
  const { adopt, overwrite: overwriteDraft, flush, getRevision, rebase } = autosave;
  const [busy, setBusy] = useState(false);
  const [publishError, setPublishError] = useState<string | null>(null);
  const [status, setStatus] = useState(workflow.status);
  const [activeVersion, setActiveVersion] = useState(workflow.activeVersion?.version ?? null);
  const [backup, setBackup] = useState<DraftBackup | null>(null);

  // unsaved work left in this browser by an earlier session (a failed save, a closed tab)
  useEffect(() => {
    const found = readBackup(workflow.id);
    if (found && !sameGraph(found.graph, workflow.draftGraph)) setBackup(found);
  }, [workflow.id, workflow.draftGraph]);

  const adoptStored = useCallback(
    (revision: number, graph: StoredGraph) => {
      const counter = operations.replaceGraph(toEditorGraph(graph), { persisted: true });
      adopt(revision, counter);
    },
    [operations, adopt],
  );

  const loadTheirs = useCallback(async () => {
    setBusy(true);
    const result = await loadDraftAction({ id: workflow.id });
    setBusy(false);
    if (result.ok) adoptStored(result.data.revision, result.data.graph);
    else notify(result.error.message);
  }, [workflow.id, adoptStored, notify]);

  const overwrite = useCallback(async () => {
    setBusy(true);
    await overwriteDraft();
    setBusy(false);
  }, [overwriteDraft]);

  const restoreVersion = useCallback(
    async (version: WorkflowVersionItem) => {
      if (!(await flush())) {
        notify("Save the draft before restoring a version.");
        return;
      }
      setBusy(true);
      const result = await restoreVersionAction({ id: workflow.id, versionId: version.id });
      setBusy(false);
      if (!result.ok) {
        notify(result.error.message);
        return;
      }
      adoptStored(result.data.revision, result.data.graph);
      closeDialog();
      notify(`Version ${version.version} restored into the draft (undo to go back).`);
    },
    [workflow.id, flush, adoptStored, closeDialog, notify],
  );

  const publish = useCallback(
    async (note: string) => {
      setBusy(true);
      setPublishError(null);
      const saved = await flush();
      if (!saved) {
        setBusy(false);
        setPublishError("The draft could not be saved; publish needs the saved draft.");
        return;
      }
      const result = await publishWorkflowAction({ id: workflow.id, draftRevision: getRevision(), note });
      setBusy(false);
      if (!result.ok) {
        setPublishError(result.error.message);
        return;
      }
      if (!result.data.published) {
        setPublishError(`The saved draft has ${result.data.issues.length} problem(s): ${result.data.issues[0]?.message ?? ""}`);
        return;
      }
      setStatus("active");
      setActiveVersion(result.data.version);
      closeDialog();
      notify(`Published version ${result.data.version}.`);
      router.refresh();
    },
    [flush, getRevision, workflow.id, router, closeDialog, notify],
  );

  const exportFile = useCallback(async () => {
    if (!(await flush())) {
      notify("The draft is not saved; export writes the saved draft.");
      return;
    }
    const link = document.createElement("a");
    link.href = `/workflows/${workflow.id}/export`;
    link.download = "";
    document.body.appendChild(link);
    link.click();
    link.remove();
  }, [flush, workflow.id, notify]);

  const restoreBackup = useCallback(() => {
    if (!backup) return;
    rebase(backup.baseRevision);
    operations.replaceGraph(toEditorGraph(backup.graph), { persisted: false });
    setBackup(null);
  }, [backup, rebase, operations]);

  const discardBackup = useCallback(() => {
    window.localStorage.removeItem(backupKey(workflow.id));
    setBackup(null);
  }, [workflow.id]);

  return {
    busy,
    setBusy,
    publishError,
    setPublishError,
    status,
    activeVersion,
    backup,
    loadTheirs,
    overwrite,
    restoreVersion,
    publish,
    exportFile,
    restoreBackup,
    discardBackup,
  };
}
