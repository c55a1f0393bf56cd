/**
 * Validation before saving as valid and before any run (spec §4). Every problem is reported, not just
 * the first, each with a stable code, the node ids concerned and the field.
 */
import type { WorkflowIssue } from "./errors";
import { deepFreeze, isDeepFrozen } from "./json";
import { ancestorTest, buildAdjacency, findCycles, reachableFrom } from "./graph-structure";
import { IDENTIFIER } from "./nodes/common";
import { ERROR_HANDLE, type NodeType, type SourceHandle } from "./nodes/node-definition";
import { getNodeDefinition } from "./nodes/registry";
import type { StartConfig } from "./nodes/start";
import {
  documentEnvelopeSchema,
  type GraphEnvelope,
  type ParseResult,
  parseGraphEnvelope,
  parseNodeConfig,
  type WorkflowDocument,
  type WorkflowGraph,
  zodIssuesToWorkflowIssues,
} from "./schema";
import { listReferences } from "./template";

/** One validation problem (spec §4). */
export type GraphIssue = WorkflowIssue;

/** Template roots that are not node ids (spec §3). `params` belongs to connector actions only. */
const RESERVED_ROOTS = new Set(["input", "env", "params"]);

function handleLabel(handle: SourceHandle): string {
  return handle === null ? "the unnamed handle" : `handle "${handle}"`;
}

/**
 * Checks a graph whose envelope already parsed: node ids, configs, START/END counts, edges and handles,
 * cycles, reachability and template references. Returns every issue plus the parsed configs.
 */
function checkEnvelope(graph: GraphEnvelope): { issues: GraphIssue[]; configs: Map<string, unknown> } {
  const issues: GraphIssue[] = [];
  const configs = new Map<string, unknown>();
  const indexById = new Map<string, number>();
  const nodes = graph.nodes;

  nodes.forEach((node, index) => {
    if (indexById.has(node.id)) {
      issues.push({ code: "invalid_config", nodeIds: [node.id], field: "id", message: `Node id "${node.id}" is used more than once` });
      return;
    }
    indexById.set(node.id, index);
    if (!IDENTIFIER.test(node.id)) {
      issues.push({
        code: "invalid_config",
        nodeIds: [node.id],
        field: "id",
        message: `Node id "${node.id}" must match ^[A-Za-z][A-Za-z0-9_]*$`,
      });
    } else if (RESERVED_ROOTS.has(node.id)) {
      issues.push({ code: "invalid_config", nodeIds: [node.id], field: "id", message: `Node id "${node.id}" is reserved for templates` });
    }
    const parsed = parseNodeConfig(node.id, node.type, node.data);
    if (parsed.ok) configs.set(node.id, parsed.value);
    else issues.push(...parsed.issues);
  });

  const starts = nodes.filter((node) => node.type === "START");
  if (starts.length === 0) issues.push({ code: "missing_start", nodeIds: [], message: "The workflow has no START node" });
  if (starts.length > 1) {
    issues.push({
      code: "multiple_start",
      nodeIds: starts.map((n) => n.id),
      message: `The workflow has ${starts.length} START nodes; exactly one is allowed`,
    });
  }
  if (!nodes.some((node) => node.type === "END"))
    issues.push({ code: "missing_end", nodeIds: [], message: "The workflow has no END node" });

  const pairs: Array<[number, number]> = [];
  for (const edge of graph.edges) {
    const source = indexById.get(edge.source);
    const target = indexById.get(edge.target);
    if (source === undefined || target === undefined) {
      const missing = [
        source === undefined ? `source "${edge.source}"` : null,
        target === undefined ? `target "${edge.target}"` : null,
      ].filter(Boolean);
      issues.push({
        code: "dangling_edge",
        nodeIds: [source === undefined ? null : edge.source, target === undefined ? null : edge.target].filter(
          (id): id is string => id !== null,
        ),
        edgeId: edge.id,
        field: source === undefined ? "source" : "target",
        message: `Edge "${edge.id}" points to a missing node (${missing.join(", ")})`,
      });
      continue;
    }
    pairs.push([source, target]);
    const sourceNode = nodes[source];
    if (configs.has(sourceNode.id)) {
      const config = configs.get(sourceNode.id) as { error_strategy?: string };
      const handles = getNodeDefinition(sourceNode.type as NodeType).sourceHandles(config);
      if (config.error_strategy === "fail_branch") handles.push(ERROR_HANDLE);
      if (!handles.includes(edge.sourceHandle)) {
        const allowed = handles.length === 0 ? "none" : handles.map(handleLabel).join(", ");
        issues.push({
          code: "invalid_handle",
          nodeIds: [sourceNode.id],
          edgeId: edge.id,
          field: "sourceHandle",
          message: `Edge "${edge.id}" leaves ${sourceNode.id} (${sourceNode.type}) by ${handleLabel(edge.sourceHandle)}, which it does not have (handles: ${allowed})`,
        });
      }
    }
    if (nodes[target].type === "START") {
      issues.push({
        code: "invalid_handle",
        nodeIds: [edge.target],
        edgeId: edge.id,
        field: "target",
        message: `Edge "${edge.id}" enters START, which has no incoming handle`,
      });
    }
  }

  const adjacency = buildAdjacency(nodes.length, pairs);
  for (const component of findCycles(adjacency)) {
    const ids = component.map((i) => nodes[i].id);
    issues.push({
      code: "cycle",
      nodeIds: ids,
      message: ids.length === 1 ? `Node "${ids[0]}" has an edge to itself` : `Nodes ${ids.join(", ")} form a cycle`,
    });
  }

  if (starts.length > 0) {
    const reached = reachableFrom(
      adjacency,
      starts.map((s) => indexById.get(s.id) as number),
    );
    const unreachable = nodes.filter((node, i) => !reached[i] && indexById.get(node.id) === i);
    for (const node of unreachable) {
      issues.push({ code: "unreachable_node", nodeIds: [node.id], message: `Node "${node.id}" cannot be reached from START` });
    }
  }

  issues.push(...checkReferences(graph, configs, indexById, adjacency));
  return { issues, configs };
}

