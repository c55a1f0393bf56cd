/**
 * The workflow document (spec §1) and its graph, as zod schemas built from the node registry, and parse
 * functions that return results with readable issues (path + message) instead of throwing.
 */
import { z } from "zod";
import type { WorkflowIssue } from "./errors";
import { IDENTIFIER } from "./nodes/common";
import { NODE_TYPES, type NodeType } from "./nodes/node-definition";
import { getNodeDefinition, isNodeType, nodeRegistry } from "./nodes/registry";

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

// ─── resources (spec §1) ─────────────────────────────────────────────────────────────────────────

/** Connector auth kinds (spec §1); secrets may be `{{env.NAME}}`. */
export const connectorAuthSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("none") }),
  z.object({ kind: z.literal("bearer"), secret: z.string().default("") }),
  z.object({ kind: z.literal("api_key_header"), header_name: z.string().min(1), secret: z.string().default("") }),
  z.object({ kind: z.literal("api_key_query"), query_name: z.string().min(1), secret: z.string().default("") }),
  z.object({ kind: z.literal("basic"), username: z.string(), secret: z.string().default("") }),
]);

/** A connector action (spec §1): templates over `{{params.NAME}}`. */
export const connectorActionSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().default(""),
  method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]).default("GET"),
  path: z.string().default("/"),
  query: z.record(z.string(), z.unknown()).default({}),
  headers: z.record(z.string(), z.string()).default({}),
  /** An object template (single references keep their type), a string template, or null. */
  body: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown()), z.string(), z.null()]).default(null),
  parameters: z.record(z.string(), z.unknown()).default({ type: "object", properties: {} }),
  access: z.enum(["read", "write", "admin"]).default("read"),
  timeout_ms: z.number().int().positive().default(10_000),
  max_response_bytes: z.number().int().positive().default(1_048_576),
});

/** A connector in `resources.connectors`. */
export const connectorResourceSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().default(""),
  base_url: z.string().min(1),
  auth: connectorAuthSchema.default({ kind: "none" }),
  actions: z.array(connectorActionSchema).default([]),
});

/** An MCP server in `resources.mcp_servers` (stdio or streamable HTTP). */
export const mcpServerResourceSchema = z.discriminatedUnion("transport", [
  z.object({
    id: z.string().min(1),
    name: z.string().min(1),
    transport: z.literal("stdio"),
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).default({}),
    timeout_ms: z.number().int().positive().default(30_000),
  }),
  z.object({
    id: z.string().min(1),
    name: z.string().min(1),
    transport: z.literal("streamable_http"),
    url: z.string().min(1),
    headers: z.record(z.string(), z.string()).default({}),
    timeout_ms: z.number().int().positive().default(30_000),
  }),
]);

/** A knowledge base in `resources.knowledge_bases`. */
export const knowledgeBaseResourceSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().default(""),
  documents: z.array(z.object({ name: z.string().min(1), content: z.string() })).default([]),
});

/** The optional `resources` of a document (spec §1). */
export const workflowResourcesSchema = z.object({
  connectors: z.array(connectorResourceSchema).default([]),
  mcp_servers: z.array(mcpServerResourceSchema).default([]),
  knowledge_bases: z.array(knowledgeBaseResourceSchema).default([]),
});

/** Parsed `resources`. */
export type WorkflowResources = z.infer<typeof workflowResourcesSchema>;
/** A parsed connector resource. */
export type ConnectorResource = z.infer<typeof connectorResourceSchema>;
/** A parsed connector action. */
export type ConnectorActionResource = z.infer<typeof connectorActionSchema>;
/** A parsed MCP server resource. */
export type McpServerResource = z.infer<typeof mcpServerResourceSchema>;
/** A parsed knowledge base resource. */
export type KnowledgeBaseResource = z.infer<typeof knowledgeBaseResourceSchema>;

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
  const result = getNodeDefinition(type).configSchema.safeParse(data);
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
  const envelope = graphEnvelopeSchema.safeParse(value);
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
  const envelope = documentEnvelopeSchema.safeParse(value);
  if (!envelope.success) return { ok: false, issues: zodIssuesToWorkflowIssues(envelope.error) };
  const graph = parseGraph(envelope.data.graph);
  if (!graph.ok) return graph;
  return { ok: true, value: { ...envelope.data, graph: graph.value } };
}
