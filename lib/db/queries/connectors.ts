/**
 * Connectors (model Connector; their actions: connector-actions.ts, re-exported here; who may see and
 * change them: connector-access.ts). Secrets (token, API key, password, database URL) are stored
 * AES-256-GCM encrypted in `secretEnc` and never leave this module in a view: views carry `hasSecret` and
 * `secretMasked` only, and the masked tail only for the connector's owner and admins (everyone else who
 * may see a shared connector gets {@link SECRET_SET_HINT}). The decrypted definitions the runtime needs
 * come from capability-definitions.ts.
 */
import { decryptSecret, encryptSecret, maskSecret } from "@/lib/crypto/secrets";
import type { DatabaseConnectorDefinition } from "@/lib/connectors/database-connector";
import { AppError } from "@/lib/errors";
import { literalHostRefusal } from "@/lib/net/ssrf";
import { type Db, parseJson } from "../client";
import { type ConnectorRow, canEditConnector, editableRow, type Viewer, visibleTo } from "./connector-access";
import { type ConnectorActionView, toActionView } from "./connector-actions";
import { getSsrfPolicy } from "./settings";

export { canEditConnector, type Viewer } from "./connector-access";
export * from "./connector-actions";

export type ConnectorKind = "http" | "database";
export type ConnectorAuthKind = "none" | "bearer" | "api_key_header" | "api_key_query" | "basic";

/** Non-secret auth settings (Connector.authConfig). `dialect` is for database connectors. */
export interface ConnectorAuthConfig {
  header_name?: string;
  query_name?: string;
  username?: string;
  dialect?: "postgres" | "sqlite";
  /** Database connectors: most rows a query returns. */
  max_rows?: number;
}

/** What a viewer who is neither the connector's owner nor an admin sees for a stored secret: no characters of it. */
export const SECRET_SET_HINT = "•••• set";

/** A connector as the browser may see it: no secret, only whether one is stored and a hint of it. */
export interface ConnectorView {
  id: string;
  key: string;
  name: string;
  description: string;
  kind: ConnectorKind;
  baseUrl: string;
  authKind: ConnectorAuthKind;
  authConfig: ConnectorAuthConfig;
  hasSecret: boolean;
  /**
   * "" when no secret is stored; else its masked tail (`••••3210`) for the owner and admins, and
   * {@link SECRET_SET_HINT} for everyone else.
   */
  secretMasked: string;
  visibility: "private" | "shared";
  ownerId: string | null;
  actionCount: number;
  updatedAt: string;
}

/** What a form saves. `secret`: a new secret, "" keeps the stored one; `clearSecret` removes it. */
export interface ConnectorInput {
  key: string;
  name: string;
  description: string;
  kind: ConnectorKind;
  baseUrl: string;
  authKind: ConnectorAuthKind;
  authConfig: ConnectorAuthConfig;
  secret: string;
  clearSecret: boolean;
  visibility: "private" | "shared";
}

/** The secret hint `viewer` may see (see {@link ConnectorView.secretMasked}). */
function secretHint(row: ConnectorRow, viewer: Viewer): string {
  if (!row.secretEnc) return "";
  return canEditConnector(viewer, row) ? maskSecret(decryptSecret(row.secretEnc)) : SECRET_SET_HINT;
}

