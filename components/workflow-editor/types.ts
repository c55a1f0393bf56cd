/**
 * The editor's node and edge types: a React Flow node whose `type` is a spec node type and whose `data`
 * is the node's `data` (spec §2) as typed by the person, not yet validated.
 */
import type { Edge, Node } from "@xyflow/react";
import type { NodeType } from "@/lib/workflow/nodes/node-definition";

export type EditorNodeData = Record<string, unknown>;
/** A node on the canvas; `pinned_outputs` (beside `data`, saved with the draft): outputs a draft run takes instead of executing it. */
export type EditorNode = Node<EditorNodeData, NodeType> & { pinned_outputs?: unknown };
export type EditorEdge = Edge;

/** A graph in the editor: nodes and edges, without the viewport. */
export interface EditorGraph {
  nodes: EditorNode[];
  edges: EditorEdge[];
}

/** The drag-and-drop type of a palette item. */
export const PALETTE_DRAG_TYPE = "application/x-switchyard-node-type";
