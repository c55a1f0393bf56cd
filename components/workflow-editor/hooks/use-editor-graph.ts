"use client";

import { applyEdgeChanges, applyNodeChanges, type Connection, type EdgeChange, type NodeChange, type XYPosition } from "@xyflow/react";
import { useCallback, useMemo, useRef, useState } from "react";
import type { NodeType } from "@/lib/workflow/nodes/node-definition";
import { getNodeDefinition } from "@/lib/workflow/nodes/registry";
import { layoutGraph } from "../auto-layout";
import { type ClipboardPayload, pasteInto } from "../clipboard";
import { edgeIdFor, edgesWithoutNodes, idBaseFor, nextNodeId, renameNode } from "../graph-convert";
import { GraphStore } from "../graph-store";
import { sourceHandlesOf } from "../node-handles";
import type { EditorEdge, EditorGraph, EditorNode } from "../types";
import { keepSelection, useHistory } from "./use-history";

/**
 * Whether `changes` are one pointer move of a node drag in progress: all of them positions with `dragging:
 * true` (React Flow's `updateNodePositions` during a drag; the drop sends the same with `dragging: false`).
 */
export function isDragMove(changes: readonly NodeChange<EditorNode>[]): boolean {
  return changes.length > 0 && changes.every((change) => change.type === "position" && change.dragging === true);
}

/** What a change affects: `structure` re-validates and saves; `layout` only saves; `view` neither. */
type ChangeKind = "structure" | "layout" | "view";

/**
 * The graph being edited. The latest nodes and edges live in a GraphStore, outside React state: the
 * canvas subscribes to them, the rest of the editor to a summary a drag does not change, and callbacks
 * stay stable and read what is current. Every edit goes through `commit`, which moves the counters that
 * drive validation (`structureVersion`) and autosave (`changeCounter`); the edits record undo history
 * first. `formEpoch` moves when the graph is replaced from outside the form (undo, paste, load), so the
 * side panel's form reloads.
 */
