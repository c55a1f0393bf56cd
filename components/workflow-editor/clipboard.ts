/**
 * Copy and paste of nodes, within a workflow and between workflows: the selection is serialised as
 * JSON with a marker (`switchyard.nodes`) to the system clipboard and to localStorage (the fallback when
 * the clipboard cannot be read). Pasting gives the nodes fresh ids, keeps the edges between them, and
 * rewrites their templates' references to the pasted copies.
 */
import { edgeIdFor, nextNodeId, renameReferences } from "./graph-convert";
import type { EditorEdge, EditorGraph, EditorNode } from "./types";

export const CLIPBOARD_FORMAT = "switchyard.nodes";
export const CLIPBOARD_STORAGE_KEY = "switchyard.clipboard";
const MARKER = "__switchyard_paste__";

export interface ClipboardPayload {
  format: typeof CLIPBOARD_FORMAT;
  nodes: Array<Pick<EditorNode, "id" | "type" | "position" | "data">>;
  edges: Array<Pick<EditorEdge, "id" | "source" | "sourceHandle" | "target" | "targetHandle">>;
}

/** The payload for the selected nodes and the edges between them; null when nothing is selected. */
export function copySelection(graph: EditorGraph): ClipboardPayload | null {
  const nodes = graph.nodes.filter((node) => node.selected);
  if (nodes.length === 0) return null;
  const ids = new Set(nodes.map((node) => node.id));
  return {
    format: CLIPBOARD_FORMAT,
    nodes: nodes.map(({ id, type, position, data }) => ({ id, type, position, data })),
    edges: graph.edges
      .filter((edge) => ids.has(edge.source) && ids.has(edge.target))
      .map(({ id, source, sourceHandle, target, targetHandle }) => ({
        id,
        source,
        sourceHandle: sourceHandle ?? null,
        target,
        targetHandle: targetHandle ?? null,
      })),
  };
}

/** The payload in a text, or null when the text is not one. */
export function parseClipboard(text: string | null | undefined): ClipboardPayload | null {
  if (!text?.includes(CLIPBOARD_FORMAT)) return null;
  try {
    const value = JSON.parse(text) as Partial<ClipboardPayload>;
    if (value.format !== CLIPBOARD_FORMAT || !Array.isArray(value.nodes) || !Array.isArray(value.edges)) return null;
    return value as ClipboardPayload;
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

/**
 * The graph with the payload pasted in, selected, offset by `offset` (flow units); the previous selection
 * is cleared. A second START is kept out when the graph has one (spec §4 allows exactly one).
 */
export function pasteInto(graph: EditorGraph, payload: ClipboardPayload, offset: { x: number; y: number }): EditorGraph {
  const taken = new Set(graph.nodes.map((node) => node.id));
  const hasStart = graph.nodes.some((node) => node.type === "START");
  const renames = new Map<string, string>();
  const incoming = payload.nodes.filter((node) => !(hasStart && node.type === "START"));
  for (const node of incoming) {
    const id = nextNodeId(node.id, taken);
    taken.add(id);
    renames.set(node.id, id);
  }
  const rewrite = (data: Record<string, unknown>) => {
    let result = data;
    // two passes through a marker, so that renaming a→b and b→c does not turn a into c
    for (const [from, to] of renames) if (from !== to) result = renameReferences(result, from, `${MARKER}${to}`);
    return JSON.parse(JSON.stringify(result).replaceAll(MARKER, "")) as Record<string, unknown>;
  };
  const pastedNodes: EditorNode[] = incoming.map((node) => ({
    id: renames.get(node.id) as string,
    type: node.type,
    position: { x: node.position.x + offset.x, y: node.position.y + offset.y },
    data: rewrite(node.data),
    selected: true,
  }));
  const edgeIds = new Set(graph.edges.map((edge) => edge.id));
  const pastedEdges: EditorEdge[] = [];
  for (const edge of payload.edges) {
    const source = renames.get(edge.source);
    const target = renames.get(edge.target);
    if (!source || !target) continue;
    const id = edgeIdFor(source, edge.sourceHandle, target, edgeIds);
    edgeIds.add(id);
    pastedEdges.push({ id, source, sourceHandle: edge.sourceHandle ?? null, target, targetHandle: edge.targetHandle ?? null });
  }
  return {
    nodes: [...graph.nodes.map((node) => (node.selected ? { ...node, selected: false } : node)), ...pastedNodes],
    edges: [...graph.edges.map((edge) => (edge.selected ? { ...edge, selected: false } : edge)), ...pastedEdges],
  };
}
