/**
 * Actions of connectors (model ConnectorAction): views, the definition shape lib/connectors expects,
 * and their changes — each one checked against the connector's owner (connector-access.ts).
 */
import type { AccessLevel, ConnectorActionDefinition, HttpMethod } from "@/lib/connectors/types";
import { AppError } from "@/lib/errors";
import { type Db, parseJson } from "../client";
import { type ActionRow, editableRow, type Viewer } from "./connector-access";

/** A stored action: its input plus the row id. */
export interface ConnectorActionView extends ConnectorActionInput {
  id: string;
}

export interface ConnectorActionInput {
  key: string;
  name: string;
  description: string;
  method: HttpMethod;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: ConnectorActionDefinition["body"];
  parameters: Record<string, unknown>;
  access: AccessLevel;
  timeoutMs: number;
  maxResponseBytes: number;
}

/** The action row as a view (and as the service's definition shape, via {@link actionDefinition}). */
export function toActionView(row: ActionRow): ConnectorActionView {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    method: row.method as HttpMethod,
    path: row.path,
    query: parseJson<Record<string, string>>(row.query, {}),
    headers: parseJson<Record<string, string>>(row.headers, {}),
    body: parseJson<ConnectorActionDefinition["body"]>(row.body, null),
    parameters: parseJson<Record<string, unknown>>(row.parameters, { type: "object", properties: {} }),
    access: row.access as AccessLevel,
    timeoutMs: row.timeoutMs,
    maxResponseBytes: row.maxResponseBytes,
  };
}

/** An action view as lib/connectors expects it (spec §1 `actions[]`). */
export function actionDefinition(action: ConnectorActionView): ConnectorActionDefinition {
  return {
    id: action.key,
    name: action.name,
    ...(action.description ? { description: action.description } : {}),
    method: action.method,
    path: action.path,
    query: action.query,
    headers: action.headers,
    body: action.body,
    parameters: action.parameters,
    access: action.access,
    timeout_ms: action.timeoutMs,
    max_response_bytes: action.maxResponseBytes,
  };
}

function actionData(input: ConnectorActionInput) {
  return {
    key: input.key,
    name: input.name,
    description: input.description,
    method: input.method,
    path: input.path,
    query: JSON.stringify(input.query),
    headers: JSON.stringify(input.headers),
    body: input.body === null || input.body === undefined ? null : JSON.stringify(input.body),
    parameters: JSON.stringify(input.parameters),
    access: input.access,
    timeoutMs: input.timeoutMs,
    maxResponseBytes: input.maxResponseBytes,
  };
}

async function assertActionKeyFree(db: Db, connectorId: string, key: string, exceptId?: string): Promise<void> {
  const clash = await db.connectorAction.findUnique({ where: { connectorId_key: { connectorId, key } } });
  if (clash && clash.id !== exceptId)
    throw new AppError("invalid_input", undefined, { fields: { key: `This connector already has an action "${key}".` } });
}

/** Adds an action. @throws AppError `not_found`, `forbidden`, `invalid_input` (key taken). */
export async function createConnectorAction(
  db: Db,
  viewer: Viewer,
  connectorId: string,
  input: ConnectorActionInput,
): Promise<ConnectorActionView> {
  await editableRow(db, viewer, connectorId);
  await assertActionKeyFree(db, connectorId, input.key);
  return toActionView(await db.connectorAction.create({ data: { ...actionData(input), connectorId } }));
}

/** Replaces an action's fields. @throws AppError `not_found`, `forbidden`, `invalid_input`. */
export async function updateConnectorAction(
  db: Db,
  viewer: Viewer,
  connectorId: string,
  actionId: string,
  input: ConnectorActionInput,
): Promise<ConnectorActionView> {
  await editableRow(db, viewer, connectorId);
  const existing = await db.connectorAction.findFirst({ where: { id: actionId, connectorId } });
  if (!existing) throw new AppError("not_found", "That action does not exist.");
  await assertActionKeyFree(db, connectorId, input.key, actionId);
  return toActionView(await db.connectorAction.update({ where: { id: actionId }, data: actionData(input) }));
}

export async function deleteConnectorAction(db: Db, viewer: Viewer, connectorId: string, actionId: string): Promise<ConnectorActionView> {
  await editableRow(db, viewer, connectorId);
  const existing = await db.connectorAction.findFirst({ where: { id: actionId, connectorId } });
  if (!existing) throw new AppError("not_found", "That action does not exist.");
  await db.connectorAction.delete({ where: { id: actionId } });
  return toActionView(existing);
}

/**
 * Imports actions (e.g. from an OpenAPI document) in one transaction. An action whose key exists is
 * replaced when `replace` is true, else skipped.
 * @returns the keys created, replaced and skipped.
 */
export async function importConnectorActions(
  db: Db,
  viewer: Viewer,
  connectorId: string,
  actions: ConnectorActionDefinition[],
  options: { replace: boolean },
): Promise<{ created: string[]; replaced: string[]; skipped: string[] }> {
  await editableRow(db, viewer, connectorId);
  const existing = new Set((await db.connectorAction.findMany({ where: { connectorId }, select: { key: true } })).map((row) => row.key));
  const outcome = { created: [] as string[], replaced: [] as string[], skipped: [] as string[] };
  await db.$transaction(async (tx) => {
    for (const action of actions) {
      const data = actionData({
        key: action.id,
        name: action.name,
        description: action.description ?? "",
        method: action.method,
        path: action.path,
        query: action.query ?? {},
        headers: action.headers ?? {},
        body: action.body ?? null,
        parameters: action.parameters ?? { type: "object", properties: {} },
        access: action.access ?? "read",
        timeoutMs: action.timeout_ms ?? 10_000,
        maxResponseBytes: action.max_response_bytes ?? 1_048_576,
      });
      if (!existing.has(action.id)) {
        await tx.connectorAction.create({ data: { ...data, connectorId } });
        outcome.created.push(action.id);
      } else if (options.replace) {
        await tx.connectorAction.update({ where: { connectorId_key: { connectorId, key: action.id } }, data });
        outcome.replaced.push(action.id);
      } else {
        outcome.skipped.push(action.id);
      }
    }
  });
  return outcome;
}
