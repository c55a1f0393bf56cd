/**
 * A validated graph turned into index-based arrays for the scheduler: nodes with their definition and
 * parsed config, edges with source/target indexes and handle, adjacency. Built once per run session, O(n + e).
 */
import type { CommonNodeData } from "../nodes/common";
import type { NodeDefinition, NodeType, SourceHandle } from "../nodes/node-definition";
import { getNodeDefinition } from "../nodes/registry";
import type { WorkflowGraph } from "../schema";

/** A node of a compiled graph: definition, parsed config, edge indexes. */
export interface CompiledNode {
  index: number;
  id: string;
  type: NodeType;
  definition: NodeDefinition;
  /** The parsed `data`, defaults applied. */
  config: CommonNodeData & Record<string, unknown>;
  /** Indexes into `CompiledGraph.edges`. */
  outEdges: number[];
  inEdges: number[];
  /**
   * Outputs pinned in the editor (the node's `pinned_outputs`, beside `data`): a draft run takes them instead
   * of executing the node, so downstream nodes can be debugged without re-running this one. Undefined: none.
   */
  pinnedOutputs?: unknown;
}

/** An edge of a compiled graph: node indexes and source handle. */
export interface CompiledEdge {
  index: number;
  id: string;
  source: number;
  target: number;
  handle: SourceHandle;
}

/** A validated graph as index-based arrays (read-only, shared between runs of the same graph). */
export interface CompiledGraph {
  nodes: CompiledNode[];
  edges: CompiledEdge[];
  indexById: Map<string, number>;
  /** Index of the START node. */
  start: number;
}

const compiledCache = new WeakMap<WorkflowGraph, CompiledGraph>();

/**
 * Compiles a graph that passed `checkGraph` (edges point at existing nodes, one START). The result is
 * read-only and cached per (frozen) graph object, so runs of the same graph share it.
 */
export function compileGraph(graph: WorkflowGraph): CompiledGraph {
  const cached = compiledCache.get(graph);
  if (cached) return cached;
  const indexById = new Map<string, number>();
  const nodes: CompiledNode[] = graph.nodes.map((node, index) => {
    indexById.set(node.id, index);
    return {
      index,
      id: node.id,
      type: node.type,
      definition: getNodeDefinition(node.type),
      config: node.data as CommonNodeData & Record<string, unknown>,
      outEdges: [],
      inEdges: [],
      ...(node.pinned_outputs !== undefined ? { pinnedOutputs: node.pinned_outputs } : {}),
    };
  });
  const edges: CompiledEdge[] = graph.edges.map((edge, index) => {
    const source = indexById.get(edge.source) as number;
    const target = indexById.get(edge.target) as number;
    nodes[source].outEdges.push(index);
    nodes[target].inEdges.push(index);
    return { index, id: edge.id, source, target, handle: edge.sourceHandle };
  });
  const start = nodes.findIndex((node) => node.type === "START");
  const compiled = { nodes, edges, indexById, start };
  compiledCache.set(graph, compiled);
  return compiled;
}

/** True when an edge leaves `node` by `handle`. */
export function hasEdgeOnHandle(graph: CompiledGraph, node: number, handle: SourceHandle): boolean {
  return graph.nodes[node].outEdges.some((edge) => graph.edges[edge].handle === handle);
}

/** Indexes of every ancestor of `node` (reverse search). */
export function ancestorsOf(graph: CompiledGraph, node: number): number[] {
  const seen = new Uint8Array(graph.nodes.length);
  const stack = [node];
  const found: number[] = [];
  while (stack.length > 0) {
    const current = stack.pop() as number;
    for (const edge of graph.nodes[current].inEdges) {
      const source = graph.edges[edge].source;
      if (!seen[source]) {
        seen[source] = 1;
        found.push(source);
        stack.push(source);
      }
    }
  }
  return found.sort((a, b) => a - b);
}