export function useEditorGraph(initial: EditorGraph) {
  const [store] = useState(() => new GraphStore(initial));
  const [structureVersion, setStructureVersion] = useState(0);
  const [changeCounter, setChangeCounter] = useState(0);
  const changeCounterRef = useRef(0);
  const [formEpoch, setFormEpoch] = useState(0);
  const { record, undo: undoHistory, redo: redoHistory, canUndo, canRedo } = useHistory();

  const commit = useCallback(
    (next: EditorGraph, kind: ChangeKind, options: { persisted?: boolean; resetForm?: boolean } = {}) => {
      store.set(next);
      if (kind === "structure") setStructureVersion((v) => v + 1);
      if (kind !== "view" && !options.persisted) {
        changeCounterRef.current += 1;
        setChangeCounter(changeCounterRef.current);
      }
      if (options.resetForm) setFormEpoch((v) => v + 1);
    },
    [store],
  );

  const getGraph = store.get;

  const onNodesChange = useCallback(
    (changes: NodeChange<EditorNode>[]) => {
      const current = store.get();
      const nodesNext = applyNodeChanges(changes, current.nodes);
      if (isDragMove(changes)) {
        // the canvas draws the move from React Flow's store; the drop (dragging: false) commits it
        store.setQuietly({ nodes: nodesNext, edges: current.edges });
        return;
      }
      const removed = new Set(changes.flatMap((change) => (change.type === "remove" ? [change.id] : [])));
      const structural = changes.some((change) => change.type === "remove" || change.type === "add" || change.type === "replace");
      const moved = changes.some((change) => change.type === "position" && change.dragging === false);
      commit({ nodes: nodesNext, edges: edgesWithoutNodes(current.edges, removed) }, structural ? "structure" : moved ? "layout" : "view");
    },
    [commit, store],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange<EditorEdge>[]) => {
      const current = store.get();
      const edgesNext = applyEdgeChanges(changes, current.edges);
      const structural = changes.some((change) => change.type === "remove" || change.type === "add" || change.type === "replace");
      commit({ nodes: current.nodes, edges: edgesNext }, structural ? "structure" : "view");
    },
    [commit, store],
  );

  /** Records the graph before a change React Flow is about to make (drag, delete). */
  const recordHistory = useCallback(() => record(store.get()), [record, store]);

  const onConnect = useCallback(
    (connection: Connection) => {
      const current = store.get();
      record(current);
      const id = edgeIdFor(connection.source, connection.sourceHandle, connection.target, new Set(current.edges.map((e) => e.id)));
      const edge: EditorEdge = {
        id,
        source: connection.source,
        sourceHandle: connection.sourceHandle ?? null,
        target: connection.target,
        targetHandle: connection.targetHandle ?? null,
      };
      commit({ nodes: current.nodes, edges: [...current.edges, edge] }, "structure");
    },
    [commit, record, store],
  );

  /**
   * Adds a node of `type` at `position`, selected, with its type's default data. With `after`, also
   * connects it from that node's first free source handle (or its first handle).
   */
  const addNode = useCallback(
    (type: NodeType, position: XYPosition, after?: string): string => {
      const current = store.get();
      record(current);
      const id = nextNodeId(idBaseFor(type), new Set(current.nodes.map((node) => node.id)));
      const node: EditorNode = { id, type, position, data: structuredClone(getNodeDefinition(type).meta.defaultData), selected: true };
      const nodesNext = [...current.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)), node];
      let edgesNext = current.edges;
      const from = after ? current.nodes.find((n) => n.id === after) : undefined;
      if (from && from.type !== "END" && type !== "START") {
        const handles = sourceHandlesOf(from.type, from.data);
        const used = new Set(current.edges.filter((e) => e.source === from.id).map((e) => e.sourceHandle ?? null));
        const handle = handles.find((h) => !used.has(h)) ?? handles[0];
        if (handle !== undefined) {
          const edgeId = edgeIdFor(from.id, handle, id, new Set(current.edges.map((e) => e.id)));
          edgesNext = [...current.edges, { id: edgeId, source: from.id, sourceHandle: handle, target: id, targetHandle: null }];
        }
      }
      commit({ nodes: nodesNext, edges: edgesNext }, "structure");
      return id;
    },
    [commit, record, store],
  );

  /** Replaces a node's data (the side panel form); typing in one node's form is one undo step. */
  const updateNodeData = useCallback(
    (id: string, data: Record<string, unknown>) => {
      const current = store.get();
      const index = current.nodes.findIndex((node) => node.id === id);
      if (index === -1) return;
      if (JSON.stringify(current.nodes[index].data) === JSON.stringify(data)) return;
      record(current, `data:${id}`);
      const nodesNext = current.nodes.slice();
      nodesNext[index] = { ...current.nodes[index], data };
      // edges from handles that no longer exist (a removed condition) stay: validation reports them as invalid_handle
      commit({ nodes: nodesNext, edges: current.edges }, "structure");
    },
    [commit, record, store],
  );

  /** Pins outputs on a node (a draft run takes them instead of executing it), or unpins with undefined; one undo step. */
  const setPinnedOutputs = useCallback(
    (id: string, outputs: unknown) => {
      const current = store.get();
      const index = current.nodes.findIndex((node) => node.id === id);
      if (index === -1) return;
      record(current);
      const { pinned_outputs: _previous, ...node } = current.nodes[index];
      const nodesNext = current.nodes.slice();
      nodesNext[index] = outputs === undefined ? node : { ...node, pinned_outputs: outputs };
      commit({ nodes: nodesNext, edges: current.edges }, "structure");
    },
    [commit, record, store],
  );

  /** Renames a node and every reference to it. */
  const renameNodeId = useCallback(
    (from: string, to: string) => {
      record(store.get());
      commit(renameNode(store.get(), from, to), "structure", { resetForm: true });
    },
    [commit, record, store],
  );

  /** Selects exactly these nodes (the problems list, search). */
  const selectNodes = useCallback(
    (ids: readonly string[]) => {
      const wanted = new Set(ids);
      const current = store.get();
      commit(
        {
          nodes: current.nodes.map((node) =>
            Boolean(node.selected) === wanted.has(node.id) ? node : { ...node, selected: wanted.has(node.id) },
          ),
          edges: current.edges.map((edge) => (edge.selected ? { ...edge, selected: false } : edge)),
        },
        "view",
      );
    },
    [commit, store],
  );

  /**
   * Replaces the whole graph (load theirs, restore a version, a local backup). `persisted`: the graph is
   * what the server has, so nothing becomes unsaved. Recorded in history, so it can be undone.
   */
  const replaceGraph = useCallback(
    (next: EditorGraph, options: { persisted: boolean }) => {
      record(store.get());
      commit(next, "structure", { persisted: options.persisted, resetForm: true });
      return changeCounterRef.current;
    },
    [commit, record, store],
  );

  // not while a node is being dragged: React Flow would put it back under the pointer on the next move,
  // and the drop would then be saved with no undo step of its own
  /** Puts back the graph an undo or redo `step` gives, keeping the current selection (not while a node is held). */
  const restore = useCallback(
    (step: (current: EditorGraph) => EditorGraph | null) => {
      if (store.isMoving()) return;
      const current = store.get();
      const restored = step(current);
      if (restored) commit(keepSelection(restored, current), "structure", { resetForm: true });
    },
    [commit, store],
  );
  const undo = useCallback(() => restore(undoHistory), [restore, undoHistory]);
  const redo = useCallback(() => restore(redoHistory), [restore, redoHistory]);

  const autoLayout = useCallback(() => {
    const current = store.get();
    record(current);
    commit({ nodes: layoutGraph(current.nodes, current.edges), edges: current.edges }, "layout");
  }, [commit, record, store]);

  const paste = useCallback(
    (payload: ClipboardPayload, offset: XYPosition) => {
      record(store.get());
      commit(pasteInto(store.get(), payload, offset), "structure", { resetForm: true });
    },
    [commit, record, store],
  );

  const operations = useMemo(
    () => ({
      onNodesChange,
      onEdgesChange,
      onConnect,
      recordHistory,
      addNode,
      updateNodeData,
      setPinnedOutputs,
      renameNodeId,
      selectNodes,
      replaceGraph,
      undo,
      redo,
      autoLayout,
      paste,
      getGraph,
    }),
    [
      onNodesChange,
      onEdgesChange,
      onConnect,
      recordHistory,
      addNode,
      updateNodeData,
      setPinnedOutputs,
      renameNodeId,
      selectNodes,
      replaceGraph,
      undo,
      redo,
      autoLayout,
      paste,
      getGraph,
    ],
  );

  return {
    store,
    structureVersion,
    changeCounter,
    getChangeCounter: () => changeCounterRef.current,
    formEpoch,
    canUndo,
    canRedo,
    operations,
  };
}

/** The editing operations of `useEditorGraph` (stable callbacks). */
export type EditorOperations = ReturnType<typeof useEditorGraph>["operations"];
