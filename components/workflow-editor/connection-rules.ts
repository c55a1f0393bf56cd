/**
 * Which connections the canvas accepts, and why not (spec §4): no self-loops or cycles, nothing into
 * START, no second edge between the same handles, and only handles the source node has.
 */
import type { Connection, Edge } from "@xyflow/react";
import { sourceHandlesOf } from "./node-handles";
import type { EditorEdge, EditorNode } from "./types";
import { upstreamIds } from "./upstream";

/** A readable reason the connection is refused, or null when it is fine. */
export function connectionProblem(
  connection: Connection | Edge,
  nodes: ReadonlyMap<string, EditorNode>,
  edges: readonly EditorEdge[],
): string | null {
  const { source, target } = connection;
  const sourceHandle = connection.sourceHandle ?? null;
  if (source === target) return "A node cannot connect to itself.";
  const sourceNode = nodes.get(source);
  const targetNode = nodes.get(target);
  if (!sourceNode || !targetNode) return "Connect two nodes on the canvas.";
  if (targetNode.type === "START") return "Nothing can lead into Start: it is where the run begins.";
  if (sourceNode.type === "END") return "End has no outputs: it finishes the run.";
  if (!sourceHandlesOf(sourceNode.type, sourceNode.data).includes(sourceHandle)) return "That handle does not exist on this node any more.";
  if (edges.some((edge) => edge.source === source && (edge.sourceHandle ?? null) === sourceHandle && edge.target === target)) {
    return "These two are already connected.";
  }
  if (upstreamIds(source, edges).includes(target)) return "That would make a loop: workflows cannot have cycles.";
  return null;
}
