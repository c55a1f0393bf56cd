/**
 * A readable diff between two workflow graphs (spec §1 `graph`), for version history: which nodes were
 * added, removed or changed (field by field, as dotted paths inside `data`), which edges were added or
 * removed. Positions and the viewport are layout, not behaviour: a moved node is listed in `moved`,
 * never as a change. Pure; no React, no database.
 */

/** The part of a node the diff reads. */
export interface DiffNode {
  id: string;
  type: string;
  position?: { x: number; y: number };
  data?: Record<string, unknown>;
}

/** The part of an edge the diff reads; a missing handle is the unnamed handle (`null`). */
export interface DiffEdge {
  id?: string;
  source: string;
  sourceHandle?: string | null;
  target: string;
  targetHandle?: string | null;
}

export interface DiffGraph {
  nodes: DiffNode[];
  edges: DiffEdge[];
}

/** One field of a node's `data` that differs. `path` is dotted (`conditions.0.rules.1.variable`). */
export interface FieldChange {
  path: string;
  kind: "added" | "removed" | "changed";
  before?: unknown;
  after?: unknown;
}

export interface NodeSummary {
  id: string;
  type: string;
  title: string;
}

export interface NodeChange extends NodeSummary {
  /** Set when the node's type changed (same id, other type). */
  typeChange?: { before: string; after: string };
  fields: FieldChange[];
}

/** An edge as `source[:handle] → target`, the way the diff names it. */
export interface EdgeSummary {
  source: string;
  sourceHandle: string | null;
  target: string;
  label: string;
}

export interface GraphDiff {
  nodesAdded: NodeSummary[];
  nodesRemoved: NodeSummary[];
  nodesChanged: NodeChange[];
  /** Ids of nodes whose position changed and nothing else. */
  moved: string[];
  edgesAdded: EdgeSummary[];
  edgesRemoved: EdgeSummary[];
}

function summarize(node: DiffNode): NodeSummary {
  const title = typeof node.data?.title === "string" && node.data.title !== "" ? node.data.title : node.id;
  return { id: node.id, type: node.type, title };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isEmptyContainer(value: unknown): boolean {
  return (Array.isArray(value) && value.length === 0) || (isPlainObject(value) && Object.keys(value).length === 0);
}

/**
 * Field-level differences between two values, recursing into plain objects and arrays (array items by
 * index). `undefined` members count as absent. Leaves are compared by value (JSON equality).
 */
export function diffFields(before: unknown, after: unknown, prefix = ""): FieldChange[] {
  if (before === undefined && after === undefined) return [];
  const join = (key: string | number) => (prefix === "" ? String(key) : `${prefix}.${key}`);
  const bothObjects = isPlainObject(before) && isPlainObject(after);
  const bothArrays = Array.isArray(before) && Array.isArray(after);
  if (bothObjects || bothArrays) {
    const changes: FieldChange[] = [];
    const keys = bothArrays
      ? Array.from({ length: Math.max((before as unknown[]).length, (after as unknown[]).length) }, (_, i) => i)
      : [...new Set([...Object.keys(before as object), ...Object.keys(after as object)])].sort();
    for (const key of keys) {
      const left = (before as Record<string | number, unknown>)[key];
      const right = (after as Record<string | number, unknown>)[key];
      changes.push(...diffFields(left, right, join(key)));
    }
    return changes;
  }
  if (before === undefined) {
    if (isEmptyContainer(after)) return [];
    return [{ path: prefix, kind: "added", after }];
  }
  if (after === undefined) {
    if (isEmptyContainer(before)) return [];
    return [{ path: prefix, kind: "removed", before }];
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ path: prefix, kind: "changed", before, after }];
}

function edgeKey(edge: DiffEdge): string {
  return JSON.stringify([edge.source, edge.sourceHandle ?? null, edge.target, edge.targetHandle ?? null]);
}

function edgeSummary(edge: DiffEdge): EdgeSummary {
  const sourceHandle = edge.sourceHandle ?? null;
  return {
    source: edge.source,
    sourceHandle,
    target: edge.target,
    label: `${edge.source}${sourceHandle === null ? "" : `:${sourceHandle}`} → ${edge.target}`,
  };
}

/**
 * What changed from `before` to `after`. Nodes are matched by id, edges by (source, handle, target) —
 * an edge whose id changed but that connects the same handles is the same edge. Lists keep the order of
 * the graph they come from.
 */
export function diffGraphs(before: DiffGraph, after: DiffGraph): GraphDiff {
  const beforeNodes = new Map(before.nodes.map((node) => [node.id, node]));
  const afterNodes = new Map(after.nodes.map((node) => [node.id, node]));
  const diff: GraphDiff = { nodesAdded: [], nodesRemoved: [], nodesChanged: [], moved: [], edgesAdded: [], edgesRemoved: [] };

  for (const node of before.nodes) if (!afterNodes.has(node.id)) diff.nodesRemoved.push(summarize(node));
  for (const node of after.nodes) {
    const previous = beforeNodes.get(node.id);
    if (!previous) {
      diff.nodesAdded.push(summarize(node));
      continue;
    }
    const fields = diffFields(previous.data ?? {}, node.data ?? {});
    const typeChanged = previous.type !== node.type;
    if (fields.length > 0 || typeChanged) {
      diff.nodesChanged.push({
        ...summarize(node),
        fields,
        ...(typeChanged ? { typeChange: { before: previous.type, after: node.type } } : {}),
      });
    } else if (previous.position && node.position && (previous.position.x !== node.position.x || previous.position.y !== node.position.y)) {
      diff.moved.push(node.id);
    }
  }

  const beforeEdges = new Set(before.edges.map(edgeKey));
  const afterEdges = new Set(after.edges.map(edgeKey));
  for (const edge of before.edges) if (!afterEdges.has(edgeKey(edge))) diff.edgesRemoved.push(edgeSummary(edge));
  for (const edge of after.edges) if (!beforeEdges.has(edgeKey(edge))) diff.edgesAdded.push(edgeSummary(edge));
  return diff;
}

/** True when the diff has no change that affects behaviour (moves alone do not count). */
export function isEmptyDiff(diff: GraphDiff): boolean {
  return (
    diff.nodesAdded.length === 0 &&
    diff.nodesRemoved.length === 0 &&
    diff.nodesChanged.length === 0 &&
    diff.edgesAdded.length === 0 &&
    diff.edgesRemoved.length === 0
  );
}

/** A short, readable form of a field value: strings quoted and cut at `max` characters, others as JSON. */
export function formatDiffValue(value: unknown, max = 80): string {
  const text = typeof value === "string" ? JSON.stringify(value) : value === undefined ? "—" : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
