"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { saveDraftAction } from "@/app/(app)/workflows/[id]/actions";
import type { StoredGraph } from "@/lib/db/queries/workflows";
import { createIdleTask } from "./idle-task";

/** What the person sees about their draft. */
export type SaveState =
  | { status: "saved"; savedAt: string | null }
  | { status: "dirty" }
  | { status: "saving" }
  | { status: "error"; message: string }
  | { status: "conflict"; theirs: { revision: number; graph: StoredGraph; updatedAt: string } };

const DEBOUNCE_MS = 800;
const RETRY_MS = 5000;
/** How often a due save checks again whether the gesture holding it back (a node drag) has ended. */
const BUSY_RECHECK_MS = 200;
/** The latest the local backup of a change waits for an idle moment (ms). */
const BACKUP_IDLE_TIMEOUT_MS = 2000;
/** Where requestIdleCallback is missing (Safari), the backup is written this long after a change (ms). */
const BACKUP_FALLBACK_DELAY_MS = 300;

/** A copy of unsaved work in this browser, so a failed save or a closed tab loses nothing. */
export interface DraftBackup {
  baseRevision: number;
  graph: StoredGraph;
  at: string;
}

export function backupKey(workflowId: string): string {
  return `switchyard.draft-backup.${workflowId}`;
}

