import type { NodeRunView } from "@/lib/db/queries/runs";
import type { RunGraphEdge, RunGraphNode } from "./run-graph";

interface SnapshotNode {
  id?: unknown;
  type?: unknown;
  position?: { x?: unknown; y?: unknown };
  data?: { title?: unknown };
}
interface SnapshotEdge {
  id?: unknown;
  source?: unknown;
  target?: unknown;
  sourceHandle?: unknown;
}

/**
 * The run's graph snapshot (spec §1 `graph`) as the read-only graph shows it: positions from the snapshot,
 * each node's final status from its node run ("not_reached" when it has none).
 */
export function graphFromSnapshot(graph: unknown, nodeRuns: NodeRunView[]): { nodes: RunGraphNode[]; edges: RunGraphEdge[] } {
  const g = (graph ?? {}) as { nodes?: SnapshotNode[]; edges?: SnapshotEdge[] };
  const status = new Map(nodeRuns.map((n) => [n.nodeId, n.status]));
  const edges: RunGraphEdge[] = (Array.isArray(g.edges) ? g.edges : [])
    .filter((e) => typeof e.source === "string" && typeof e.target === "string")
    .map((e, i) => ({
      id: typeof e.id === "string" ? e.id : `edge-${i}`,
      source: e.source as string,
      target: e.target as string,
      sourceHandle: typeof e.sourceHandle === "string" ? e.sourceHandle : null,
    }));
  const nodes: RunGraphNode[] = (Array.isArray(g.nodes) ? g.nodes : [])
    .filter((n) => typeof n.id === "string")
    .map((n, i) => {
      const id = n.id as string;
      const handles = [...new Set(edges.filter((e) => e.source === id).map((e) => e.sourceHandle))];
      return {
        id,
        type: typeof n.type === "string" ? n.type : "?",
        title: typeof n.data?.title === "string" && n.data.title ? n.data.title : id,
        position: {
          x: typeof n.position?.x === "number" ? n.position.x : i * 220,
          y: typeof n.position?.y === "number" ? n.position.y : 0,
        },
        status: status.get(id) ?? "not_reached",
        sourceHandles: handles,
      };
    });
  return { nodes, edges };
}
