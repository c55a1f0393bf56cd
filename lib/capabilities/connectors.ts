/**
 * The connector caller of the app, the CLI and the agents (`callConnectorAction`): HTTP connectors through
 * lib/connectors' ConnectorService, database connectors through lib/connectors/database-connector.ts, both
 * under the workspace SSRF policy (Settings `net.*` + env SWITCHYARD_ALLOWED_HOSTS) and both writing one
 * `connector.call` audit entry per call (who, which action, status, time; never a secret).
 */
import { createConnectorService } from "@/lib/connectors/connector-service";
import { realpathSync } from "node:fs";
import path from "node:path";
import { callDatabaseAction, databaseDialect, sqlitePath } from "@/lib/connectors/database-connector";
import type { ConnectorAuditEntry } from "@/lib/connectors/types";
import type { Db } from "@/lib/db/client";
import { databaseUrl, sqliteFilePath } from "@/lib/db/database-url";
import { serviceError } from "@/lib/net/service-error";
import { isWorkflowError } from "@/lib/workflow/errors";
import type { ConnectorCallRequest, ConnectorCallResult, ConnectorService } from "@/lib/workflow/services";
import { type ConnectorLookups, connectorLookupsFor, type StoredConnector } from "./connector-lookups";

/** `load` once per key; a failed load is forgotten, so the next call tries again. */
function memo<T>(load: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const values = new Map<string, Promise<T>>();
  return (key) => {
    let value = values.get(key);
    if (!value) {
      value = load(key);
      values.set(key, value);
      value.catch(() => values.delete(key));
    }
    return value;
  };
}

/**
 * Calls one action of the connector with key `request.connectorId`.
 * Resolves for every HTTP status (and a SQL error as 400); throws WorkflowError `invalid_config` (also for
 * a private connector called by someone other than its owner or an admin), `connection_error`, `timeout`,
 * `cancelled` as lib/connectors documents.
 */
export async function callConnectorAction(db: Db, request: ConnectorCallRequest): Promise<ConnectorCallResult> {
  return callWith(connectorLookupsFor(db), request);
}

/**
 * `callConnectorAction` for the calls of one workflow run, as the run's user (`userId`, null for a run
 * without one): the SSRF policy, the user's email and role and each connector definition are read once,
 * on first use, and reused by the run's later calls (settings or connectors edited meanwhile apply from
 * the next run). Every call still writes its own audit entry.
 */
export function createRunConnectorCaller(
  db: Db,
  userId: string | null = null,
): (request: ConnectorCallRequest) => Promise<ConnectorCallResult> {
  const direct = connectorLookupsFor(db);
  const ssrf = memo(() => direct.ssrf());
  const actor = memo((id) => direct.actor(id));
  const lookups: ConnectorLookups = { ...direct, ssrf: () => ssrf(""), connector: memo(direct.connector), actor };
  return async (request) =>
    callWith(lookups, request.actor?.role || userId === null ? request : { ...request, actor: await actor(userId) });
}

function realFile(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}

/**
 * Whether a database connector's URL names Switchyard's own database (`DATABASE_URL`): the same SQLite
 * file (symlinks resolved), or the same PostgreSQL host, port and database.
 */
export function isAppDatabase(connectorUrl: string, appUrl: string = databaseUrl()): boolean {
  if (databaseDialect(connectorUrl) === "sqlite") {
    return appUrl.startsWith("file:") && realFile(sqlitePath(connectorUrl)) === realFile(sqliteFilePath(appUrl));
  }
  if (appUrl.startsWith("file:")) return false;
  try {
    const a = new URL(connectorUrl);
    const b = new URL(appUrl);
    const port = (url: URL) => url.port || "5432";
    return a.hostname === b.hostname && port(a) === port(b) && a.pathname.replace(/^\//, "") === b.pathname.replace(/^\//, "");
  } catch {
    return false;
  }
}

/** Private connectors: only the owner and admins (the same rule as the settings list, lib/db/queries/connectors.ts). */
function checkVisibility(connector: StoredConnector, request: ConnectorCallRequest): void {
  if (connector.visibility !== "private") return;
  const actor = request.actor;
  if (actor && (actor.role === "admin" || actor.userId === connector.ownerId)) return;
  throw serviceError("invalid_config", `Connector "${request.connectorId}" is private to its owner`);
}

async function callWith(lookups: ConnectorLookups, request: ConnectorCallRequest): Promise<ConnectorCallResult> {
  const ssrf = await lookups.ssrf();
  const stored = await lookups.connector(request.connectorId);
  if (stored?.kind !== "database") {
    const service = createConnectorService({
      resolveConnector: async () => {
        if (stored) checkVisibility(stored, request);
        return stored?.definition ?? null;
      },
      audit: (entry) => lookups.audit(entry),
      ssrf,
    });
    return service.call(request);
  }
  const database = stored.definition;
  const entry: ConnectorAuditEntry = {
    action: "connector.call",
    at: new Date().toISOString(),
    actor: request.actor ?? null,
    connector_id: request.connectorId,
    action_id: request.actionId,
    method: "SQL",
    url: "",
    status: null,
    elapsed_ms: 0,
    truncated: false,
  };
  const started = performance.now();
  try {
    checkVisibility(stored, request);
    // its tables hold password hashes, API key hashes and encrypted secrets: never through a connector
    if (isAppDatabase(database.url)) {
      throw serviceError(
        "invalid_config",
        `Connector "${request.connectorId}" points at Switchyard's own database; connect another database or a copy`,
      );
    }
    const result = await callDatabaseAction(database, request.actionId, request.parameters, { ssrf, signal: request.signal });
    entry.status = result.status;
    entry.truncated = result.truncated;
    return result;
  } catch (error) {
    entry.error = isWorkflowError(error)
      ? { code: error.code, message: error.message }
      : { code: "connection_error", message: "Database call failed" };
    throw error;
  } finally {
    entry.elapsed_ms = Math.round(performance.now() - started);
    await lookups.audit(entry);
  }
}

/** The ConnectorService of lib/workflow/services.ts over this database. */
export function createDbConnectorService(db: Db): ConnectorService {
  return { call: (request) => callConnectorAction(db, request) };
}
