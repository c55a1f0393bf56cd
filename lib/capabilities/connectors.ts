/**
 * The connector caller of the app, the CLI and the agents (`callConnectorAction`): HTTP connectors through
 * lib/connectors' ConnectorService, database connectors through lib/connectors/database-connector.ts, both
 * under the workspace SSRF policy (Settings `net.*` + env SWITCHYARD_ALLOWED_HOSTS) and both writing one
 * `connector.call` audit entry per call (who, which action, status, time; never a secret).
 */
import { appendAuditLog } from "@/lib/audit";
import { createConnectorService } from "@/lib/connectors/connector-service";
import { callDatabaseAction } from "@/lib/connectors/database-connector";
import type { ConnectorAuditEntry } from "@/lib/connectors/types";
import type { Db } from "@/lib/db/client";
import { getConnectorDefinition } from "@/lib/db/queries/capability-definitions";
import { getDatabaseConnectorDefinition } from "@/lib/db/queries/connectors";
import { getSsrfPolicy } from "@/lib/db/queries/settings";
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

/**
 * Calls one action of the connector with key `request.connectorId`.
 * Resolves for every HTTP status (and a SQL error as 400); throws WorkflowError `invalid_config`,
 * `connection_error`, `timeout`, `cancelled` as lib/connectors documents.
 */
export async function callConnectorAction(db: Db, request: ConnectorCallRequest): Promise<ConnectorCallResult> {
  const ssrf = await getSsrfPolicy(db);
  const database = await getDatabaseConnectorDefinition(db, request.connectorId);
  if (!database) {
    const service = createConnectorService({
      resolveConnector: (key) => getConnectorDefinition(db, key),
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
