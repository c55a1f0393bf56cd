"use client";

import { ReactFlowProvider, useReactFlow } from "@xyflow/react";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { loadDraftAction, publishWorkflowAction, restoreVersionAction, startDraftRunAction } from "@/app/(app)/workflows/[id]/actions";
import { Button } from "@/components/ui/button";
import type { StoredGraph, WorkflowDetail, WorkflowVersionItem } from "@/lib/db/queries/workflows";
import type { NodeType } from "@/lib/workflow/nodes/node-definition";
import { Canvas } from "./canvas";
import { CLIPBOARD_STORAGE_KEY, type ClipboardPayload, copySelection, parseClipboard } from "./clipboard";
import { ConflictDialog } from "./dialogs/conflict-dialog";
import { PublishDialog } from "./dialogs/publish-dialog";
import { VersionsDialog } from "./dialogs/versions-dialog";
import type { VariablesContextValue } from "./form/variables-context";
import { toEditorGraph, toStoredGraph } from "./graph-convert";
import { type DraftBackup, readBackup, useAutosave } from "./hooks/use-autosave";
import { useColorMode } from "./hooks/use-color-mode";
import { useEditorGraph } from "./hooks/use-editor-graph";
import { useEditorShortcuts } from "./hooks/use-editor-shortcuts";
import { useGraphValidation } from "./hooks/use-graph-validation";
import { NodeStatusContext, NodeStatusStore } from "./node-status-store";
import { Palette } from "./palette";
import { RunBanner } from "./run/run-banner";
import { RunDialog } from "./run/run-dialog";
import { runInputFields, startVariablesOf } from "./run/run-inputs";
import { useRunWatcher } from "./run/use-run-watcher";
import { ProblemsPanel } from "./problems-panel";
import { SidePanel } from "./side-panel";
import { Toolbar } from "./toolbar";
import { availableVariables } from "./upstream";

interface EditorProps {
  workflow: WorkflowDetail;
  theme: "light" | "dark";
  /** True once the runtime (lib/runtime.ts) and the run events route exist. */
  runAvailable: boolean;
}

/** The workflow editor: palette, canvas, side panel form, problems, toolbar; autosaves the draft. */
export function WorkflowEditor(props: EditorProps) {
  const [store] = useState(() => new NodeStatusStore());
  return (
    <NodeStatusContext.Provider value={store}>
      <ReactFlowProvider>
        <EditorWorkspace {...props} store={store} />
      </ReactFlowProvider>
    </NodeStatusContext.Provider>
  );
}

const NO_VARIABLES: VariablesContextValue = { groups: [], allNodeIds: new Set() };

function sameGraph(a: StoredGraph, b: StoredGraph): boolean {
  return JSON.stringify([a.nodes, a.edges]) === JSON.stringify([b.nodes, b.edges]);
}