function checkReferences(
  graph: GraphEnvelope,
  configs: Map<string, unknown>,
  indexById: Map<string, number>,
  adjacency: ReturnType<typeof buildAdjacency>,
): GraphIssue[] {
  const issues: GraphIssue[] = [];
  const start = graph.nodes.filter((node) => node.type === "START");
  const startConfig = start.length === 1 ? (configs.get(start[0].id) as StartConfig | undefined) : undefined;
  const variables = new Set(startConfig?.variables.map((v) => v.name) ?? []);
  let isAncestor: ((ancestor: number, node: number) => boolean) | null = null;

  graph.nodes.forEach((node, index) => {
    const config = configs.get(node.id) as Record<string, unknown> | undefined;
    if (!config || indexById.get(node.id) !== index) return;
    for (const fieldName of getNodeDefinition(node.type as NodeType).templateFields) {
      for (const reference of listReferences(config[fieldName])) {
        const field = [fieldName, ...(reference.location ?? [])].join(".");
        const fail = (message: string) =>
          issues.push({
            code: "unknown_reference",
            nodeIds: [node.id],
            field,
            message: `Node "${node.id}", ${field}: ${reference.raw} ${message}`,
          });
        if (reference.root === "env") continue;
        if (reference.root === "input") {
          if (startConfig && reference.path.length > 0 && !variables.has(reference.path[0])) {
            fail(`names no START variable (declared: ${[...variables].join(", ") || "none"})`);
          }
          continue;
        }
        if (reference.root === "params") {
          fail("is only available inside connector actions");
          continue;
        }
        const target = indexById.get(reference.root);
        if (target === undefined) {
          fail(`refers to node "${reference.root}", which does not exist`);
          continue;
        }
        isAncestor ??= ancestorTest(adjacency);
        if (!isAncestor(target, index)) fail(`refers to node "${reference.root}", which is not upstream`);
      }
    }
  });
  return issues;
}

/**
 * Validates a graph (spec §4): node ids, node types and configs (`unknown_node_type`, `invalid_config`
 * with the field path inside `data`), `missing_start`, `multiple_start`, `missing_end`, `dangling_edge`,
 * `invalid_handle`, `cycle`, `unreachable_node`, `unknown_reference`. A value that is not a graph at all
 * gives `invalid_document` issues. Returns every issue; empty means valid.
 */
export function validateGraph(graph: unknown): GraphIssue[] {
  const result = checkGraph(graph);
  return result.ok ? [] : result.issues;
}