/** The backup left by an earlier session, or null. */
export function readBackup(workflowId: string): DraftBackup | null {
  const text = window.localStorage.getItem(backupKey(workflowId));
  if (!text) return null;
  try {
    return JSON.parse(text) as DraftBackup;
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

function writeBackup(workflowId: string, backup: DraftBackup | null): void {
  try {
    if (backup) window.localStorage.setItem(backupKey(workflowId), JSON.stringify(backup));
    else window.localStorage.removeItem(backupKey(workflowId));
  } catch (error) {
    // a full or disabled localStorage must not stop editing; the server save still runs
    console.warn("[editor] could not keep a local copy of the draft", error);
  }
}

/**
 * Saves the draft through `saveDraftAction` shortly after each change (`changeCounter` moves), naming the
 * revision it edited. A stale save comes back as a conflict and autosave stops until the person chooses
 * (`overwrite` or `adopt` after loading theirs). Failed saves keep the work (in state and a local
 * backup, written in an idle moment after each change, not during a drag, and at once when the page is
 * hidden or closed) and retry. `flush` saves now and resolves true once everything is saved. While `isBusy()` is
 * true (a node is being dragged) a due save waits: serialising and sending a 1,000-node graph is a long
 * task that would otherwise land in the middle of the next drag.
 */
export function useAutosave(options: {
  workflowId: string;
  initialRevision: number;
  changeCounter: number;
  getGraph: () => StoredGraph;
  isBusy?: () => boolean;
}) {
  const { workflowId, changeCounter, getGraph } = options;
  const isBusyRef = useRef(options.isBusy);
  isBusyRef.current = options.isBusy;
  const [state, setState] = useState<SaveState>({ status: "saved", savedAt: null });
  const revision = useRef(options.initialRevision);
  const [revisionShown, setRevisionShown] = useState(options.initialRevision);
  const savedCounter = useRef(changeCounter);
  const latestCounter = useRef(changeCounter);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const conflicted = useRef(false);
  const getGraphRef = useRef(getGraph);
  getGraphRef.current = getGraph;
  latestCounter.current = changeCounter;

  const clearTimer = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  // The local backup of unsaved work is written when the browser is idle and no node is being dragged
  // (or at once when the page is hidden or closed), not on every change: serialising a 1,000-node graph
  // into localStorage is a 15–20 ms task, a dropped frame after each drop or keystroke, or in a drag.
  const workflowIdRef = useRef(workflowId);
  workflowIdRef.current = workflowId;
  const [backup] = useState(() =>
    createIdleTask(
      () =>
        writeBackup(workflowIdRef.current, { baseRevision: revision.current, graph: getGraphRef.current(), at: new Date().toISOString() }),
      () => isBusyRef.current?.() ?? false,
      { idleTimeoutMs: BACKUP_IDLE_TIMEOUT_MS, fallbackDelayMs: BACKUP_FALLBACK_DELAY_MS, busyRecheckMs: BUSY_RECHECK_MS },
    ),
  );
  const cancelBackup = backup.cancel;
  const writeBackupNow = backup.flush;
  const scheduleBackup = backup.schedule;
  /** No unsaved work is left (saved, or replaced by a stored graph): no backup, and none pending. */
  const dropBackup = useCallback(() => {
    cancelBackup();
    writeBackup(workflowId, null);
  }, [workflowId, cancelBackup]);

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === "hidden") writeBackupNow();
    };
    window.addEventListener("pagehide", writeBackupNow);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      window.removeEventListener("pagehide", writeBackupNow);
      document.removeEventListener("visibilitychange", onHidden);
      writeBackupNow();
    };
  }, [writeBackupNow]);

  const save = useCallback(
    async (force = false): Promise<boolean> => {
      if (inFlight.current) {
        await inFlight.current;
        if (latestCounter.current === savedCounter.current && !force) return true;
      }
      if (conflicted.current && !force) return false;
      clearTimer();
      const counter = latestCounter.current;
      const graph = getGraphRef.current();
      setState({ status: "saving" });
      const attempt = (async () => {
        try {
          const result = await saveDraftAction({ id: workflowId, baseRevision: revision.current, graph, force });
          if (!result.ok) {
            setState({ status: "error", message: result.error.message });
            timer.current = setTimeout(() => void save(), RETRY_MS);
            return false;
          }
          if (!result.data.ok) {
            conflicted.current = true;
            setState({ status: "conflict", theirs: result.data.conflict });
            return false;
          }
          conflicted.current = false;
          revision.current = result.data.revision;
          setRevisionShown(result.data.revision);
          savedCounter.current = counter;
          if (latestCounter.current !== counter) {
            setState({ status: "dirty" });
            timer.current = setTimeout(() => void save(), DEBOUNCE_MS);
          } else {
            dropBackup();
            setState({ status: "saved", savedAt: result.data.savedAt });
          }
          return true;
        } catch (error) {
          console.error("[editor] save failed", error);
          setState({ status: "error", message: "The server could not be reached." });
          timer.current = setTimeout(() => void save(), RETRY_MS);
          return false;
        } finally {
          inFlight.current = null;
        }
      })();
      inFlight.current = attempt;
      return attempt;
    },
    [workflowId, clearTimer, dropBackup],
  );

  useEffect(() => {
    if (changeCounter === savedCounter.current) return;
    scheduleBackup();
    if (conflicted.current) return;
    setState((current) => (current.status === "saving" ? current : { status: "dirty" }));
    clearTimer();
    const saveWhenIdle = () => {
      if (isBusyRef.current?.()) timer.current = setTimeout(saveWhenIdle, BUSY_RECHECK_MS);
      else void save();
    };
    timer.current = setTimeout(saveWhenIdle, DEBOUNCE_MS);
  }, [changeCounter, save, scheduleBackup, clearTimer]);

  useEffect(() => clearTimer, [clearTimer]);

  /** Saves what is on screen over whatever is stored (the person chose to, after a conflict). */
  const overwrite = useCallback(() => {
    conflicted.current = false;
    return save(true);
  }, [save]);

  /** After the editor loaded a stored graph (theirs, or a restored version): that revision is now the base, nothing is unsaved. */
  const adopt = useCallback(
    (nextRevision: number, counter: number) => {
      clearTimer();
      conflicted.current = false;
      revision.current = nextRevision;
      setRevisionShown(nextRevision);
      savedCounter.current = counter;
      dropBackup();
      setState({ status: "saved", savedAt: new Date().toISOString() });
    },
    [clearTimer, dropBackup],
  );

  /** Makes a backup's base revision the one the next save names (so a stale backup conflicts rather than overwrites). */
  const rebase = useCallback((baseRevision: number) => {
    revision.current = baseRevision;
  }, []);

  const flush = useCallback(async () => {
    if (latestCounter.current === savedCounter.current && !inFlight.current) return !conflicted.current;
    return save();
  }, [save]);

  const unsaved = state.status !== "saved";
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);

  const retry = useCallback(() => void save(), [save]);
  const getRevision = useCallback(() => revision.current, []);
  return { state, revision: revisionShown, getRevision, overwrite, adopt, rebase, flush, retry };
}
