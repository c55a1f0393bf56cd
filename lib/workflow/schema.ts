/**
 * The workflow document (spec §1) and its graph, as zod schemas built from the node registry, and parse
 * functions that return results with readable issues (path + message) instead of throwing.
 */
import { readableZodError } from "./zod-messages";
import { z } from "zod";
import type { WorkflowIssue } from "./errors";
import { IDENTIFIER } from "./nodes/common";
import { NODE_TYPES, type NodeType } from "./nodes/node-definition";
import { getNodeDefinition, isNodeType, nodeRegistry } from "./nodes/registry";
import { workflowResourcesSchema } from "./resources-schema";

/** `format` of a workflow document (spec §1). */
export const WORKFLOW_FORMAT = "switchyard.workflow";
/** `version` of the document format. */
export const WORKFLOW_FORMAT_VERSION = 1;

/** A node position on the canvas. */
export const positionSchema = z.object({ x: z.number(), y: z.number() });
/** The canvas viewport. */
export const viewportSchema = z.object({ x: z.number(), y: z.number(), zoom: z.number().positive() });

/** An edge (React Flow shape). `sourceHandle`/`targetHandle` absent = `null` (the unnamed handle). */
export const workflowEdgeSchema = z.looseObject({
  id: z.string().min(1),
  source: z.string().min(1),
  sourceHandle: z.string().nullable().default(null),
  target: z.string().min(1),
  targetHandle: z.string().nullable().default(null),
});

/** A parsed edge. */
export type WorkflowEdge = z.infer<typeof workflowEdgeSchema>;

function nodeSchemaFor<T extends NodeType, D extends z.ZodType>(type: T, data: D) {
  return z.looseObject({
    id: z.string().regex(IDENTIFIER),
    type: z.literal(type),
    position: positionSchema.default({ x: 0, y: 0 }),
    data,
  });
}

/** A node with its parsed `data`, discriminated on `type`. */
export const workflowNodeSchema = z.discriminatedUnion("type", [
  nodeSchemaFor("START", nodeRegistry.START.configSchema),
  nodeSchemaFor("END", nodeRegistry.END.configSchema),
  nodeSchemaFor("LLM", nodeRegistry.LLM.configSchema),
  nodeSchemaFor("CONDITION_BRANCH", nodeRegistry.CONDITION_BRANCH.configSchema),
  nodeSchemaFor("AGENT", nodeRegistry.AGENT.configSchema),
  nodeSchemaFor("KNOWLEDGE_RETRIEVAL", nodeRegistry.KNOWLEDGE_RETRIEVAL.configSchema),
  nodeSchemaFor("CONNECTOR", nodeRegistry.CONNECTOR.configSchema),
  nodeSchemaFor("MCP", nodeRegistry.MCP.configSchema),
  nodeSchemaFor("HUMAN_INTERVENTION", nodeRegistry.HUMAN_INTERVENTION.configSchema),
]);

/** A parsed node (discriminated on `type`). */
export type WorkflowNode = z.infer<typeof workflowNodeSchema>;

/** A graph with typed nodes. */
export const workflowGraphSchema = z.object({
  nodes: z.array(workflowNodeSchema),
  edges: z.array(workflowEdgeSchema),
  viewport: viewportSchema.optional(),
});

/** A parsed graph. */
export type WorkflowGraph = z.infer<typeof workflowGraphSchema>;

/** A node before its `data` is checked: what structural validation works on. */
export const nodeEnvelopeSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string().min(1),
  position: positionSchema.default({ x: 0, y: 0 }),
  data: z.record(z.string(), z.unknown()).default({}),
});

/** A node whose `data` is not checked yet. */
export type NodeEnvelope = z.infer<typeof nodeEnvelopeSchema>;

/** A graph whose node `data` is not checked yet. */
export const graphEnvelopeSchema = z.object({
  nodes: z.array(nodeEnvelopeSchema),
  edges: z.array(workflowEdgeSchema),
  viewport: viewportSchema.optional(),
});

/** A graph whose node `data` is not checked yet. */
export type GraphEnvelope = z.infer<typeof graphEnvelopeSchema>;

export * from "./resources-schema";

// ─── the document ────────────────────────────────────────────────────────────────────────────────

const documentFields = {
  format: z.literal(WORKFLOW_FORMAT),
  version: z.literal(WORKFLOW_FORMAT_VERSION),
  name: z.string().min(1).max(200),
  description: z.string().default(""),
  resources: workflowResourcesSchema.optional(),
};

/** The whole document with typed nodes (spec §1). */
export const workflowDocumentSchema = z.object({ ...documentFields, graph: workflowGraphSchema });
/** A parsed workflow document. */
export type WorkflowDocument = z.infer<typeof workflowDocumentSchema>;

/** The document with node `data` not yet checked. */
export const documentEnvelopeSchema = z.object({ ...documentFields, graph: graphEnvelopeSchema });
/** A document whose node `data` is not checked yet. */
export type DocumentEnvelope = z.infer<typeof documentEnvelopeSchema>;

/** Result of a parse: the value, or every issue found. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: WorkflowIssue[] };

/** Parse options: plain-language messages for schema problems (zod-messages.ts). */
const READABLE = { error: readableZodError };

