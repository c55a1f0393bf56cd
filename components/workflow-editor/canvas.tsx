"use client";

import {
  Background,
  BackgroundVariant,
  type Connection,
  ControlButton,
  Controls,
  type Edge,
  type NodeChange,
  type OnBeforeDelete,
  ReactFlow,
  applyNodeChanges,
  type Viewport,
  useReactFlow,
  useStore,
  useStoreApi,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { Info, Map as MapIcon } from "lucide-react";
import { type DragEvent, type MouseEvent, memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { isNodeType, nodeRegistry } from "@/lib/workflow/nodes/registry";
import type { NodeType } from "@/lib/workflow/nodes/node-definition";
import { connectionProblem } from "./connection-rules";
import { DragPainter } from "./drag-painter";
import { dragShieldStyle, useDragShield } from "./drag-shield";
import { type GraphStore, useGraph } from "./graph-store";
import { type EditorOperations, isDragMove } from "./hooks/use-editor-graph";
import { EditorMinimap } from "./minimap";
import { DeclaredGeometry } from "./declared-geometry";
import { nodeTypes } from "./nodes/node-types";
import { OverviewEdgeLayer } from "./overview-edge-layer";
import { OverviewEdgePathCache } from "./overview-edge-paths";
import { useOverviewBoxSelection } from "./overview-box-selection";
import { FIT_HIDDEN_NODES, OverviewNodeCopies, overviewFlowNodes } from "./overview-flow-nodes";
import { useNodeUnderPointer, useOverviewHoverReveal } from "./overview-hover-reveal";
import { OverviewNodeLayer } from "./overview-node-layer";
import "./canvas.css";
import "./overview.css";
import { detailForZoom, type NodeDetail, NodeDetailContext } from "./nodes/zoomed-out-shells";
import { type EditorEdge, type EditorNode, PALETTE_DRAG_TYPE } from "./types";

/** Above this many nodes only the visible ones are rendered (React Flow's guidance for large graphs). */
const VISIBLE_ONLY_THRESHOLD = 300;
const DELETE_KEYS = ["Backspace", "Delete"];
const MULTI_SELECT_KEYS = ["Meta", "Control", "Shift"];
const defaultEdgeOptions = { interactionWidth: 16 };
const fitViewOptions = { padding: 0.2, maxZoom: 1.1, ...FIT_HIDDEN_NODES };
/**
 * The Fit View button's options: React Flow's default padding (0.1), counting hidden nodes. Not the open
 * fit's 0.2: on the 1,000-node bench workflow that lands at zoom ~0.058 instead of ~0.067, where a drag
 * with every node in view cost nearly twice the main-thread work per move (bench:editor, 3 A/B pairs: p50
 * 10.3–13.3 ms against 6.6–8.3), for a reason not found yet.
 */
const controlsFitViewOptions = FIT_HIDDEN_NODES;
const proOptions = { hideAttribution: true };
/** Small, bottom-right above the zoom controls, and hideable: it must not cover the nodes being edited. */
const minimapStyle = { width: 150, height: 96, marginBottom: 52 };
const MINIMAP_STORAGE_KEY = "switchyard.editor.minimap";
const NO_EDGES: EditorEdge[] = [];

/**
 * The edges React Flow renders itself at a level of detail: all of them, except in the overview, where only
 * the selected ones are (the others are drawn by OverviewEdgeLayer).
 */
function flowEdgesAt(detail: NodeDetail, edges: EditorEdge[]): EditorEdge[] {
  if (detail !== "overview") return edges;
  const selected = edges.filter((edge) => edge.selected);
  return selected.length > 0 ? selected : NO_EDGES;
}

function detailAtZoom(state: { transform: [number, number, number] }) {
  return detailForZoom(state.transform[2]);
}

function minimapColor(node: EditorNode): string {
  return isNodeType(node.type) ? nodeRegistry[node.type].meta.color : "#a1a1aa";
}

/** Whether the minimap is shown (kept in this browser); shown unless the person hid it. */
function useMinimapShown(): [boolean, () => void] {
  const [shown, setShown] = useState(true);
  useEffect(() => setShown(window.localStorage.getItem(MINIMAP_STORAGE_KEY) !== "hidden"), []);
  const toggle = useCallback(() => {
    setShown((current) => {
      window.localStorage.setItem(MINIMAP_STORAGE_KEY, current ? "hidden" : "shown");
      return !current;
    });
  }, []);
  return [shown, toggle];
}

/**
 * The React Flow canvas: the node renderers (module-level `nodeTypes`), connections checked with a hint
 * when refused, drop from the palette, keyboard delete, multi-select, minimap, zoom controls. It alone
 * subscribes to the whole graph, so an edit re-renders the canvas and not the editor around it; a drag's
 * pointer moves re-render neither, nor React Flow (they are painted onto the node and edge elements until the
 * drop: drag-painter.ts).
 */
export const Canvas = memo(function Canvas({
  store,
  operations,
  colorMode,
  initialViewport,
  onDropType,
}: {
  store: GraphStore;
  operations: EditorOperations;
  colorMode: "light" | "dark";
  initialViewport?: Viewport;
  onDropType: (type: NodeType, position: { x: number; y: number }) => void;
}) {
  const { nodes, edges } = useGraph(store);
  const flow = useReactFlow<EditorNode, EditorEdge>();
  const [minimapShown, toggleMinimap] = useMinimapShown();
  const detail = useStore(detailAtZoom);
  const flowEdges = useMemo(() => flowEdgesAt(detail, edges), [detail, edges]);
  const overview = detail === "overview";
  // the overview edge layer's geometry, new each time the overview is shown; the drag painter reads it too
  const overviewEdgePaths = useMemo(() => (overview ? new OverviewEdgePathCache() : null), [overview]);
  const containerRef = useRef<HTMLDivElement>(null);
  // in the overview the box layer draws most nodes and React Flow renders only the few it must
  // (overview-flow-nodes.ts), among them the node under the pointer
  const [revealedId, setRevealedId] = useState<string | null>(null);
  if (detail !== "overview" && revealedId !== null) setRevealedId(null);
  const onReveal = useCallback((id: string | null) => flushSync(() => setRevealedId(id)), []);
  useOverviewHoverReveal(containerRef, detail === "overview", onReveal);
  const selectBoxes = useCallback(
    (ids: string[]) => operations.onNodesChange(ids.map((id) => ({ type: "select", id, selected: true }))),
    [operations],
  );
  useOverviewBoxSelection(detail === "overview", selectBoxes);
  // a tap on a box (touch and pen have no hover to reveal the node first) reaches the pane: it selects the
  // box's node, which React Flow then renders (React Flow has just cleared the selection, as for any pane click)
  const nodeUnderPointer = useNodeUnderPointer();
  const selectBoxAt = useCallback(
    (event: MouseEvent) => {
      const id = nodeUnderPointer(event.clientX, event.clientY);
      if (id) selectBoxes([id]);
    },
    [nodeUnderPointer, selectBoxes],
  );
  const [copies] = useState(() => new OverviewNodeCopies());
  // nodes not measured yet come with a declared size and handles, so React Flow renders only those in view
  const [declared] = useState(() => new DeclaredGeometry());
  const withGeometry = useMemo(() => declared.of(nodes), [declared, nodes]);
  const flowNodes = useMemo(
    () => (detail === "overview" ? overviewFlowNodes(withGeometry, edges, revealedId, copies) : withGeometry),
    [detail, withGeometry, edges, revealedId, copies],
  );
  // fit the view to the nodes the workflow opens with; an empty canvas keeps the default view, or the
  // first node dropped would be fitted into the middle instead of staying where it was dropped
  const [fitOnOpen] = useState(() => !initialViewport && nodes.length > 0);
  const [hint, setHint] = useState<string | null>(null);
  const hintRef = useRef<string | null>(null);
  const hintTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const showHint = useCallback((text: string | null, clearAfterMs?: number) => {
    if (hintTimer.current) clearTimeout(hintTimer.current);
    if (hintRef.current !== text) {
      hintRef.current = text;
      setHint(text);
    }
    if (text && clearAfterMs) hintTimer.current = setTimeout(() => showHint(null), clearAfterMs);
  }, []);
  useEffect(() => () => void (hintTimer.current && clearTimeout(hintTimer.current)), []);

  const isValidConnection = useCallback(
    (connection: Connection | Edge) => {
      const { nodes: current, edges: currentEdges } = operations.getGraph();
      const problem = connectionProblem(connection, new Map(current.map((node) => [node.id, node])), currentEdges);
      showHint(problem);
      return problem === null;
    },
    [operations, showHint],
  );

  const onConnectEnd = useCallback(() => {
    if (hintRef.current) showHint(hintRef.current, 3000);
  }, [showHint]);

  const onConnectStart = useCallback(() => showHint(null), [showHint]);

  // a drag's pointer moves are painted onto the node and edge elements (drag-painter.ts), or when they
  // cannot be, go straight into React Flow's store (what it does itself for uncontrolled nodes), while the
  // graph takes them quietly (use-editor-graph.ts): no render of this canvas per move; the drop commits as usual
  const flowStore = useStoreApi<EditorNode, EditorEdge>();
  const [painter] = useState(() => new DragPainter());
  // read through a ref, so that onNodesChange stays the same function when the level of detail changes (a
  // new one is one more React Flow store update, every node's selector run again, in a zoom's frame)
  const overviewEdgePathsRef = useRef(overviewEdgePaths);
  overviewEdgePathsRef.current = overviewEdgePaths;
  const onNodesChange = useCallback(
    (changes: NodeChange<EditorNode>[]) => {
      if (isDragMove(changes) && !painter.paint(changes, flowStore.getState(), overviewEdgePathsRef.current)) {
        const { nodes: drawn, setNodes } = flowStore.getState();
        setNodes(applyNodeChanges(changes, drawn));
        painter.synced(flowStore.getState().transform);
      }
      operations.onNodesChange(changes);
    },
    [flowStore, operations, painter],
  );

  const dragShield = useDragShield();
  const onDragStart = useCallback(() => {
    operations.recordHistory();
    dragShield.show();
  }, [operations, dragShield]);

  const onBeforeDelete: OnBeforeDelete<EditorNode, EditorEdge> = useCallback(async () => {
    operations.recordHistory();
    return true;
  }, [operations]);

  const onDragOver = useCallback((event: DragEvent) => {
    if (!event.dataTransfer.types.includes(PALETTE_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
  }, []);

  const onDrop = useCallback(
    (event: DragEvent) => {
      const type = event.dataTransfer.getData(PALETTE_DRAG_TYPE);
      if (!isNodeType(type)) return;
      event.preventDefault();
      const position = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
      onDropType(type, { x: Math.round(position.x - 120), y: Math.round(position.y - 30) });
    },
    [flow, onDropType],
  );

  return (
    <div
      ref={containerRef}
      className="absolute inset-0"
      data-detail={detail}
      role="application"
      aria-label="Workflow canvas"
      onDragOver={onDragOver}
      onDrop={onDrop}
      data-testid="canvas"
    >
      <NodeDetailContext.Provider value={detail}>
        <ReactFlow<EditorNode, EditorEdge>
          nodes={flowNodes}
          edges={flowEdges}
          nodeTypes={nodeTypes}
          onNodesChange={onNodesChange}
          onEdgesChange={operations.onEdgesChange}
          onConnect={operations.onConnect}
          onConnectStart={onConnectStart}
          onConnectEnd={onConnectEnd}
          isValidConnection={isValidConnection}
          selectNodesOnDrag={false}
          onNodeDragStart={onDragStart}
          onNodeDragStop={dragShield.hide}
          onSelectionDragStart={onDragStart}
          onSelectionDragStop={dragShield.hide}
          onBeforeDelete={onBeforeDelete}
          onPaneClick={detail === "overview" ? selectBoxAt : undefined}
          deleteKeyCode={DELETE_KEYS}
          multiSelectionKeyCode={MULTI_SELECT_KEYS}
          selectionKeyCode="Shift"
          defaultEdgeOptions={defaultEdgeOptions}
          defaultViewport={initialViewport}
          fitView={fitOnOpen}
          fitViewOptions={fitViewOptions}
          minZoom={0.05}
          maxZoom={2}
          onlyRenderVisibleElements={nodes.length > VISIBLE_ONLY_THRESHOLD}
          colorMode={colorMode}
          proOptions={proOptions}
        >
          {overviewEdgePaths ? <OverviewEdgeLayer edges={edges} cache={overviewEdgePaths} /> : null}
          {detail === "overview" ? <OverviewNodeLayer /> : null}
          <Background variant={BackgroundVariant.Dots} gap={18} size={1} />
          <Controls position="bottom-right" orientation="horizontal" showInteractive={false} fitViewOptions={controlsFitViewOptions}>
            <ControlButton
              onClick={toggleMinimap}
              aria-label={minimapShown ? "Hide minimap" : "Show minimap"}
              title={minimapShown ? "Hide minimap" : "Show minimap"}
              aria-pressed={minimapShown}
            >
              <MapIcon aria-hidden="true" />
            </ControlButton>
          </Controls>
          {minimapShown ? <EditorMinimap nodes={withGeometry} color={minimapColor} size={minimapStyle} ariaLabel="Minimap" /> : null}
        </ReactFlow>
      </NodeDetailContext.Provider>
      <div ref={dragShield.ref} style={dragShieldStyle} aria-hidden="true" data-testid="drag-shield" />
      {nodes.length === 0 ? (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <p className="max-w-sm rounded-lg border border-dashed border-zinc-300 bg-white/80 px-5 py-4 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:bg-zinc-900/80 dark:text-zinc-400">
            An empty canvas. Drag <strong>Start</strong> from the palette to begin, then the steps, and finish with <strong>End</strong>.
          </p>
        </div>
      ) : null}
      {hint ? (
        <div
          role="status"
          data-testid="connection-hint"
          className="pointer-events-none absolute top-14 left-1/2 z-10 flex -translate-x-1/2 items-center gap-2 rounded-md bg-zinc-900 px-3 py-1.5 text-xs text-white shadow-lg dark:bg-zinc-100 dark:text-zinc-900"
        >
          <Info size={13} aria-hidden="true" /> {hint}
        </div>
      ) : null}
    </div>
  );
});