function EditorWorkspace({ workflow, theme, runAvailable, store }: EditorProps & { store: NodeStatusStore }) {
  const router = useRouter();
  const flow = useReactFlow();
  const colorMode = useColorMode(theme);
  const [initial] = useState(() => toEditorGraph(workflow.draftGraph));
  const editor = useEditorGraph(initial);
  const { nodes, edges, structureVersion, changeCounter, formEpoch, operations: ops } = editor;

  const getStoredGraph = useCallback(() => {
    const { nodes: current, edges: currentEdges } = ops.getGraph();
    return toStoredGraph(current, currentEdges, flow.getViewport());
  }, [ops, flow]);
  const autosave = useAutosave({
    workflowId: workflow.id,
    initialRevision: workflow.draftRevision,
    changeCounter,
    getGraph: getStoredGraph,
  });
  const issues = useGraphValidation(ops.getGraph, structureVersion, store);
  const { adopt, overwrite: overwriteDraft, flush, getRevision, rebase, retry } = autosave;

  const [status, setStatus] = useState(workflow.status);
  const [activeVersion, setActiveVersion] = useState(workflow.activeVersion?.version ?? null);
  const [dialog, setDialog] = useState<"publish" | "versions" | "run" | null>(null);
  const [runProblems, setRunProblems] = useState<string[]>([]);
  const watcher = useRunWatcher(store);
  const [busy, setBusy] = useState(false);
  const [publishError, setPublishError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [backup, setBackup] = useState<DraftBackup | null>(null);

  // unsaved work left in this browser by an earlier session (a failed save, a closed tab)
  useEffect(() => {
    const found = readBackup(workflow.id);
    if (found && !sameGraph(found.graph, workflow.draftGraph)) setBackup(found);
  }, [workflow.id, workflow.draftGraph]);

  // ─── selection and the side panel ──────────────────────────────────────────────────────────────
  const selectedNodes = nodes.filter((node) => node.selected);
  const selectedEdges = edges.some((edge) => edge.selected);
  const selected = selectedNodes.length === 1 ? selectedNodes[0] : null;
  const selectedId = selected?.id ?? null;
  const hasStart = nodes.some((node) => node.type === "START");

  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when the structure changes, read from the graph ref
  const variables = useMemo<VariablesContextValue>(() => {
    if (!selectedId) return NO_VARIABLES;
    const { nodes: current, edges: currentEdges } = ops.getGraph();
    return { groups: availableVariables(selectedId, current, currentEdges), allNodeIds: new Set(current.map((node) => node.id)) };
  }, [selectedId, structureVersion, ops]);

  const closePanel = useCallback(() => ops.selectNodes([]), [ops]);
  const deleteNode = useCallback((id: string) => void flow.deleteElements({ nodes: [{ id }] }), [flow]);
  const deleteSelection = useCallback(() => {
    const { nodes: current, edges: currentEdges } = ops.getGraph();
    void flow.deleteElements({
      nodes: current.filter((node) => node.selected).map((node) => ({ id: node.id })),
      edges: currentEdges.filter((edge) => edge.selected).map((edge) => ({ id: edge.id })),
    });
  }, [flow, ops]);

  const focusNode = useCallback(
    (id: string) => {
      ops.selectNodes([id]);
      void flow.fitView({ nodes: [{ id }], duration: 300, maxZoom: 1.2, padding: 0.6 });
    },
    [ops, flow],
  );

  // ─── adding nodes ──────────────────────────────────────────────────────────────────────────────
  const addFromPalette = useCallback(
    (type: NodeType) => {
      const { nodes: current } = ops.getGraph();
      const after = current.filter((node) => node.selected);
      if (after.length === 1) {
        const from = after[0];
        const width = from.measured?.width ?? 240;
        const siblings = ops.getGraph().edges.filter((edge) => edge.source === from.id).length;
        ops.addNode(type, { x: from.position.x + width + 80, y: from.position.y + siblings * 110 }, from.id);
        return;
      }
      const box = document.querySelector("[data-testid=canvas]")?.getBoundingClientRect();
      const center = box ? flow.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 }) : { x: 0, y: 0 };
      const offset = (current.length % 5) * 30;
      ops.addNode(type, { x: Math.round(center.x - 120 + offset), y: Math.round(center.y - 40 + offset) });
    },
    [ops, flow],
  );

  // ─── clipboard ─────────────────────────────────────────────────────────────────────────────────
  const pasteCount = useRef(0);
  const copyNodes = useCallback(
    (event?: ClipboardEvent) => {
      const payload = copySelection(ops.getGraph());
      if (!payload) return;
      const text = JSON.stringify(payload);
      window.localStorage.setItem(CLIPBOARD_STORAGE_KEY, text);
      pasteCount.current = 0;
      if (event?.clipboardData) {
        event.clipboardData.setData("text/plain", text);
        event.preventDefault();
      } else {
        navigator.clipboard
          ?.writeText(text)
          .catch((error: unknown) => console.warn("[editor] system clipboard refused; copied in this browser only", error));
      }
      setNotice(`Copied ${payload.nodes.length} ${payload.nodes.length === 1 ? "node" : "nodes"}.`);
    },
    [ops],
  );

  const pastePayload = useCallback(
    (payload: ClipboardPayload) => {
      const existing = new Set(ops.getGraph().nodes.map((node) => node.id));
      const fromHere = payload.nodes.some((node) => existing.has(node.id));
      let offset = { x: 40, y: 40 };
      if (fromHere) {
        pasteCount.current += 1;
        offset = { x: 40 * pasteCount.current, y: 40 * pasteCount.current };
      } else {
        // from another workflow: land the copy in the middle of the view
        const box = document.querySelector("[data-testid=canvas]")?.getBoundingClientRect();
        const center = box ? flow.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 3 }) : { x: 0, y: 0 };
        const minX = Math.min(...payload.nodes.map((node) => node.position.x));
        const minY = Math.min(...payload.nodes.map((node) => node.position.y));
        offset = { x: Math.round(center.x - minX), y: Math.round(center.y - minY) };
      }
      ops.paste(payload, offset);
    },
    [ops, flow],
  );

  const pasteFromEvent = useCallback(
    (event: ClipboardEvent) => {
      const payload =
        parseClipboard(event.clipboardData?.getData("text/plain")) ?? parseClipboard(window.localStorage.getItem(CLIPBOARD_STORAGE_KEY));
      if (!payload) return;
      event.preventDefault();
      pastePayload(payload);
    },
    [pastePayload],
  );

  const pasteFromButton = useCallback(async () => {
    let text: string | null = null;
    try {
      text = (await navigator.clipboard?.readText()) ?? null;
    } catch (error) {
      console.warn("[editor] cannot read the system clipboard; using this browser's copy", error);
    }
    const payload = parseClipboard(text) ?? parseClipboard(window.localStorage.getItem(CLIPBOARD_STORAGE_KEY));
    if (payload) pastePayload(payload);
    else setNotice("Nothing to paste: copy nodes first (here or in another workflow).");
  }, [pastePayload]);

  useEditorShortcuts({ undo: ops.undo, redo: ops.redo, copy: copyNodes, paste: pasteFromEvent });

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 2500);
    return () => clearTimeout(timer);
  }, [notice]);

  // ─── leaving with unsaved changes (in-app links; the tab itself is covered by beforeunload) ───────
  const unsaved = autosave.state.status !== "saved";
  useEffect(() => {
    if (!unsaved) return;
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as HTMLElement | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!anchor || anchor.hasAttribute("download") || anchor.target === "_blank" || anchor.origin !== window.location.origin) return;
      if (!window.confirm("This workflow has changes that are not saved yet. Leave anyway?")) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [unsaved]);

  // ─── conflict, versions, publish, export ────────────────────────────────────────────────────────
  const conflict = autosave.state.status === "conflict" ? autosave.state.theirs : null;

  const adoptStored = useCallback(
    (revision: number, graph: StoredGraph) => {
      const counter = ops.replaceGraph(toEditorGraph(graph), { persisted: true });
      adopt(revision, counter);
    },
    [ops, adopt],
  );

  const loadTheirs = useCallback(async () => {
    setBusy(true);
    const result = await loadDraftAction({ id: workflow.id });
    setBusy(false);
    if (result.ok) adoptStored(result.data.revision, result.data.graph);
    else setNotice(result.error.message);
  }, [workflow.id, adoptStored]);

  const overwrite = useCallback(async () => {
    setBusy(true);
    await overwriteDraft();
    setBusy(false);
  }, [overwriteDraft]);

  const restoreVersion = useCallback(
    async (version: WorkflowVersionItem) => {
      if (!(await flush())) {
        setNotice("Save the draft before restoring a version.");
        return;
      }
      setBusy(true);
      const result = await restoreVersionAction({ id: workflow.id, versionId: version.id });
      setBusy(false);
      if (!result.ok) {
        setNotice(result.error.message);
        return;
      }
      adoptStored(result.data.revision, result.data.graph);
      setDialog(null);
      setNotice(`Version ${version.version} restored into the draft (undo to go back).`);
    },
    [workflow.id, flush, adoptStored],
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
      setDialog(null);
      setNotice(`Published version ${result.data.version}.`);
      router.refresh();
    },
    [flush, getRevision, workflow.id, router],
  );

  const exportFile = useCallback(async () => {
    if (!(await flush())) {
      setNotice("The draft is not saved; export writes the saved draft.");
      return;
    }
    const link = document.createElement("a");
    link.href = `/workflows/${workflow.id}/export`;
    link.download = "";
    document.body.appendChild(link);
    link.click();
    link.remove();
  }, [flush, workflow.id]);

  const restoreBackup = useCallback(() => {
    if (!backup) return;
    rebase(backup.baseRevision);
    ops.replaceGraph(toEditorGraph(backup.graph), { persisted: false });
    setBackup(null);
  }, [backup, rebase, ops]);

  const discardBackup = useCallback(() => {
    window.localStorage.removeItem(`switchyard.draft-backup.${workflow.id}`);
    setBackup(null);
  }, [workflow.id]);

  // ─── runs (spec §5, §9): the saved draft runs; its events paint the canvas ──────────────────────────
  // biome-ignore lint/correctness/useExhaustiveDependencies: START's variables change with the structure
  const runFields = useMemo(() => {
    const start = ops.getGraph().nodes.find((node) => node.type === "START");
    return runInputFields(startVariablesOf(start?.data));
  }, [structureVersion, ops]);

  const openRun = useCallback(async () => {
    setRunProblems([]);
    if (!(await flush())) {
      setNotice("The draft is not saved; a run uses the saved draft.");
      return;
    }
    setDialog("run");
  }, [flush]);

  const startRun = useCallback(
    async (inputs: Record<string, unknown>) => {
      setBusy(true);
      setRunProblems([]);
      const result = await startDraftRunAction({ id: workflow.id, inputs });
      setBusy(false);
      if (!result.ok) {
        setRunProblems([result.error.message]);
        return;
      }
      if (!result.data.started) {
        const { issues, message } = result.data;
        setRunProblems(issues.length > 0 ? issues.map((issue) => issue.message) : [message]);
        return;
      }
      setDialog(null);
      watcher.watch(
        result.data.runId,
        ops.getGraph().nodes.map((node) => node.id),
      );
    },
    [workflow.id, watcher.watch, ops],
  );

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
        requestAnimationFrame(() => void flow.fitView({ duration: 300, padding: 0.2 }));
      },
      onVersions: () => setDialog("versions"),
      onExport: () => void exportFile(),
      onPublish: () => {
        setPublishError(null);
        setDialog("publish");
      },
      onRun: () => void openRun(),
    }),
    [retry, ops, copyNodes, pasteFromButton, deleteSelection, flow, exportFile, openRun],
  );

  return (
    <div className="flex h-full flex-col" data-testid="workflow-editor">
      <Toolbar
        name={workflow.name}
        status={status}
        activeVersion={activeVersion}
        saveState={autosave.state}
        canUndo={editor.canUndo}
        canRedo={editor.canRedo}
        hasSelection={selectedNodes.length > 0 || selectedEdges}
        issueCount={issues.length}
        runAvailable={runAvailable}
        {...toolbarHandlers}
      />
      {backup ? (
        <div
          role="alert"
          className="flex items-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          Changes from {new Date(backup.at).toLocaleString()} were not saved and are kept in this browser.
          <Button size="sm" onClick={restoreBackup}>
            Restore them
          </Button>
          <Button size="sm" variant="ghost" onClick={discardBackup}>
            Discard
          </Button>
        </div>
      ) : null}
      <div className="flex min-h-0 flex-1">
        <Palette onAdd={addFromPalette} hasStart={hasStart} />
        <div className="relative min-w-0 flex-1">
          <Canvas
            nodes={nodes}
            edges={edges}
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
          />
        ) : null}
      </div>
      <ConflictDialog
        theirs={conflict}
        mine={conflict ? getStoredGraph() : { nodes: [], edges: [] }}
        busy={busy}
        onOverwrite={() => void overwrite()}
        onLoadTheirs={() => void loadTheirs()}
      />
      <PublishDialog
        open={dialog === "publish"}
        issues={issues}
        busy={busy}
        error={publishError}
        nextVersion={(activeVersion ?? 0) + 1}
        onPublish={(note) => void publish(note)}
        onClose={() => setDialog(null)}
      />
      <RunDialog
        open={dialog === "run"}
        fields={runFields}
        busy={busy}
        problems={runProblems}
        onRun={(inputs) => void startRun(inputs)}
        onClose={() => setDialog(null)}
      />
      <VersionsDialog
        open={dialog === "versions"}
        workflowId={workflow.id}
        draft={getStoredGraph}
        busy={busy}
        onRestore={(v) => void restoreVersion(v)}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