function toView(row: ConnectorRow, actionCount: number, viewer: Viewer): ConnectorView {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    kind: row.kind === "database" ? "database" : "http",
    baseUrl: row.baseUrl,
    authKind: row.authKind as ConnectorAuthKind,
    authConfig: parseJson<ConnectorAuthConfig>(row.authConfig, {}),
    hasSecret: Boolean(row.secretEnc),
    secretMasked: secretHint(row, viewer),
    visibility: row.visibility === "private" ? "private" : "shared",
    ownerId: row.ownerId,
    actionCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Connectors the viewer may see, by name. */
export async function listConnectors(db: Db, viewer: Viewer): Promise<ConnectorView[]> {
  const rows = await db.connector.findMany({
    where: visibleTo(viewer),
    orderBy: { name: "asc" },
    include: { _count: { select: { actions: true } } },
  });
  return rows.map((row) => toView(row, row._count.actions, viewer));
}

/** One connector with its actions, or null when absent or not visible to the viewer. */
export async function getConnector(
  db: Db,
  viewer: Viewer,
  id: string,
): Promise<{ connector: ConnectorView; actions: ConnectorActionView[] } | null> {
  const row = await db.connector.findFirst({ where: { id, ...visibleTo(viewer) }, include: { actions: { orderBy: { name: "asc" } } } });
  if (!row) return null;
  return { connector: toView(row, row.actions.length, viewer), actions: row.actions.map(toActionView) };
}

function secretFor(input: ConnectorInput, existing: string | null): string | null {
  if (input.clearSecret || (input.kind === "http" && input.authKind === "none")) return null;
  if (input.secret !== "") return encryptSecret(input.secret);
  return existing;
}

function connectorData(input: ConnectorInput, secretEnc: string | null) {
  return {
    key: input.key,
    name: input.name,
    description: input.description,
    kind: input.kind,
    baseUrl: input.kind === "http" ? input.baseUrl : "",
    authKind: input.kind === "http" ? input.authKind : "none",
    authConfig: JSON.stringify(input.authConfig),
    secretEnc,
    visibility: input.visibility,
  };
}

async function assertKeyFree(db: Db, key: string, exceptId?: string): Promise<void> {
  const clash = await db.connector.findUnique({ where: { key } });
  if (clash && clash.id !== exceptId)
    throw new AppError("invalid_input", undefined, { fields: { key: `The key "${key}" is already used by another connector.` } });
}

/** Where an admin edits the SSRF allow-list and the loopback switch (app/(app)/settings/connectors/page.tsx). */
export const NETWORK_SETTINGS_PLACE = "Settings → Connectors → Network";

/**
 * Refuses an HTTP connector whose base URL is an IP literal the workspace SSRF policy refuses (private,
 * link-local, metadata, loopback unless allowed …; lib/net/ssrf.ts, the same policy the call path applies),
 * so it fails at save rather than at call time. Host names are checked at call time only (DNS can change).
 * @throws AppError `invalid_input` with a `baseUrl` field error naming the address, its class and where to allow it.
 */
async function assertBaseUrlAllowed(db: Db, input: ConnectorInput): Promise<void> {
  if (input.kind !== "http") return;
  let url: URL;
  try {
    url = new URL(input.baseUrl);
  } catch {
    const problem = "Not a valid URL; enter one like https://api.example.com/v1.";
    throw new AppError("invalid_input", `Base URL: ${problem}`, { fields: { baseUrl: problem } });
  }
  const reason = literalHostRefusal(url, await getSsrfPolicy(db));
  if (reason === null) return;
  const problem = `${reason}; an admin can allow it in ${NETWORK_SETTINGS_PLACE}.`;
  throw new AppError("invalid_input", `Base URL: ${problem}`, { fields: { baseUrl: problem } });
}

/** Creates a connector owned by the viewer. @throws AppError `invalid_input` (key taken, base URL refused). */
export async function createConnector(db: Db, viewer: Viewer, input: ConnectorInput): Promise<ConnectorView> {
  await assertKeyFree(db, input.key);
  await assertBaseUrlAllowed(db, input);
  const row = await db.connector.create({ data: { ...connectorData(input, secretFor(input, null)), ownerId: viewer.id } });
  return toView(row, 0, viewer);
}

/**
 * Updates a connector; a blank secret keeps the stored one.
 * @throws AppError `not_found`, `forbidden`, `invalid_input` (key taken, base URL refused).
 */
export async function updateConnector(db: Db, viewer: Viewer, id: string, input: ConnectorInput): Promise<ConnectorView> {
  const existing = await editableRow(db, viewer, id);
  await assertKeyFree(db, input.key, id);
  await assertBaseUrlAllowed(db, input);
  const row = await db.connector.update({
    where: { id },
    data: connectorData(input, secretFor(input, existing.secretEnc)),
    include: { _count: { select: { actions: true } } },
  });
  return toView(row, row._count.actions, viewer);
}

/** Deletes a connector and its actions. @throws AppError `not_found`, `forbidden`. */
export async function deleteConnector(db: Db, viewer: Viewer, id: string): Promise<ConnectorView> {
  const existing = await editableRow(db, viewer, id);
  await db.connector.delete({ where: { id } });
  return toView(existing, 0, viewer);
}

/** The stored secret of a connector in plain text, for server-side calls only (never for a view). */
export function decryptConnectorSecret(row: { secretEnc: string | null }): string | null {
  return row.secretEnc ? decryptSecret(row.secretEnc) : null;
}

/**
 * The database connector with key `key`, its URL decrypted, for lib/connectors/database-connector.ts;
 * null when there is none (or the connector is an HTTP one). Server-side only.
 */
export async function getDatabaseConnectorDefinition(db: Db, key: string): Promise<DatabaseConnectorDefinition | null> {
  const row = await db.connector.findUnique({ where: { key } });
  return row?.kind === "database" ? databaseConnectorFromRow(row) : null;
}

/** A database connector row (`kind` "database") as lib/connectors/database-connector's definition, URL decrypted. */
export function databaseConnectorFromRow(row: ConnectorRow): DatabaseConnectorDefinition {
  const config = parseJson<ConnectorAuthConfig>(row.authConfig, {});
  return {
    id: row.key,
    name: row.name,
    url: row.secretEnc ? decryptSecret(row.secretEnc) : "",
    ...(config.max_rows ? { max_rows: config.max_rows } : {}),
  };
}
