"use client";

import { ReactFlowProvider, useReactFlow, useStoreApi } from "@xyflow/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { WorkflowDetail } from "@/lib/db/queries/workflows";
import { EMPTY_CATALOG, type ResourceCatalog } from "@/lib/resource-catalog";
import type { NodeType } from "@/lib/workflow/nodes/node-definition";
import type { GraphIssue } from "@/lib/workflow/validate";
import { Canvas } from "./canvas";
import { ConflictDialog } from "./dialogs/conflict-dialog";
import { PublishDialog } from "./dialogs/publish-dialog";
import { VersionsDialog } from "./dialogs/versions-dialog";
import type { VariablesContextValue } from "./form/variables-context";
import { toEditorGraph, toStoredGraph } from "./graph-convert";
import { sameSummary, summarizeGraph, useGraphSelector } from "./graph-store";
import { useAutosave } from "./hooks/use-autosave";
import { canvasPoint, useClipboardActions } from "./hooks/use-clipboard-actions";
import { useColorMode } from "./hooks/use-color-mode";
import { useDraftActions } from "./hooks/use-draft-actions";
import { useEditorGraph } from "./hooks/use-editor-graph";
import { useEditorShortcuts } from "./hooks/use-editor-shortcuts";
import { useGraphValidation } from "./hooks/use-graph-validation";
import { useLeaveGuard } from "./hooks/use-leave-guard";
import { NodeStatusContext, NodeStatusStore } from "./node-status-store";
import { Palette } from "./palette";
import { ProblemsPanel } from "./problems-panel";
import { revealNode } from "./reveal-node";
import { RunBanner } from "./run/run-banner";
import { RunDialog } from "./run/run-dialog";
import { type ActiveRun, useEditorRun } from "./run/use-editor-run";
import { ResourceCatalogContext } from "./form/resource-id-input";
import { FIT_HIDDEN_NODES } from "./overview-flow-nodes";
import { SidePanel } from "./side-panel";
import { Toolbar } from "./toolbar";
import { availableVariables } from "./upstream";

interface EditorProps {
  workflow: WorkflowDetail;
  theme: "light" | "dark";
  /** True once the runtime (lib/runtime.ts) and the run events route exist. */
  runAvailable: boolean;
  /** The latest run of this workflow started from the editor that has not ended (shown again after a reload). */
  activeRun?: ActiveRun | null;
  /** The stored draft's validation issues, checked on the server (so the page opens with them, not after a check). */
  initialIssues?: GraphIssue[];
  /** True when the viewer may manage the workflow's triggers (its owner or an admin): the toolbar links to them. */
  canManageTriggers?: boolean;
  /** The workspace's connectors and MCP servers, suggested in the resource id fields of node forms. */
  catalog?: ResourceCatalog;
}

/** The workflow editor: palette, canvas, side panel form, problems, toolbar; autosaves the draft. */
export function WorkflowEditor(props: EditorProps) {
  const [store] = useState(() => new NodeStatusStore());
  return (
    <NodeStatusContext.Provider value={store}>
      <ResourceCatalogContext.Provider value={props.catalog ?? EMPTY_CATALOG}>
        <ReactFlowProvider>
          <EditorWorkspace {...props} store={store} />
        </ReactFlowProvider>
      </ResourceCatalogContext.Provider>
    </NodeStatusContext.Provider>
  );
}

const NO_VARIABLES: VariablesContextValue = { groups: [], allNodeIds: new Set() };
const NO_GRAPH = { nodes: [], edges: [] };
const NO_ISSUES: GraphIssue[] = [];

/** A short message over the canvas that clears itself. */
function useNotice(): [string | null, (message: string) => void] {
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 2500);
    return () => clearTimeout(timer);
  }, [notice]);
  return [notice, setNotice];
}

