/**
 * A single-node test: one node of the draft run on its own with sample values for what its templates read.
 * The test is an ordinary draft run of a smaller graph — the node's upstream part with every upstream node
 * pinned (so none executes; those the node reads pinned to the samples) → the node → END — so the
 * runtime, its checks and its events are the same as for a whole run.
 */
import type { NodeType } from "@/lib/workflow/nodes/node-definition";
import { getNodeDefinition, isNodeType } from "@/lib/workflow/nodes/registry";
import { listReferences } from "@/lib/workflow/template";
import { sourceHandlesOf } from "../node-handles";
import { startVariablesOf, typedDefaults } from "./run-inputs";

/** A graph as stored (spec §1 `graph`), nodes possibly with `pinned_outputs`. */
export interface TestableGraph {
  nodes: Array<{ id: string; type: string; position: { x: number; y: number }; data: Record<string, unknown>; pinned_outputs?: unknown }>;
  edges: Array<{ id: string; source: string; sourceHandle: string | null; target: string; targetHandle: string | null }>;
}

/** Sample values by template root: `input` (START's variables) and upstream node ids (their outputs). */
export type NodeTestSample = Record<string, unknown>;

/** Node types whose outputs can be pinned (task nodes; START, END and approvals have none to pin). */
export function canPinOutputs(type: string): boolean {
  return isNodeType(type) && !["START", "END", "HUMAN_INTERVENTION"].includes(type);
}

function setPath(target: Record<string, unknown>, path: readonly string[]): void {
  let current = target;
  path.forEach((key, index) => {
    if (index === path.length - 1) {
      if (!(key in current)) current[key] = "";
      return;
    }
    const next = current[key];
    if (next === null || typeof next !== "object" || Array.isArray(next)) current[key] = {};
    current = current[key] as Record<string, unknown>;
  });
}

/**
 * A starting sample for a node: one entry per template root it reads (`env` and `params` aside), each an
 * object with the paths it reads set to "" (`{{llm.json.score}}` → `{ llm: { json: { score: "" } } }`).
 * When `start` (the START node) is given, a START variable it reads (through `input` or START's id) starts
 * at its default value instead, typed as the run dialog submits it (`typedDefaults`): `{{input.order_id}}`
 * with a number default 1001 → `{ input: { order_id: 1001 } }`.
 */
export function sampleSkeleton(
  type: string,
  data: Record<string, unknown>,
  start?: { id: string; data: Record<string, unknown> },
): NodeTestSample {
  if (!isNodeType(type)) return {};
  const sample: Record<string, Record<string, unknown>> = {};
  for (const field of getNodeDefinition(type).templateFields) {
    for (const reference of listReferences(data[field])) {
      if (reference.root === "env" || reference.root === "params") continue;
      sample[reference.root] ??= {};
      if (reference.path.length > 0) setPath(sample[reference.root], reference.path);
    }
  }
  if (start) {
    const defaults = typedDefaults(startVariablesOf(start.data));
    for (const root of ["input", start.id]) {
      const inputs = sample[root];
      if (!inputs) continue;
      for (const name of Object.keys(inputs)) if (Object.hasOwn(defaults, name)) inputs[name] = defaults[name];
    }
  }
  return sample;
}

/** Outputs that stand in for an upstream node the sample does not mention: a condition takes the branch towards the tested node. */
function standInOutputs(node: TestableGraph["nodes"][number], towards: TestableGraph["edges"]): unknown {
  if (node.type !== "CONDITION_BRANCH") return {};
  const edge = towards.find((candidate) => candidate.source === node.id && candidate.sourceHandle !== "error");
  return { matched: edge?.sourceHandle ?? "default" };
}

/** What `buildNodeTestGraph` answers: the graph and inputs to run, or why the test cannot run. */
export type NodeTestPlan =
  | { ok: true; graph: TestableGraph; inputs: Record<string, unknown>; nodeIds: string[] }
  | { ok: false; message: string };

/**
 * The graph of a single-node test of `nodeId` in `graph` with `sample` (see the module comment): the
 * node's upstream part of the graph as it is, every upstream node but START pinned — to its sample when
 * the sample names it, otherwise to empty outputs (a condition to the branch towards the node) — START's
 * variables all optional, then the node, then an END after each of its handles. Sample roots other than
 * `input`, START and upstream nodes are refused, and so are approvals upstream (they cannot be pinned).
 */
export function buildNodeTestGraph(graph: TestableGraph, nodeId: string, sample: NodeTestSample): NodeTestPlan {
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const target = byId.get(nodeId);
  if (!target) return { ok: false, message: `No node "${nodeId}" in the saved draft.` };
  if (!canPinOutputs(target.type)) return { ok: false, message: `A node of type ${target.type} cannot be tested on its own.` };
  const upstream = new Set<string>();
  const queue = [nodeId];
  while (queue.length > 0) {
    const current = queue.pop() as string;
    for (const edge of graph.edges) {
      if (edge.target === current && !upstream.has(edge.source) && edge.source !== nodeId && byId.has(edge.source)) {
        upstream.add(edge.source);
        queue.push(edge.source);
      }
    }
  }
  const start = graph.nodes.find((node) => node.type === "START");
  if (!start || !upstream.has(start.id)) return { ok: false, message: `"${nodeId}" cannot be reached from START; connect it first.` };
  const inputs: Record<string, unknown> = {};
  for (const [root, value] of Object.entries(sample)) {
    if (root === "input" || root === start.id) {
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        return { ok: false, message: `The sample for "${root}" must be an object of START variables.` };
      }
      Object.assign(inputs, value);
    } else if (!upstream.has(root)) {
      return { ok: false, message: `The sample names "${root}", which is neither "input" nor a node upstream of "${nodeId}".` };
    }
  }
  const blocked = graph.nodes.find((node) => upstream.has(node.id) && node.type === "HUMAN_INTERVENTION");
  if (blocked) return { ok: false, message: `"${blocked.id}" upstream is an approval, which a test cannot stand in for.` };

  const included = new Set([...upstream, nodeId]);
  const edges = graph.edges.filter((edge) => included.has(edge.source) && included.has(edge.target));
  const nodes: TestableGraph["nodes"] = [];
  for (const node of graph.nodes) {
    if (!upstream.has(node.id)) continue;
    if (node.id === start.id) {
      const variables = Array.isArray(node.data.variables) ? node.data.variables : [];
      const optional = variables.map((variable) =>
        variable && typeof variable === "object" ? { ...variable, required: false } : variable,
      );
      nodes.push({ ...node, data: { ...node.data, variables: optional } });
    } else {
      const towards = edges.filter((edge) => edge.source === node.id);
      nodes.push({ ...node, pinned_outputs: Object.hasOwn(sample, node.id) ? sample[node.id] : standInOutputs(node, towards) });
    }
  }
  const { pinned_outputs: _ignored, ...tested } = target;
  let endId = "test_end";
  for (let n = 2; byId.has(endId); n += 1) endId = `test_end_${n}`;
  const testEdges = [...edges];
  for (const handle of sourceHandlesOf(tested.type as NodeType, tested.data)) {
    testEdges.push({ id: `${endId}_${handle ?? "out"}`, source: nodeId, sourceHandle: handle, target: endId, targetHandle: null });
  }
  const end = { id: endId, type: "END", position: { x: 0, y: 0 }, data: { output_mapping: {} } };
  return {
    ok: true,
    graph: { nodes: [...nodes, tested, end], edges: testEdges },
    inputs,
    nodeIds: [...nodes.map((node) => node.id), nodeId],
  };
}
