/**
 * The optional `resources` of a workflow document (spec §1): the connectors, MCP servers and knowledge
 * bases its nodes refer to by id, so that a document is self-contained.
 */
import { z } from "zod";

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
