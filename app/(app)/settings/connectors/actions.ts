"use server";

import { Ajv } from "ajv";
import ipaddr from "ipaddr.js";
import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { appendAuditLog } from "@/lib/audit";
import { requireAdmin, requireUser, type SessionUser } from "@/lib/auth/session";
import { callConnectorAction } from "@/lib/capabilities/connectors";
import { importOpenApiConnector } from "@/lib/connectors/openapi";
import type { ConnectorActionDefinition } from "@/lib/connectors/types";
import { getDb } from "@/lib/db/client";
import * as connectors from "@/lib/db/queries/connectors";
import { saveNetworkSettings } from "@/lib/db/queries/settings";
import { AppError, actionResult } from "@/lib/errors";
import { parseIp } from "@/lib/net/ip-classify";
import { isWorkflowError } from "@/lib/workflow/errors";
import { type ActionFormValues, actionSchema, type ConnectorFormValues, connectorSchema, networkSettingsSchema } from "./schema";

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new AppError("invalid_input", undefined, {
      fields: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
    });
  }
  return parsed.data;
}

function actor(user: SessionUser) {
  return { actorId: user.id, actorEmail: user.email };
}

function toConnectorInput(values: ConnectorFormValues): connectors.ConnectorInput {
  const authConfig: connectors.ConnectorAuthConfig =
    values.kind === "database"
      ? { dialect: /^postgres/i.test(values.secret) ? "postgres" : values.secret ? "sqlite" : undefined, max_rows: values.maxRows }
      : values.authKind === "api_key_header"
        ? { header_name: values.headerName }
        : values.authKind === "api_key_query"
          ? { query_name: values.queryName }
          : values.authKind === "basic"
            ? { username: values.username }
            : {};
  return {
    key: values.key,
    name: values.name,
    description: values.description,
    kind: values.kind,
    baseUrl: values.baseUrl.replace(/\/+$/, ""),
    authKind: values.kind === "http" ? values.authKind : "none",
    authConfig,
    secret: values.secret,
    clearSecret: values.clearSecret,
    visibility: values.visibility,
  };
}

/** Audit data for a connector change: what changed, never the secret itself. */
function connectorAuditData(input: connectors.ConnectorInput) {
  return {
    key: input.key,
    name: input.name,
    kind: input.kind,
    baseUrl: input.baseUrl,
    authKind: input.authKind,
    secretChanged: input.clearSecret || input.secret !== "",
  };
}

/** Creates a connector (database connectors: admins only, they reach the server's files and networks). */
export async function createConnector(input: unknown) {
  return actionResult(async () => {
    const user = await requireUser();
    const values = parse(connectorSchema, input);
    if (values.kind === "database" && user.role !== "admin")
      throw new AppError("forbidden", "Only administrators can add database connectors.");
    if (values.kind === "database" && !values.secret)
      throw new AppError("invalid_input", undefined, { fields: { secret: "Enter the connection URL." } });
    const data = toConnectorInput(values);
    const db = getDb();
    const created = await connectors.createConnector(db, user, data);
    await appendAuditLog(db, {
      action: "connector.create",
      ...actor(user),
      targetType: "connector",
      targetId: created.id,
      data: connectorAuditData(data),
    });
    revalidatePath("/settings/connectors");
    return { id: created.id };
  });
}

export async function updateConnector(id: string, input: unknown) {
  return actionResult(async () => {
    const user = await requireUser();
    const values = parse(connectorSchema, input);
    if (values.kind === "database" && user.role !== "admin")
      throw new AppError("forbidden", "Only administrators can change database connectors.");
    const data = toConnectorInput(values);
    const db = getDb();
    const updated = await connectors.updateConnector(db, user, id, data);
    await appendAuditLog(db, {
      action: "connector.update",
      ...actor(user),
      targetType: "connector",
      targetId: id,
      data: connectorAuditData(data),
    });
    revalidatePath("/settings/connectors");
    revalidatePath(`/settings/connectors/${id}`);
    return { id: updated.id };
  });
}

export async function deleteConnector(id: string) {
  return actionResult(async () => {
    const user = await requireUser();
    const db = getDb();
    const removed = await connectors.deleteConnector(db, user, id);
    await appendAuditLog(db, {
      action: "connector.delete",
      ...actor(user),
      targetType: "connector",
      targetId: id,
      data: { key: removed.key, name: removed.name },
    });
    revalidatePath("/settings/connectors");
  });
}

const schemaChecker = new Ajv({ strict: false, allErrors: true });

function parseJsonField(text: string, fallback: unknown): unknown {
  return text.trim() === "" ? fallback : JSON.parse(text);
}

/** The form's JSON texts as an action input; the parameter schema must compile (Ajv 8). */
function toActionInput(values: ActionFormValues): connectors.ConnectorActionInput {
  const parameters = parseJsonField(values.parameters, { type: "object", properties: {} }) as Record<string, unknown>;
  try {
    schemaChecker.compile(parameters);
  } catch (error) {
    throw new AppError("invalid_input", undefined, {
      fields: { parameters: `Not a valid JSON Schema: ${error instanceof Error ? error.message : String(error)}` },
    });
  }
  return {
    key: values.key,
    name: values.name,
    description: values.description,
    method: values.method,
    path: values.path,
    query: parseJsonField(values.query, {}) as Record<string, string>,
    headers: parseJsonField(values.headers, {}) as Record<string, string>,
    body: parseJsonField(values.body, null) as ConnectorActionDefinition["body"],
    parameters,
    access: values.access,
    timeoutMs: values.timeoutMs,
    maxResponseBytes: values.maxResponseBytes,
  };
}

