/**
 * The connector caller of the app, the CLI and the agents (`callConnectorAction`): HTTP connectors through
 * lib/connectors' ConnectorService, database connectors through lib/connectors/database-connector.ts, both
 * under the workspace SSRF policy (Settings `net.*` + env SWITCHYARD_ALLOWED_HOSTS) and both writing one
 * `connector.call` audit entry per call (who, which action, status, time; never a secret).
 */
import { appendAuditLog } from "@/lib/audit";
import { createConnectorService } from "@/lib/connectors/connector-service";
import { callDatabaseAction, type DatabaseConnectorDefinition } from "@/lib/connectors/database-connector";
import type { ConnectorAuditEntry, ConnectorDefinition } from "@/lib/connectors/types";
import type { Db } from "@/lib/db/client";
import { getConnectorDefinition } from "@/lib/db/queries/capability-definitions";
import { getDatabaseConnectorDefinition } from "@/lib/db/queries/connectors";
import { getSsrfPolicy } from "@/lib/db/queries/settings";
import type { SsrfPolicy } from "@/lib/net/ssrf";
import { isWorkflowError } from "@/lib/workflow/errors";
import type { ConnectorCallRequest, ConnectorCallResult, ConnectorService } from "@/lib/workflow/services";

async function audit(db: Db, entry: ConnectorAuditEntry): Promise<void> {
  const { actor, ...data } = entry;
  await appendAuditLog(db, {
    action: "connector.call",
    actorId: actor?.userId ?? null,
    actorEmail: actor?.email ?? null,
    targetType: "connector",
    targetId: entry.connector_id,
    data: { ...data },
  });
}

/** What a call looks up besides its request: the SSRF policy and the connector by key (HTTP or database). */
interface ConnectorLookups {
  ssrf(): Promise<SsrfPolicy>;
  databaseConnector(key: string): Promise<DatabaseConnectorDefinition | null>;
  httpConnector(key: string): Promise<ConnectorDefinition | null>;
}

function databaseLookups(db: Db): ConnectorLookups {
  return {
    ssrf: () => getSsrfPolicy(db),
    databaseConnector: (key) => getDatabaseConnectorDefinition(db, key),
    httpConnector: (key) => getConnectorDefinition(db, key),
  };
}

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
 * Resolves for every HTTP status (and a SQL error as 400); throws WorkflowError `invalid_config`,
 * `connection_error`, `timeout`, `cancelled` as lib/connectors documents.
 */
export async function callConnectorAction(db: Db, request: ConnectorCallRequest): Promise<ConnectorCallResult> {
  return callWith(db, databaseLookups(db), request);
}

/**
 * `callConnectorAction` for the calls of one workflow run: the SSRF policy and each connector definition
 * are read once, on first use, and reused by the run's later calls (settings or connectors edited
 * meanwhile apply from the next run). Every call still writes its own audit entry.
 */
export function createRunConnectorCaller(db: Db): (request: ConnectorCallRequest) => Promise<ConnectorCallResult> {
  const direct = databaseLookups(db);
  const ssrf = memo(() => direct.ssrf());
  const lookups: ConnectorLookups = {
    ssrf: () => ssrf(""),
    databaseConnector: memo(direct.databaseConnector),
    httpConnector: memo(direct.httpConnector),
  };
  return (request) => callWith(db, lookups, request);
}

async function callWith(db: Db, lookups: ConnectorLookups, request: ConnectorCallRequest): Promise<ConnectorCallResult> {
  const ssrf = await lookups.ssrf();
  const database = await lookups.databaseConnector(request.connectorId);
  if (!database) {
    const service = createConnectorService({
      resolveConnector: lookups.httpConnector,
      audit: (entry) => audit(db, entry),
      ssrf,
    });
    return service.call(request);
  }
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
    await audit(db, entry);
  }
}

/** The ConnectorService of lib/workflow/services.ts over this database. */
export function createDbConnectorService(db: Db): ConnectorService {
  return { call: (request) => callConnectorAction(db, request) };
}
