"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/workflows/dialog";
import { diffGraphs } from "@/lib/workflow-diff";
import type { StoredGraph } from "@/lib/db/queries/workflows";
import { DiffView } from "../diff-view";

const timeFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium" });

/**
 * Shown when a save finds that someone else saved the draft since it was loaded: what they changed
 * compared with what is on screen, and a choice — overwrite theirs with mine, or load theirs (mine stays
 * one undo away). Never decided silently, nor put off: it has no close button, and Escape does nothing.
 */
export function ConflictDialog({
  theirs,
  mine,
  busy,
  onOverwrite,
  onLoadTheirs,
}: {
  theirs: { graph: StoredGraph; updatedAt: string } | null;
  mine: StoredGraph;
  busy: boolean;
  onOverwrite: () => void;
  onLoadTheirs: () => void;
}) {
  return (
    <Dialog
      open={theirs !== null}
      title="This workflow was changed elsewhere"
      description={
        theirs ? (
          <>
            Someone saved the draft at {timeFormat.format(new Date(theirs.updatedAt))}, after you opened it. Your changes are not saved yet.
            Choose which version to keep.
          </>
        ) : null
      }
      wide
      footer={
        <>
          <Button variant="secondary" onClick={onLoadTheirs} disabled={busy}>
            Load theirs (undo brings mine back)
          </Button>
          <Button variant="danger" onClick={onOverwrite} disabled={busy}>
            Overwrite with mine
          </Button>
        </>
      }
    >
      {theirs ? (
        <>
          <p className="mb-2 text-xs font-medium text-zinc-500">What loading theirs would change on your screen:</p>
          <DiffView diff={diffGraphs(mine, theirs.graph)} />
        </>
      ) : null}
    </Dialog>
  );
}
