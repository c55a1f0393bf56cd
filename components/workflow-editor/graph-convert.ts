/**
 * Between the stored graph (spec §1 `graph`) and React Flow's nodes and edges, plus the id rules the
 * editor needs: new node ids, edge ids, renaming a node with its template references.
 */
import type { Viewport } from "@xyflow/react";
import type { StoredGraph } from "@/lib/db/queries/workflows";
import { IDENTIFIER } from "@/lib/workflow/nodes/common";
import type { NodeType } from "@/lib/workflow/nodes/node-definition";
import { isNodeType } from "@/lib/workflow/nodes/registry";
import type { EditorEdge, EditorGraph, EditorNode } from "./types";

/** Template roots that are not node ids (spec §3); a node may not take them as its id. */
export const RESERVED_IDS = new Set(["input", "env", "params"]);

/** A node's pinned outputs (a key beside `data`) as an object to spread into a copy of it (empty when none). */
function pinsOf(node: object): { pinned_outputs?: unknown } {
  const pinned = (node as { pinned_outputs?: unknown }).pinned_outputs;
  return pinned === undefined ? {} : { pinned_outputs: pinned };
}

/** React Flow nodes and edges of a stored graph. Nodes of an unknown type are kept (validation reports them). */

export function toEditorGraph(graph: StoredGraph): EditorGraph {
  const nodes: EditorNode[] = graph.nodes.map((node) => ({
    id: node.id,
    type: (isNodeType(node.type) ? node.type : node.type) as NodeType,
    position: { x: node.position?.x ?? 0, y: node.position?.y ?? 0 },
    data: node.data ?? {},
    ...pinsOf(node),
  }));
  const edges: EditorEdge[] = graph.edges.map((edge) => ({
    id: edge.id,
    source: edge.source,
    sourceHandle: edge.sourceHandle ?? null,
    target: edge.target,
    targetHandle: edge.targetHandle ?? null,
  }));
  return { nodes, edges };
}

/** The stored graph of the editor's nodes and edges: only the spec's fields, React Flow's state left out. */
export function toStoredGraph(nodes: readonly EditorNode[], edges: readonly EditorEdge[], viewport?: Viewport): StoredGraph {
  return {
    nodes: nodes.map((node) => ({
      id: node.id,
      type: node.type as string,
      position: { x: Math.round(node.position.x), y: Math.round(node.position.y) },
      data: node.data,
      ...pinsOf(node),
    })),
    edges: edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      sourceHandle: edge.sourceHandle ?? null,
      target: edge.target,
      targetHandle: edge.targetHandle ?? null,
    })),
    ...(viewport ? { viewport: { x: Math.round(viewport.x), y: Math.round(viewport.y), zoom: viewport.zoom } } : {}),
  };
}

/** The base of a new node's id: the type in lower case (`llm`, `condition_branch`). */
export function idBaseFor(type: NodeType): string {
  return type.toLowerCase();
}

/** A new node id: `llm`, then `llm_2`, `llm_3`, … — unique among `taken` and valid (spec §1). */
export function nextNodeId(base: string, taken: ReadonlySet<string>): string {
  const clean = base.replace(/[^A-Za-z0-9_]/g, "_").replace(/^[^A-Za-z]+/, "") || "node";
  if (!taken.has(clean) && !RESERVED_IDS.has(clean)) return clean;
  const stem = clean.replace(/_\d+$/, "");
  for (let n = 2; ; n++) {
    const candidate = `${stem}_${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** An edge id for a connection, unique among `taken`. */
export function edgeIdFor(source: string, sourceHandle: string | null | undefined, target: string, taken: ReadonlySet<string>): string {
  const base = `${source}-${sourceHandle ?? "out"}-${target}`;
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Why `id` cannot be a node id, or null when it can. */
export function nodeIdProblem(id: string, current: string, taken: ReadonlySet<string>): string | null {
  if (!IDENTIFIER.test(id)) return "Start with a letter; use only letters, digits and _.";
  if (RESERVED_IDS.has(id)) return `“${id}” is reserved for templates.`;
  if (id !== current && taken.has(id)) return `Another node is already called “${id}”.`;
  return null;
}

function referencePattern(id: string): RegExp {
  return new RegExp(String.raw`(\{\{\s*)${id}(?=[.\[\s}])`, "g");
}

/** `value` with every `{{from…}}` reference rewritten to `{{to…}}`, deep over objects and arrays. */
export function renameReferences<T>(value: T, from: string, to: string): T {
  const pattern = referencePattern(from);
  const visit = (current: unknown): unknown => {
    if (typeof current === "string") return current.includes("{{") ? current.replace(pattern, `$1${to}`) : current;
    if (Array.isArray(current)) return current.map(visit);
    if (current !== null && typeof current === "object") return Object.fromEntries(Object.entries(current).map(([k, v]) => [k, visit(v)]));
    return current;
  };
  return visit(value) as T;
}

/** Renames a node: its id, the edges that touch it and every template that refers to it. */
export function renameNode(graph: EditorGraph, from: string, to: string): EditorGraph {
  return {
    nodes: graph.nodes.map((node) => {
      const data = renameReferences(node.data, from, to);
      if (node.id === from) return { ...node, id: to, data };
      return data === node.data || JSON.stringify(data) === JSON.stringify(node.data) ? node : { ...node, data };
    }),
    edges: graph.edges.map((edge) =>
      edge.source === from || edge.target === from
        ? { ...edge, source: edge.source === from ? to : edge.source, target: edge.target === from ? to : edge.target }
        : edge,
    ),
  };
}

/**
 * `edges` without those attached to any node in `removedNodeIds`: the same array when none is. React Flow
 * removes a deleted node's edges itself, but only the edges it was given; the overview gives it few (see
 * canvas.tsx), so the graph drops them here too rather than keep edges to nodes that are gone.
 */
export function edgesWithoutNodes(edges: EditorEdge[], removedNodeIds: ReadonlySet<string>): EditorEdge[] {
  if (removedNodeIds.size === 0) return edges;
  const kept = edges.filter((edge) => !removedNodeIds.has(edge.source) && !removedNodeIds.has(edge.target));
  return kept.length === edges.length ? edges : kept;
}
