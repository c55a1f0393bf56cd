/**
 * Database rows of capability sources (Connector + ConnectorAction, McpServer) as the services need them
 * (lib/connectors `ConnectorDefinition`, lib/mcp `McpServerDefinition`, secrets decrypted) and as documents
 * describe them (spec §1 `resources`, secrets blank). A document's ids are the rows' `key`s.
 * Server-side only: the definitions hold plain-text secrets.
 */
import { decryptSecret } from "@/lib/crypto/secrets";
import type { ConnectorAuth, ConnectorDefinition, HttpMethod } from "@/lib/connectors/types";
import type { McpServerDefinition } from "@/lib/mcp/types";
import type { ConnectorResource, McpServerResource } from "@/lib/workflow/schema";
import type { Db } from "../client";
import type { Connector, ConnectorAction, McpServer } from "../generated/sqlite/client";

/** A Connector row with its ConnectorAction rows (Prisma `include: { actions: true }`). */
export type ConnectorWithActions = Connector & { actions: ConnectorAction[] };

/** Non-secret auth fields stored in Connector.authConfig (JSON). */
interface AuthConfig {
  header_name?: string;
  query_name?: string;
  username?: string;
}

/** The auth of a connector row with `secret` as given (plain text, or "" for exports). */
export function connectorAuth(row: Connector, secret: string): ConnectorAuth {
  const config = JSON.parse(row.authConfig) as AuthConfig;
  switch (row.authKind) {
    case "bearer":
      return { kind: "bearer", secret };
    case "api_key_header":
      return { kind: "api_key_header", header_name: config.header_name ?? "", secret };
    case "api_key_query":
      return { kind: "api_key_query", query_name: config.query_name ?? "", secret };
    case "basic":
      return { kind: "basic", username: config.username ?? "", secret };
    default:
      return { kind: "none" };
  }
}

/** The non-secret part of an auth (Connector.authConfig). */
export function authConfigOf(auth: ConnectorResource["auth"]): AuthConfig {
  if (auth.kind === "api_key_header") return { header_name: auth.header_name };
  if (auth.kind === "api_key_query") return { query_name: auth.query_name };
  if (auth.kind === "basic") return { username: auth.username };
  return {};
}

/** A connector row as a document resource (spec §1), the secret blank unless `secret` is given. */
export function connectorToResource(row: ConnectorWithActions, secret = ""): ConnectorResource {
  return {
    id: row.key,
    name: row.name,
    description: row.description,
    base_url: row.baseUrl,
    auth: connectorAuth(row, secret),
    actions: [...row.actions]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.key.localeCompare(b.key))
      .map((action) => ({
        id: action.key,
        name: action.name,
        description: action.description,
        method: action.method as ConnectorResource["actions"][number]["method"],
        path: action.path,
        query: JSON.parse(action.query) as Record<string, unknown>,
        headers: JSON.parse(action.headers) as Record<string, string>,
        body: action.body === null ? null : (JSON.parse(action.body) as ConnectorResource["actions"][number]["body"]),
        parameters: JSON.parse(action.parameters) as Record<string, unknown>,
        access: action.access as "read" | "write" | "admin",
        timeout_ms: action.timeoutMs,
        max_response_bytes: action.maxResponseBytes,
      })),
  };
}

/** ConnectorAction create data of a document action. */
export function connectorActionData(action: ConnectorResource["actions"][number]) {
  return {
    key: action.id,
    name: action.name,
    description: action.description,
    method: action.method,
    path: action.path,
    query: JSON.stringify(action.query),
    headers: JSON.stringify(action.headers),
    body: action.body === null ? null : JSON.stringify(action.body),
    parameters: JSON.stringify(action.parameters),
    access: action.access,
    timeoutMs: action.timeout_ms,
    maxResponseBytes: action.max_response_bytes,
  };
}

/**
 * The connector with key `key`, secret decrypted, for lib/connectors' `resolveConnector`; null when unknown.
 * @throws SecretsError when the stored secret cannot be decrypted (wrong SWITCHYARD_ENCRYPTION_KEY).
 */
export async function getConnectorDefinition(db: Db, key: string): Promise<ConnectorDefinition | null> {
  const row = await db.connector.findUnique({ where: { key }, include: { actions: true } });
  return row ? connectorDefinitionFromRow(row) : null;
}

/**
 * An HTTP connector row with its actions as the service's definition, secret decrypted.
 * @throws SecretsError when the stored secret cannot be decrypted (wrong SWITCHYARD_ENCRYPTION_KEY).
 */
export function connectorDefinitionFromRow(row: ConnectorWithActions): ConnectorDefinition {
  const resource = connectorToResource(row, row.secretEnc ? decryptSecret(row.secretEnc) : "");
  return {
    ...resource,
    actions: resource.actions.map((action) => ({
      ...action,
      method: action.method as HttpMethod,
      query: Object.fromEntries(
        Object.entries(action.query).map(([name, value]) => [name, typeof value === "string" ? value : JSON.stringify(value)]),
      ),
    })),
  };
}

function decryptJsonRecord(cipherText: string | null): Record<string, string> {
  return cipherText ? (JSON.parse(decryptSecret(cipherText)) as Record<string, string>) : {};
}

function blankValues(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.keys(record).map((name) => [name, ""]));
}

/**
 * An MCP server row as a document resource; env and header values are blank unless `withSecrets`
 * (they are stored encrypted and may hold tokens).
 */
export function mcpServerToResource(row: McpServer, withSecrets = false): McpServerResource {
  if (row.transport === "stdio") {
    const env = decryptJsonRecord(row.envEnc);
    return {
      id: row.key,
      name: row.name,
      transport: "stdio",
      command: row.command ?? "",
      args: JSON.parse(row.args) as string[],
      env: withSecrets ? env : blankValues(env),
      timeout_ms: row.timeoutMs,
    };
  }
  const headers = decryptJsonRecord(row.headersEnc);
  return {
    id: row.key,
    name: row.name,
    transport: "streamable_http",
    url: row.url ?? "",
    headers: withSecrets ? headers : blankValues(headers),
    timeout_ms: row.timeoutMs,
  };
}

/** The enabled MCP server with key `key`, secrets decrypted, for lib/mcp's `resolveServer`; null when unknown or disabled. */
export async function getMcpServerDefinition(db: Db, key: string): Promise<McpServerDefinition | null> {
  const row = await db.mcpServer.findUnique({ where: { key } });
  if (!row?.enabled) return null;
  return mcpServerToResource(row, true);
}