/** Creates (`actionId` null) or updates an action. */
export async function saveConnectorAction(connectorId: string, actionId: string | null, input: unknown) {
  return actionResult(async () => {
    const user = await requireUser();
    const data = toActionInput(parse(actionSchema, input));
    const db = getDb();
    const saved = actionId
      ? await connectors.updateConnectorAction(db, user, connectorId, actionId, data)
      : await connectors.createConnectorAction(db, user, connectorId, data);
    await appendAuditLog(db, {
      action: actionId ? "connector.action.update" : "connector.action.create",
      ...actor(user),
      targetType: "connector",
      targetId: connectorId,
      data: { action: saved.key, method: saved.method, path: saved.path, access: saved.access },
    });
    revalidatePath(`/settings/connectors/${connectorId}`);
    return { id: saved.id };
  });
}

export async function deleteConnectorAction(connectorId: string, actionId: string) {
  return actionResult(async () => {
    const user = await requireUser();
    const db = getDb();
    const removed = await connectors.deleteConnectorAction(db, user, connectorId, actionId);
    await appendAuditLog(db, {
      action: "connector.action.delete",
      ...actor(user),
      targetType: "connector",
      targetId: connectorId,
      data: { action: removed.key },
    });
    revalidatePath(`/settings/connectors/${connectorId}`);
  });
}

const MAX_OPENAPI_CHARS = 5_000_000;

/** What an OpenAPI document would import: its title, base URL and one summary per operation. */
export async function previewOpenApi(document: string) {
  return actionResult(async () => {
    await requireUser();
    if (document.length > MAX_OPENAPI_CHARS) throw new AppError("payload_too_large", "The document is larger than 5 MB.");
    const imported = await importOpenApiConnector(document);
    return {
      name: imported.name,
      baseUrl: imported.base_url,
      actions: imported.actions.map((action) => ({
        key: action.id,
        name: action.name,
        method: action.method,
        path: action.path,
        access: action.access ?? "read",
        parameterCount: Object.keys((action.parameters?.properties as object | undefined) ?? {}).length,
      })),
    };
  });
}

/** Imports the chosen operations of an OpenAPI document as actions; existing keys are replaced when asked. */
export async function importOpenApiActions(connectorId: string, document: string, keys: string[], replace: boolean) {
  return actionResult(async () => {
    const user = await requireUser();
    if (document.length > MAX_OPENAPI_CHARS) throw new AppError("payload_too_large", "The document is larger than 5 MB.");
    const imported = await importOpenApiConnector(document);
    const chosen = new Set(keys);
    const actions = imported.actions.filter((action) => chosen.has(action.id));
    if (actions.length === 0) throw new AppError("invalid_input", "Choose at least one operation to import.");
    const db = getDb();
    const outcome = await connectors.importConnectorActions(db, user, connectorId, actions, { replace });
    await appendAuditLog(db, {
      action: "connector.action.import",
      ...actor(user),
      targetType: "connector",
      targetId: connectorId,
      data: {
        source: "openapi",
        title: imported.name,
        created: outcome.created.length,
        replaced: outcome.replaced.length,
        skipped: outcome.skipped.length,
      },
    });
    revalidatePath(`/settings/connectors/${connectorId}`);
    return outcome;
  });
}

export type TryActionResult =
  | { ok: true; status: number; headers: Record<string, string>; body: unknown; elapsed_ms: number; truncated: boolean }
  | { ok: false; code: string; message: string };

/**
 * "Try it": calls the action for real through the connector caller (SSRF policy, access level, audit log),
 * as the signed-in user.
 */
export async function tryConnectorAction(
  connectorId: string,
  actionKey: string,
  parameters: Record<string, unknown>,
): Promise<TryActionResult> {
  const user = await requireUser();
  const db = getDb();
  const detail = await connectors.getConnector(db, user, connectorId);
  if (!detail) return { ok: false, code: "not_found", message: "That connector does not exist." };
  try {
    const result = await callConnectorAction(db, {
      connectorId: detail.connector.key,
      actionId: actionKey,
      parameters,
      actor: { userId: user.id, email: user.email, role: user.role },
    });
    return { ok: true, ...result };
  } catch (error) {
    if (isWorkflowError(error)) return { ok: false, code: error.code, message: error.message };
    console.error("[connectors] try action", error);
    return { ok: false, code: "internal", message: "The call failed unexpectedly; see the server log." };
  }
}

function validHostEntry(entry: string): boolean {
  if (parseIp(entry)) return true;
  if (entry.includes("/")) {
    try {
      ipaddr.parseCIDR(entry);
      return true;
    } catch {
      return false;
    }
  }
  return /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(entry);
}

/** Saves the SSRF allow-list and the loopback switch (admins). */
export async function saveNetworkSettingsAction(input: unknown) {
  return actionResult(async () => {
    const user = await requireAdmin();
    const values = parse(networkSettingsSchema, input);
    const allowedHosts = [
      ...new Set(
        values.allowedHosts
          .split(/[\n,]/)
          .map((entry) => entry.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    const invalid = allowedHosts.filter((entry) => !validHostEntry(entry));
    if (invalid.length) {
      throw new AppError("invalid_input", undefined, { fields: { allowedHosts: `Not a host name, IP or CIDR: ${invalid.join(", ")}` } });
    }
    const db = getDb();
    await saveNetworkSettings(db, { allowedHosts, allowLoopback: values.allowLoopback });
    await appendAuditLog(db, {
      action: "settings.update",
      ...actor(user),
      targetType: "setting",
      targetId: "net",
      data: { allowedHosts, allowLoopback: values.allowLoopback },
    });
    revalidatePath("/settings/connectors");
    return { allowedHosts };
  });
}
