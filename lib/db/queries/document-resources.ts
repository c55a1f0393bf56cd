/**
 * Import and export of a document's `resources` (spec §1): connectors, MCP servers and knowledge bases,
 * matched by id (= the rows' `key`).
 *
 * Import: what is missing is created; what exists with the same id and the same content is reused; an id
 * that exists with different content is refused (`conflict`, naming the resource and the fields) — an
 * import never overwrites what someone else configured. Secrets may be literal or `{{env.NAME}}`, resolved
 * from the environment at import and stored encrypted (AES-256-GCM). A blank secret (as in an export)
 * matches any stored secret and keeps it.
 * Export: the resources the graph's nodes refer to, secret values blank. Knowledge-base documents are
 * exported as the text rebuilt from their chunks (overlaps removed); importing that text again reuses
 * the knowledge base.
 */
import { createHash } from "node:crypto";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secrets";
import { AppError } from "@/lib/errors";
import type { ConnectorResource, KnowledgeBaseResource, McpServerResource, WorkflowResources } from "@/lib/workflow/schema";
import type { Db } from "../client";
import { authConfigOf, connectorActionData, connectorToResource, mcpServerToResource } from "./capability-definitions";
import { canonicalJson } from "./canonical-json";

/** What an import did with each resource, by document id. */
export interface ResourceImportReport {
  connectors: Record<string, "created" | "reused">;
  mcp_servers: Record<string, "created" | "reused">;
  knowledge_bases: Record<string, "created" | "reused">;
}

const ENV_REFERENCE = /\{\{\s*env\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * Replaces every `{{env.NAME}}` in `value` with the environment's value.
 * @returns the text, or `missing` naming the variables that are not set.
 */
export function resolveEnvReferences(value: string, env: Record<string, string | undefined>): { text: string; missing: string[] } {
  const missing: string[] = [];
  const text = value.replace(ENV_REFERENCE, (_match, name: string) => {
    const found = env[name];
    if (found === undefined) missing.push(name);
    return found ?? "";
  });
  return { text, missing };
}

function resolveSecret(label: string, value: string, env: Record<string, string | undefined>): string {
  const { text, missing } = resolveEnvReferences(value, env);
  if (missing.length > 0)
    throw new AppError(
      "invalid_document",
      `${label} refers to ${missing.map((n) => `{{env.${n}}}`).join(", ")}, which is not set in the environment`,
    );
  return text;
}

function resolveRecord(label: string, record: Record<string, string>, env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([name, value]) => [name, resolveSecret(`${label}.${name}`, value, env)]));
}

function differingFields(stored: Record<string, unknown>, given: Record<string, unknown>): string[] {
  return Object.keys({ ...stored, ...given }).filter((key) => canonicalJson(stored[key]) !== canonicalJson(given[key]));
}

function conflict(kind: string, id: string, fields: string[]): AppError {
  return new AppError(
    "conflict",
    `${kind} "${id}" already exists with different ${fields.join(", ")}; give the document's resource another id or edit the existing one`,
    {
      details: { kind, id, fields },
    },
  );
}

/** Checks an existing resource ("reused") or returns the creation to run once every resource is checked. */
type ImportPlan = "reused" | (() => Promise<void>);

async function planConnector(
  db: Db,
  resource: ConnectorResource,
  ownerId: string | null,
  env: Record<string, string | undefined>,
): Promise<ImportPlan> {
  const secretGiven = "secret" in resource.auth ? resource.auth.secret : "";
  const existing = await db.connector.findUnique({ where: { key: resource.id }, include: { actions: true } });
  if (existing) {
    const stored = connectorToResource(existing);
    const given = { ...resource, auth: { ...resource.auth, ...("secret" in resource.auth ? { secret: "" } : {}) } };
    const fields = differingFields(stored, given);
    if (secretGiven !== "") {
      const { text, missing } = resolveEnvReferences(secretGiven, env);
      const storedSecret = existing.secretEnc ? decryptSecret(existing.secretEnc) : "";
      if (missing.length === 0 && text !== storedSecret) fields.push("auth.secret");
    }
    if (fields.length > 0) throw conflict("Connector", resource.id, fields);
    return "reused";
  }
  const secret = secretGiven === "" ? "" : resolveSecret(`Connector "${resource.id}" auth.secret`, secretGiven, env);
  return async () => {
    await db.connector.create({
      data: {
        key: resource.id,
        name: resource.name,
        description: resource.description,
        baseUrl: resource.base_url,
        authKind: resource.auth.kind,
        authConfig: JSON.stringify(authConfigOf(resource.auth)),
        secretEnc: secret === "" ? null : encryptSecret(secret),
        ownerId,
        actions: { create: resource.actions.map(connectorActionData) },
      },
    });
  };
}

