/**
 * Auto-layout with dagre (left to right, the way runs flow): new positions for every node. Each node takes
 * the room it needs in full detail: its declared full-detail size (node-geometry.ts), or its measured size
 * when that is larger (a run line). A node measured while zoomed out (compact or not rendered yet) is
 * smaller than it will be when zoomed in, and laying it out at that size made nodes overlap once zoomed
 * back in. Edges from named handles keep their order through dagre's edge order.
 */
import dagre from "@dagrejs/dagre";
import { geometryFor } from "./node-geometry";
import { sourceHandlesOf } from "./node-handles";
import type { EditorEdge, EditorNode } from "./types";

/** The room a node takes in the layout (px). */
function layoutSize(node: EditorNode): { width: number; height: number } {
  const declared = geometryFor(node.type, sourceHandlesOf(node.type, node.data));
  return {
    width: Math.max(node.measured?.width ?? 0, declared.width),
    height: Math.max(node.measured?.height ?? 0, declared.height),
  };
}

/** Nodes with positions laid out by dagre (top-left corners, as React Flow wants them). */
export function layoutGraph(nodes: readonly EditorNode[], edges: readonly EditorEdge[]): EditorNode[] {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: "LR", nodesep: 40, ranksep: 90, marginx: 20, marginy: 20 });
  graph.setDefaultEdgeLabel(() => ({}));
  const sizes = new Map(nodes.map((node) => [node.id, layoutSize(node)]));
  for (const node of nodes) graph.setNode(node.id, { ...sizes.get(node.id) });
  for (const edge of edges) if (graph.hasNode(edge.source) && graph.hasNode(edge.target)) graph.setEdge(edge.source, edge.target);
  dagre.layout(graph);
  return nodes.map((node) => {
    const laid = graph.node(node.id);
    const size = sizes.get(node.id);
    if (!laid || !size) return node;
    return { ...node, position: { x: Math.round(laid.x - size.width / 2), y: Math.round(laid.y - size.height / 2) } };
  });
}
