/**
 * Auto-layout with dagre (left to right, the way runs flow): new positions for every node, from each
 * node's measured size. Edges from named handles keep their order through dagre's edge order.
 */
import dagre from "@dagrejs/dagre";
import type { EditorEdge, EditorNode } from "./types";

const DEFAULT_WIDTH = 240;
const DEFAULT_HEIGHT = 80;

/** Nodes with positions laid out by dagre (top-left corners, as React Flow wants them). */
export function layoutGraph(nodes: readonly EditorNode[], edges: readonly EditorEdge[]): EditorNode[] {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: "LR", nodesep: 40, ranksep: 90, marginx: 20, marginy: 20 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) {
    graph.setNode(node.id, { width: node.measured?.width ?? DEFAULT_WIDTH, height: node.measured?.height ?? DEFAULT_HEIGHT });
  }
  for (const edge of edges) if (graph.hasNode(edge.source) && graph.hasNode(edge.target)) graph.setEdge(edge.source, edge.target);
  dagre.layout(graph);
  return nodes.map((node) => {
    const laid = graph.node(node.id);
    if (!laid) return node;
    const width = node.measured?.width ?? DEFAULT_WIDTH;
    const height = node.measured?.height ?? DEFAULT_HEIGHT;
    return { ...node, position: { x: Math.round(laid.x - width / 2), y: Math.round(laid.y - height / 2) } };
  });
}