function isBlank(record: Record<string, string>): boolean {
  return Object.values(record).every((value) => value === "");
}

async function planMcpServer(
  db: Db,
  resource: McpServerResource,
  ownerId: string | null,
  env: Record<string, string | undefined>,
): Promise<ImportPlan> {
  const secrets = resource.transport === "stdio" ? resource.env : resource.headers;
  const label = `MCP server "${resource.id}" ${resource.transport === "stdio" ? "env" : "headers"}`;
  const existing = await db.mcpServer.findUnique({ where: { key: resource.id } });
  if (existing) {
    const stored = mcpServerToResource(existing, true);
    const storedSecrets = stored.transport === "stdio" ? stored.env : stored.headers;
    const fields = differingFields({ ...stored, env: undefined, headers: undefined }, { ...resource, env: undefined, headers: undefined });
    if (!isBlank(secrets) && canonicalJson(resolveRecord(label, secrets, env)) !== canonicalJson(storedSecrets)) {
      fields.push(resource.transport === "stdio" ? "env" : "headers");
    }
    if (fields.length > 0) throw conflict("MCP server", resource.id, fields);
    return "reused";
  }
  const resolved = resolveRecord(label, secrets, env);
  const encrypted = Object.keys(resolved).length > 0 ? encryptSecret(JSON.stringify(resolved)) : null;
  return async () => {
    await db.mcpServer.create({
      data: {
        key: resource.id,
        name: resource.name,
        transport: resource.transport,
        timeoutMs: resource.timeout_ms,
        ownerId,
        scope: "global",
        ...(resource.transport === "stdio"
          ? { command: resource.command, args: JSON.stringify(resource.args), envEnc: encrypted }
          : { url: resource.url, headersEnc: encrypted }),
      },
    });
  };
}

/**
 * A document's text rebuilt from its chunks in order: each chunk's overlap with the one before it (the
 * longest suffix of the previous chunk that starts this one) is dropped, parts joined with "\n\n".
 */