const CHECK_CACHE_LIMIT = 32;
const checkCache = new Map<string, { result: ParseResult<WorkflowGraph>; snapshot: unknown }>();

function uncachedCheckGraph(graph: unknown): ParseResult<WorkflowGraph> {
  const envelope = parseGraphEnvelope(graph);
  if (!envelope.ok) return envelope;
  const { issues, configs } = checkEnvelope(envelope.value);
  if (issues.length > 0) return { ok: false, issues };
  const nodes = envelope.value.nodes.map((node) => ({ ...node, data: configs.get(node.id) }));
  return { ok: true, value: { ...envelope.value, nodes } as WorkflowGraph };
}

/**
 * `checkGraph` plus the graph as given, as a frozen JSON copy (the snapshot a run stores, spec §6).
 * Cached by the graph's JSON text, so the same workflow run again is neither validated nor copied again.
 */
export function checkGraphForRun(graph: unknown): { result: ParseResult<WorkflowGraph>; snapshot: unknown } {
  // A deep-frozen graph cannot have changed since it was checked: skip serialising it (runs resumed from
  // a store, callers that freeze their graphs).
  const frozenHit = graph !== null && typeof graph === "object" ? frozenCache.get(graph) : undefined;
  if (frozenHit && isDeepFrozen(graph)) return frozenHit;
  const entry = checkGraphByText(graph);
  if (graph !== null && typeof graph === "object" && isDeepFrozen(graph)) frozenCache.set(graph, { result: entry.result, snapshot: graph });
  return entry;
}

const frozenCache = new WeakMap<object, { result: ParseResult<WorkflowGraph>; snapshot: unknown }>();
const snapshotTexts = new WeakMap<object, string>();

/**
 * The JSON text of a snapshot `checkGraphForRun` returned (deep-frozen, so the text cannot be stale), or
 * undefined for any other value: the run store stores it without serialising the graph again.
 */
export function snapshotText(snapshot: unknown): string | undefined {
  return snapshot !== null && typeof snapshot === "object" ? snapshotTexts.get(snapshot) : undefined;
}

function checkGraphByText(graph: unknown): { result: ParseResult<WorkflowGraph>; snapshot: unknown } {
  let key: string | undefined;
  try {
    key = JSON.stringify(graph);
  } catch (error) {
    const message = `The graph is not JSON: ${error instanceof Error ? error.message : String(error)}`;
    return { result: { ok: false, issues: [{ code: "invalid_document", nodeIds: [], field: "graph", message }] }, snapshot: null };
  }
  if (key === undefined) {
    return {
      result: { ok: false, issues: [{ code: "invalid_document", nodeIds: [], field: "graph", message: "The graph is missing" }] },
      snapshot: null,
    };
  }
  const cached = checkCache.get(key);
  if (cached) return cached;
  const snapshot = deepFreeze(JSON.parse(key) as unknown);
  if (snapshot !== null && typeof snapshot === "object") snapshotTexts.set(snapshot, key);
  const entry = { result: deepFreeze(uncachedCheckGraph(graph)), snapshot };
  if (checkCache.size >= CHECK_CACHE_LIMIT) checkCache.delete(checkCache.keys().next().value as string);
  checkCache.set(key, entry);
  return entry;
}

/**
 * Validates a graph and returns it parsed (node `data` with defaults applied), or every issue: what the
 * engine runs (spec §4 "before any run"). Results are cached by the graph's JSON text and deep-frozen:
 * do not mutate them.
 */
export function checkGraph(graph: unknown): ParseResult<WorkflowGraph> {
  return checkGraphForRun(graph).result;
}

/**
 * Validates a whole document (spec §1, §4): the envelope (`invalid_document`, with the path), then the
 * graph as `validateGraph` does. Returns the parsed document, or every issue.
 */
export function validateDocument(value: unknown): ParseResult<WorkflowDocument> {
  const envelope = documentEnvelopeSchema.safeParse(value);
  if (!envelope.success) return { ok: false, issues: zodIssuesToWorkflowIssues(envelope.error) };
  const graph = checkGraph(envelope.data.graph);
  if (!graph.ok) return graph;
  return { ok: true, value: { ...envelope.data, graph: graph.value } };
}
