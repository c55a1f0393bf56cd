/**
 * Rebuilds a run session's state from the store (spec §5: a decision resumes the run "from the stored
 * state, in another process if need be, without re-running finished nodes").
 */
import { WorkflowError } from "../errors";
import type { NodeRunRecord, RunRecord, RunSnapshot, RunState } from "../run-store";
import { checkGraph } from "../validate";
import { type CompiledGraph, compileGraph } from "./compiled-graph";
import { GraphState } from "./graph-state";
import type { SessionInit } from "./session-state";

/** The state of a run that has not started a node yet. */
export function initialRunState(graph: CompiledGraph, callStack: string[]): RunState {
  return {
    schemaVersion: 1,
    edges: "u".repeat(graph.edges.length),
    steps: 0,
    nextPosition: 0,
    activeMs: 0,
    callStack,
    handledFailures: false,
  };
}

/** Session state of a run just created. */
export function freshSessionInit(run: RunRecord, graph: CompiledGraph): SessionInit {
  return { run, graph, graphState: new GraphState(graph), nodeRuns: [], waiting: new Map(), nodeOutputs: {}, runOutputs: {} };
}

/**
 * Session state of a stored run. Node runs left `running` (a crash between steps) run again; a waiting
 * node without its approval row opens a new approval.
 * @throws WorkflowError `invalid_config` when the stored graph no longer validates (issues attached).
 */
export function restoreSessionInit(snapshot: RunSnapshot): SessionInit {
  const { run } = snapshot;
  const checked = checkGraph(run.graph);
  if (!checked.ok) {
    throw new WorkflowError("invalid_config", `The run's graph no longer validates: ${checked.issues[0]?.message ?? ""}`, {
      issues: checked.issues,
    });
  }
  const graph = compileGraph(checked.value);
  const graphState = new GraphState(graph, run.state.edges);
  const nodeRuns: (NodeRunRecord | undefined)[] = [];
  const waiting = new Map<number, string>();
  const nodeOutputs: Record<string, unknown> = {};
  const ends: NodeRunRecord[] = [];
  for (const nodeRun of snapshot.nodeRuns) {
    const index = graph.indexById.get(nodeRun.nodeId);
    if (index === undefined) continue;
    nodeRuns[index] = nodeRun;
    if (nodeRun.status === "running" || nodeRun.status === "pending") continue;
    if (nodeRun.status === "waiting") {
      const approval = snapshot.approvals.find((candidate) => candidate.nodeId === nodeRun.nodeId);
      if (approval) {
        waiting.set(index, approval.id);
        graphState.status[index] = "waiting";
      }
      continue;
    }
    graphState.status[index] = nodeRun.status;
    if (nodeRun.status !== "skipped" && nodeRun.outputs !== null) nodeOutputs[nodeRun.nodeId] = nodeRun.outputs;
    if (nodeRun.status === "succeeded" && nodeRun.nodeType === "END") ends.push(nodeRun);
  }
  const runOutputs: Record<string, unknown> = {};
  ends.sort((a, b) => (a.endedAt?.getTime() ?? 0) - (b.endedAt?.getTime() ?? 0) || a.position - b.position);
  for (const end of ends) Object.assign(runOutputs, end.outputs as Record<string, unknown>);
  return { run, graph, graphState, nodeRuns, waiting, nodeOutputs, runOutputs };
}