export function textFromChunks(chunks: readonly string[]): string {
  let text = "";
  chunks.forEach((chunk, i) => {
    if (i === 0) {
      text = chunk;
      return;
    }
    const previous = chunks[i - 1];
    let overlap = Math.min(previous.length, chunk.length);
    while (overlap > 0 && !previous.endsWith(chunk.slice(0, overlap))) overlap -= 1;
    const rest = chunk.slice(overlap).trimStart();
    if (rest) text += `\n\n${rest}`;
  });
  return text;
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

async function storedDocumentTexts(db: Db, kbId: string): Promise<Map<string, { hash: string | null; text: string }>> {
  const documents = await db.document.findMany({ where: { knowledgeBaseId: kbId }, include: { chunks: { orderBy: { position: "asc" } } } });
  return new Map(documents.map((doc) => [doc.name, { hash: doc.contentHash, text: textFromChunks(doc.chunks.map((c) => c.text)) }]));
}

async function planKnowledgeBase(db: Db, resource: KnowledgeBaseResource, ownerId: string | null): Promise<ImportPlan> {
  const existing = await db.knowledgeBase.findUnique({ where: { key: resource.id } });
  if (existing) {
    const fields = differingFields(
      { name: existing.name, description: existing.description },
      { name: resource.name, description: resource.description },
    );
    const stored = await storedDocumentTexts(db, existing.id);
    const sameDocuments =
      stored.size === resource.documents.length &&
      resource.documents.every((doc) => {
        const found = stored.get(doc.name);
        return found !== undefined && (found.hash === sha256(doc.content) || found.text === doc.content);
      });
    if (!sameDocuments) fields.push("documents");
    if (fields.length > 0) throw conflict("Knowledge base", resource.id, fields);
    return "reused";
  }
  // The tokenizer behind chunkText takes seconds to load; only knowledge-base imports need it.
  const { chunkText } = await import("@/lib/knowledge/chunk-text");
  return () =>
    db.$transaction(async (tx) => {
      const kb = await tx.knowledgeBase.create({
        data: { key: resource.id, name: resource.name, description: resource.description, ownerId },
      });
      for (const doc of resource.documents) {
        const chunks = chunkText(doc.content, { size: kb.chunkSize, overlap: kb.chunkOverlap });
        const mimeType = /\.(md|markdown)$/i.test(doc.name) ? "text/markdown" : "text/plain";
        const document = await tx.document.create({
          data: {
            knowledgeBaseId: kb.id,
            name: doc.name,
            mimeType,
            sizeBytes: Buffer.byteLength(doc.content),
            status: "ready",
            chunkCount: chunks.length,
            contentHash: sha256(doc.content),
          },
        });
        await tx.chunk.createMany({
          data: chunks.map((chunk) => ({
            documentId: document.id,
            knowledgeBaseId: kb.id,
            position: chunk.position,
            text: chunk.text,
            tokenCount: chunk.tokenCount,
          })),
        });
      }
    });
}

/**
 * Creates the missing resources of a document and checks the existing ones (module doc).
 * @throws AppError `conflict` (an id exists with other content), `invalid_document` (a `{{env.NAME}}` secret
 *   of a resource to create is not set); SecretsError when SWITCHYARD_ENCRYPTION_KEY is missing and a secret is stored.
 */
export async function importResources(
  db: Db,
  resources: WorkflowResources | undefined,
  options: { ownerId: string | null; env?: Record<string, string | undefined> },
): Promise<ResourceImportReport> {
  const env = options.env ?? process.env;
  const plans: Array<[keyof ResourceImportReport, string, ImportPlan]> = [];
  // Check everything first, so a conflict on one resource leaves nothing half imported.
  for (const connector of resources?.connectors ?? [])
    plans.push(["connectors", connector.id, await planConnector(db, connector, options.ownerId, env)]);
  for (const server of resources?.mcp_servers ?? [])
    plans.push(["mcp_servers", server.id, await planMcpServer(db, server, options.ownerId, env)]);
  for (const kb of resources?.knowledge_bases ?? [])
    plans.push(["knowledge_bases", kb.id, await planKnowledgeBase(db, kb, options.ownerId)]);
  const report: ResourceImportReport = { connectors: {}, mcp_servers: {}, knowledge_bases: {} };
  for (const [kind, id, plan] of plans) {
    if (plan !== "reused") await plan();
    report[kind][id] = plan === "reused" ? "reused" : "created";
  }
  return report;
}

/** Resource ids a graph's nodes refer to: CONNECTOR `connector_id`, MCP `server_id`, KNOWLEDGE_RETRIEVAL `kb_ids`. */
export function referencedResourceIds(graph: { nodes: ReadonlyArray<{ type: string; data?: unknown }> }) {
  const ids = { connectors: new Set<string>(), mcp_servers: new Set<string>(), knowledge_bases: new Set<string>() };
  for (const node of graph.nodes) {
    const data = (node.data ?? {}) as { connector_id?: unknown; server_id?: unknown; kb_ids?: unknown };
    if (node.type === "CONNECTOR" && typeof data.connector_id === "string") ids.connectors.add(data.connector_id);
    if (node.type === "MCP" && typeof data.server_id === "string") ids.mcp_servers.add(data.server_id);
    if (node.type === "KNOWLEDGE_RETRIEVAL" && Array.isArray(data.kb_ids)) {
      for (const id of data.kb_ids) if (typeof id === "string") ids.knowledge_bases.add(id);
    }
  }
  return ids;
}

/** The resources a graph refers to, as a document section (secrets blank); ids with no row are left out. */
export async function exportResources(
  db: Db,
  graph: { nodes: ReadonlyArray<{ type: string; data?: unknown }> },
): Promise<WorkflowResources> {
  const ids = referencedResourceIds(graph);
  const connectors = await db.connector.findMany({
    where: { key: { in: [...ids.connectors] } },
    include: { actions: true },
    orderBy: { key: "asc" },
  });
  const servers = await db.mcpServer.findMany({ where: { key: { in: [...ids.mcp_servers] } }, orderBy: { key: "asc" } });
  const kbs = await db.knowledgeBase.findMany({ where: { key: { in: [...ids.knowledge_bases] } }, orderBy: { key: "asc" } });
  const knowledgeBases: KnowledgeBaseResource[] = [];
  for (const kb of kbs) {
    const documents = await db.document.findMany({
      where: { knowledgeBaseId: kb.id },
      include: { chunks: { orderBy: { position: "asc" } } },
      orderBy: { createdAt: "asc" },
    });
    knowledgeBases.push({
      id: kb.key,
      name: kb.name,
      description: kb.description,
      documents: documents.map((doc) => ({ name: doc.name, content: textFromChunks(doc.chunks.map((c) => c.text)) })),
    });
  }
  return {
    connectors: connectors.map((row) => connectorToResource(row)),
    mcp_servers: servers.map((row) => mcpServerToResource(row)),
    knowledge_bases: knowledgeBases,
  };
}