function EditorWorkspace({
  workflow,
  theme,
  runAvailable,
  activeRun = null,
  initialIssues,
  canManageTriggers = false,
  store,
}: EditorProps & { store: NodeStatusStore }) {
  const flow = useReactFlow();
  const paneStore = useStoreApi();
  const colorMode = useColorMode(theme);
  const [initial] = useState(() => toEditorGraph(workflow.draftGraph));
  const editor = useEditorGraph(initial);
  const { store: graphStore, structureVersion, changeCounter, formEpoch, operations: ops } = editor;
  // the selection and a few flags; a drag changes none of them, so it does not re-render the editor
  const summary = useGraphSelector(graphStore, summarizeGraph, sameSummary);
  const selected = summary.selected;
  const [notice, notify] = useNotice();
  const [dialog, setDialog] = useState<"publish" | "versions" | "run" | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const openRunDialog = useCallback(() => setDialog("run"), []);

  const getStoredGraph = useCallback(() => {
    const { nodes, edges } = ops.getGraph();
    return toStoredGraph(nodes, edges, flow.getViewport());
  }, [ops, flow]);
  const autosave = useAutosave({
    workflowId: workflow.id,
    initialRevision: workflow.draftRevision,
    changeCounter,
    getGraph: getStoredGraph,
    isBusy: graphStore.isMoving,
  });
  const issues = useGraphValidation(ops.getGraph, structureVersion, store, initialIssues);
  const draft = useDraftActions({ workflow, operations: ops, autosave, notify, closeDialog });
  const run = useEditorRun({
    workflowId: workflow.id,
    operations: ops,
    structureVersion,
    store,
    flush: autosave.flush,
    activeRun,
    notify,
    openDialog: openRunDialog,
    closeDialog,
    setBusy: draft.setBusy,
  });
  const clipboard = useClipboardActions(ops, notify);
  const selectAll = useCallback(() => ops.selectNodes(ops.getGraph().nodes.map((node) => node.id)), [ops]);
  useEditorShortcuts({ undo: ops.undo, redo: ops.redo, selectAll, copy: clipboard.copyNodes, paste: clipboard.pasteFromEvent });
  useLeaveGuard(autosave.state.status !== "saved");

  const selectedId = selected?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when the structure changes, read from the graph store
  const variables = useMemo<VariablesContextValue>(() => {
    if (!selectedId) return NO_VARIABLES;
    const { nodes, edges } = ops.getGraph();
    return { groups: availableVariables(selectedId, nodes, edges), allNodeIds: new Set(nodes.map((node) => node.id)) };
  }, [selectedId, structureVersion, ops]);

  const closePanel = useCallback(() => ops.selectNodes([]), [ops]);
  const deleteNode = useCallback((id: string) => void flow.deleteElements({ nodes: [{ id }] }), [flow]);
  const deleteSelection = useCallback(() => {
    const { nodes, edges } = ops.getGraph();
    void flow.deleteElements({
      nodes: nodes.filter((node) => node.selected).map((node) => ({ id: node.id })),
      edges: edges.filter((edge) => edge.selected).map((edge) => ({ id: edge.id })),
    });
  }, [flow, ops]);

  // the node selected alone is kept in sight: the side panel its selection opens narrows the canvas, and a
  // node added after the selected one lands to its right; both can leave it under the panel or past the edge.
  // Checked once the panel has laid out (next frame) and React Flow's size followed (the frame after).
  // A problem's focus fits its own view instead. Checked again when the problems change: the problems panel
  // along the bottom grows with them, over the node (a node just added brings its own problems).
  const revealSkippedFor = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `issues` re-runs it when the problems panel changes size
  useEffect(() => {
    const skipped = revealSkippedFor.current === selectedId;
    revealSkippedFor.current = null;
    if (!selectedId || skipped) return;
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => revealNode(flow, paneStore.getState(), selectedId));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [selectedId, issues, flow, paneStore]);

  const focusNode = useCallback(
    (id: string) => {
      revealSkippedFor.current = id;
      ops.selectNodes([id]);
      // once the side panel the selection opens has narrowed the canvas (laid out in the next frame, and
      // React Flow's size updated by its ResizeObserver after that layout): centred in what is left of it
      requestAnimationFrame(() =>
        requestAnimationFrame(() => void flow.fitView({ nodes: [{ id }], duration: 300, maxZoom: 1.2, padding: 0.6, ...FIT_HIDDEN_NODES })),
      );
    },
    [ops, flow],
  );

  /** A palette click: after the selected node (connected to it), or in the middle of the view. */
  const addFromPalette = useCallback(
    (type: NodeType) => {
      const { nodes, edges } = ops.getGraph();
      const after = nodes.filter((node) => node.selected);
      if (after.length === 1) {
        const from = after[0];
        const width = from.measured?.width ?? 240;
        const siblings = edges.filter((edge) => edge.source === from.id).length;
        const position = { x: from.position.x + width + 80, y: from.position.y + siblings * 110 };
        // selected, so kept in sight (above)
        ops.addNode(type, position, from.id);
        return;
      }
      const center = canvasPoint(flow);
      const offset = (nodes.length % 5) * 30;
      ops.addNode(type, { x: Math.round(center.x - 120 + offset), y: Math.round(center.y - 40 + offset) });
    },
    [ops, flow],
  );

  const { retry } = autosave;
  const { copyNodes, pasteFromButton } = clipboard;
  const { exportFile, setPublishError } = draft;
  const openRun = run.open;
  const toolbarHandlers = useMemo(
    () => ({
      onRetrySave: retry,
      onUndo: ops.undo,
      onRedo: ops.redo,
      onCopy: () => copyNodes(),
      onPaste: () => void pasteFromButton(),
      onDelete: deleteSelection,
      onLayout: () => {
        ops.autoLayout();
        requestAnimationFrame(() => void flow.fitView({ duration: 300, padding: 0.2, ...FIT_HIDDEN_NODES }));
      },
      onVersions: () => setDialog("versions"),
      onExport: () => void exportFile(),
      onPublish: () => {
        setPublishError(null);
        setDialog("publish");
      },
      onRun: () => void openRun(),
    }),
    [retry, ops, copyNodes, pasteFromButton, deleteSelection, flow, exportFile, openRun, setPublishError],
  );

  const conflict = autosave.state.status === "conflict" ? autosave.state.theirs : null;
  const { watcher } = run;
  return (
    <div className="flex h-full flex-col" data-testid="workflow-editor">
      <Toolbar
        name={workflow.name}
        status={draft.status}
        activeVersion={draft.activeVersion}
        saveState={autosave.state}
        canUndo={editor.canUndo}
        canRedo={editor.canRedo}
        hasSelection={summary.hasSelection}
        issueCount={issues?.length ?? 0}
        runAvailable={runAvailable}
        triggersHref={canManageTriggers ? `/workflows/${workflow.id}/triggers` : null}
        {...toolbarHandlers}
      />
      {draft.backup ? (
        <div
          role="alert"
          className="flex items-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          Changes from {new Date(draft.backup.at).toLocaleString()} were not saved and are kept in this browser.
          <Button size="sm" onClick={draft.restoreBackup}>
            Restore them
          </Button>
          <Button size="sm" variant="ghost" onClick={draft.discardBackup}>
            Discard
          </Button>
        </div>
      ) : null}
      <div className="flex min-h-0 flex-1">
        <Palette onAdd={addFromPalette} hasStart={summary.hasStart} />
        <div className="relative min-w-0 flex-1" data-canvas-area="">
          <Canvas
            store={graphStore}
            operations={ops}
            colorMode={colorMode}
            initialViewport={
              workflow.draftGraph.viewport && workflow.draftGraph.nodes.length > 0 ? workflow.draftGraph.viewport : undefined
            }
            onDropType={ops.addNode}
          />
          <ProblemsPanel issues={issues} onFocusNode={focusNode} />
          {watcher.run ? <RunBanner run={watcher.run} onClear={watcher.clear} /> : null}
          {notice ? (
            <div
              role="status"
              className="absolute top-3 left-3 z-10 rounded-md bg-zinc-900 px-3 py-1.5 text-xs text-white shadow dark:bg-zinc-100 dark:text-zinc-900"
            >
              {notice}
            </div>
          ) : null}
        </div>
        {selected ? (
          <SidePanel
            nodeId={selected.id}
            type={selected.type}
            data={selected.data}
            formEpoch={formEpoch}
            variables={variables}
            onDataChange={ops.updateNodeData}
            onRename={ops.renameNodeId}
            onDelete={deleteNode}
            onClose={closePanel}
            run={watcher.run ? watcher.details[selected.id] : undefined}
            pinned={selected.pinned}
            canTest={runAvailable}
            onPin={ops.setPinnedOutputs}
            onTest={run.testNode}
            sampleFor={run.sampleFor}
          />
        ) : null}
      </div>
      <ConflictDialog
        theirs={conflict}
        mine={conflict ? getStoredGraph() : NO_GRAPH}
        busy={draft.busy}
        onOverwrite={() => void draft.overwrite()}
        onLoadTheirs={() => void draft.loadTheirs()}
      />
      <PublishDialog
        open={dialog === "publish"}
        issues={issues ?? NO_ISSUES}
        busy={draft.busy}
        error={draft.publishError}
        nextVersion={(draft.activeVersion ?? 0) + 1}
        onPublish={(note) => void draft.publish(note)}
        onClose={closeDialog}
      />
      <RunDialog
        open={dialog === "run"}
        fields={run.fields}
        busy={draft.busy}
        problems={run.problems}
        onRun={(inputs) => void run.start(inputs)}
        onClose={closeDialog}
      />
      <VersionsDialog
        open={dialog === "versions"}
        workflowId={workflow.id}
        draft={getStoredGraph}
        busy={draft.busy}
        onRestore={(v) => void draft.restoreVersion(v)}
        onClose={closeDialog}
      />
    </div>
  );
}