/** Dotted path (`conditions.0.rules.1.variable`) of a zod issue path. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.map((key) => String(key)).join(".");
}

/** Zod issues as `invalid_document` issues, with their path prefixed. */
export function zodIssuesToWorkflowIssues(error: z.ZodError, prefix: (string | number)[] = []): WorkflowIssue[] {
  return error.issues.map((issue) => {
    const field = formatIssuePath([...prefix, ...issue.path]);
    return { code: "invalid_document", nodeIds: [], field, message: field ? `${field}: ${issue.message}` : issue.message };
  });
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === "string" && value.length > 0;
}

function isHandle(value: unknown): boolean {
  return value === undefined || value === null || typeof value === "string";
}

/**
 * The graph's envelope (nodes and edges without checking `data`). Well-formed graphs take a hand-written
 * fast path (zod costs several µs per edge on big graphs); anything else goes through the zod schema
 * for its readable `invalid_document` issues.
 */
export function parseGraphEnvelope(graph: unknown): ParseResult<GraphEnvelope> {
  if (isPlainRecord(graph) && Array.isArray(graph.nodes) && Array.isArray(graph.edges)) {
    const nodesOk = graph.nodes.every(
      (node: unknown) =>
        isPlainRecord(node) &&
        isNonEmptyString(node.id) &&
        isNonEmptyString(node.type) &&
        (node.data === undefined || isPlainRecord(node.data)) &&
        (node.position === undefined ||
          (isPlainRecord(node.position) && typeof node.position.x === "number" && typeof node.position.y === "number")),
    );
    const edgesOk = graph.edges.every(
      (edge: unknown) =>
        isPlainRecord(edge) &&
        isNonEmptyString(edge.id) &&
        isNonEmptyString(edge.source) &&
        isNonEmptyString(edge.target) &&
        isHandle(edge.sourceHandle) &&
        isHandle(edge.targetHandle),
    );
    const viewport = graph.viewport;
    const viewportOk =
      viewport === undefined ||
      (isPlainRecord(viewport) &&
        typeof viewport.x === "number" &&
        typeof viewport.y === "number" &&
        typeof viewport.zoom === "number" &&
        viewport.zoom > 0);
    if (nodesOk && edgesOk && viewportOk) {
      const nodes = (graph.nodes as Record<string, unknown>[]).map((node) => ({
        ...node,
        position: node.position ?? { x: 0, y: 0 },
        data: node.data ?? {},
      }));
      const edges = (graph.edges as Record<string, unknown>[]).map((edge) => ({
        ...edge,
        sourceHandle: edge.sourceHandle ?? null,
        targetHandle: edge.targetHandle ?? null,
      }));
      return { ok: true, value: { nodes, edges, ...(viewport === undefined ? {} : { viewport }) } as GraphEnvelope };
    }
  }
  const parsed = graphEnvelopeSchema.safeParse(graph, READABLE);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issues: zodIssuesToWorkflowIssues(parsed.error, ["graph"]) };
}

/**
 * Checks one node's `data` against its type's schema (spec §4 `invalid_config`, `unknown_node_type`).
 * Returns the parsed config (defaults applied) or the issues, each naming the node and the field.
 */
export function parseNodeConfig(nodeId: string, type: string, data: unknown): ParseResult<unknown> {
  if (!isNodeType(type)) {
    return {
      ok: false,
      issues: [
        {
          code: "unknown_node_type",
          nodeIds: [nodeId],
          field: "type",
          message: `Node "${nodeId}" has unknown type "${type}" (known: ${NODE_TYPES.join(", ")})`,
        },
      ],
    };
  }
  const result = getNodeDefinition(type).configSchema.safeParse(data, READABLE);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => {
      const field = formatIssuePath(issue.path);
      return {
        code: "invalid_config",
        nodeIds: [nodeId],
        field,
        message: `Node "${nodeId}" (${type}): ${field ? `${field}: ` : ""}${issue.message}`,
      };
    }),
  };
}

/**
 * Parses a graph: the envelope (`invalid_document` issues with the path under `graph`), then every node's
 * `data` (`unknown_node_type`, `invalid_config`). Does not check structure; see `validateGraph`.
 */
export function parseGraph(value: unknown): ParseResult<WorkflowGraph> {
  const envelope = graphEnvelopeSchema.safeParse(value, READABLE);
  if (!envelope.success) return { ok: false, issues: zodIssuesToWorkflowIssues(envelope.error, ["graph"]) };
  const issues: WorkflowIssue[] = [];
  const nodes = envelope.data.nodes.map((node) => {
    const parsed = parseNodeConfig(node.id, node.type, node.data);
    if (!parsed.ok) issues.push(...parsed.issues);
    return { ...node, data: parsed.ok ? parsed.value : node.data };
  });
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: { ...envelope.data, nodes } as WorkflowGraph };
}

/**
 * Parses a workflow document (spec §1): format, version, name, resources and graph, node configs
 * included. Structure (cycles, handles, references) is checked by `validateDocument`.
 */
export function parseDocument(value: unknown): ParseResult<WorkflowDocument> {
  const envelope = documentEnvelopeSchema.safeParse(value, READABLE);
  if (!envelope.success) return { ok: false, issues: zodIssuesToWorkflowIssues(envelope.error) };
  const graph = parseGraph(envelope.data.graph);
  if (!graph.ok) return graph;
  return { ok: true, value: { ...envelope.data, graph: graph.value } };
}
