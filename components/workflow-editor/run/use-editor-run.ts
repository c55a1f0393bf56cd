"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { startDraftRunAction, testNodeAction } from "@/app/(app)/workflows/[id]/actions";
import type { EditorOperations } from "../hooks/use-editor-graph";
import type { NodeStatusStore } from "../node-status-store";
import { type NodeTestSample, sampleSkeleton } from "./node-test";
import { runInputFields, startVariablesOf } from "./run-inputs";
import { useRunWatcher } from "./use-run-watcher";

/** A run of this workflow started from the editor that has not ended, as the page found it on the server. */
export interface ActiveRun {
  id: string;
  status: string;
}

/**
 * Runs from the editor (spec §5, §9): the run dialog's fields from START's variables, starting a run of the
 * saved draft, and painting its events on the canvas. A run still going when the page loads (`activeRun`,
 * e.g. after a reload) is shown again: its events are replayed from the start and followed live. Also
 * single-node tests (`testNode`, with starting samples from `sampleFor`) and the pins shown on nodes (kept in the node status store).
 */
export function useEditorRun({
  workflowId,
  operations,
  structureVersion,
  store,
  flush,
  activeRun,
  notify,
  openDialog,
  closeDialog,
  setBusy,
}: {
  workflowId: string;
  operations: EditorOperations;
  structureVersion: number;
  store: NodeStatusStore;
  flush: () => Promise<boolean>;
  activeRun: ActiveRun | null;
  notify: (message: string) => void;
  openDialog: () => void;
  closeDialog: () => void;
  setBusy: (busy: boolean) => void;
}) {
  const watcher = useRunWatcher(store);
  const [problems, setProblems] = useState<string[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: START's variables change with the structure
  const fields = useMemo(() => {
    const start = operations.getGraph().nodes.find((node) => node.type === "START");
    return runInputFields(startVariablesOf(start?.data));
  }, [structureVersion, operations]);

  const { watch } = watcher;
  const restored = useRef(false);
  useEffect(() => {
    if (!activeRun || restored.current) return;
    restored.current = true;
    watch(
      activeRun.id,
      operations.getGraph().nodes.map((node) => node.id),
      activeRun.status,
    );
  }, [activeRun, watch, operations]);

  // which nodes show a pin: follows the graph's structure (pinning is a structural edit)
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read from the graph when the structure version moves
  useEffect(() => {
    const ids = operations
      .getGraph()
      .nodes.filter((node) => node.pinned_outputs !== undefined)
      .map((node) => node.id);
    store.setPinned(new Set(ids));
  }, [structureVersion, operations, store]);

  /** Tests one node of the saved draft with sample values; answers a problem to show, or null once the test runs. */
  const testNode = useCallback(
    async (nodeId: string, sample: Record<string, unknown>): Promise<string | null> => {
      if (!(await flush())) return "The draft is not saved; a test uses the saved draft.";
      const result = await testNodeAction({ id: workflowId, nodeId, sample });
      if (!result.ok) return result.error.message;
      if (!result.data.started) {
        const { issues, message } = result.data;
        return issues.length > 0 ? issues.map((issue) => issue.message).join(" ") : message;
      }
      watch(result.data.runId, result.data.nodeIds);
      return null;
    },
    [flush, workflowId, watch],
  );

  /** The starting sample of a single-node test of `nodeId`: what its templates read, START's defaults filled in (sampleSkeleton). */
  const sampleFor = useCallback(
    (nodeId: string): NodeTestSample => {
      const { nodes } = operations.getGraph();
      const node = nodes.find((candidate) => candidate.id === nodeId);
      if (!node) return {};
      const startNode = nodes.find((candidate) => candidate.type === "START");
      return sampleSkeleton(node.type, node.data, startNode ? { id: startNode.id, data: startNode.data } : undefined);
    },
    [operations],
  );

  const open = useCallback(async () => {
    setProblems([]);
    if (!(await flush())) {
      notify("The draft is not saved; a run uses the saved draft.");
      return;
    }
    openDialog();
  }, [flush, notify, openDialog]);

  const start = useCallback(
    async (inputs: Record<string, unknown>) => {
      setBusy(true);
      setProblems([]);
      const result = await startDraftRunAction({ id: workflowId, inputs });
      setBusy(false);
      if (!result.ok) {
        setProblems([result.error.message]);
        return;
      }
      if (!result.data.started) {
        const { issues, message } = result.data;
        setProblems(issues.length > 0 ? issues.map((issue) => issue.message) : [message]);
        return;
      }
      closeDialog();
      watch(
        result.data.runId,
        operations.getGraph().nodes.map((node) => node.id),
      );
    },
    [workflowId, watch, operations, closeDialog, setBusy],
  );

  return { watcher, fields, problems, open, start, testNode, sampleFor };
}
