"use server";

import { revalidatePath } from "next/cache";
import { appendAuditLog } from "@/lib/audit";
import { requireAdmin, requireUser } from "@/lib/auth/session";
import { type McpTestResult, testMcpServer } from "@/lib/capabilities/mcp";
import { getDb } from "@/lib/db/client";
import { getMcpServerDefinition } from "@/lib/db/queries/capability-definitions";
import * as mcpServers from "@/lib/db/queries/mcp-servers";
import { getAllowStdio, setAllowStdio } from "@/lib/db/queries/settings";
import { AppError, actionResult } from "@/lib/errors";
import type { McpServerDefinition } from "@/lib/mcp/types";
import { type McpServerFormValues, mcpServerProblem, mcpServerSchema } from "./schema";

function parse(input: unknown): McpServerFormValues {
  const parsed = mcpServerSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_input", undefined, { fields: mcpServerProblem(parsed.error).fields });
  return parsed.data;
}

function toInput(values: McpServerFormValues): mcpServers.McpServerInput {
  return {
    key: values.key,
    name: values.name,
    transport: values.transport,
    url: values.url,
    command: values.command,
    args: values.args
      .split("\n")
      .map((arg) => arg.trim())
      .filter(Boolean),
    headers: values.headers,
    env: values.env,
    timeoutMs: values.timeoutMs,
    scope: values.scope,
    enabled: values.enabled,
  };
}

async function assertStdioAllowed(values: McpServerFormValues): Promise<void> {
  if (values.transport === "stdio" && !(await getAllowStdio(getDb()))) {
    throw new AppError("forbidden", "Servers over stdio are disabled in this workspace; an administrator can enable them on this page.", {
      fields: { transport: "stdio is disabled in this workspace." },
    });
  }
}

/** Audit data: names of headers and env variables, never their values. */
function auditData(input: mcpServers.McpServerInput) {
  return {
    key: input.key,
    transport: input.transport,
    url: input.url || undefined,
    command: input.command || undefined,
    scope: input.scope,
    headerNames: input.headers.map((h) => h.name).filter(Boolean),
    envNames: input.env.map((e) => e.name).filter(Boolean),
  };
}

/** Creates (`id` null) or updates an MCP server. */
export async function saveMcpServer(id: string | null, input: unknown) {
  return actionResult(async () => {
    const user = await requireUser();
    const values = parse(input);
    await assertStdioAllowed(values);
    const data = toInput(values);
    const db = getDb();
    const saved = id ? await mcpServers.updateMcpServer(db, user, id, data) : await mcpServers.createMcpServer(db, user, data);
    await appendAuditLog(db, {
      action: id ? "mcp_server.update" : "mcp_server.create",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "mcp_server",
      targetId: saved.id,
      data: auditData(data),
    });
    revalidatePath("/settings/mcp-servers");
    return { id: saved.id };
  });
}

export async function deleteMcpServer(id: string) {
  return actionResult(async () => {
    const user = await requireUser();
    const db = getDb();
    const removed = await mcpServers.deleteMcpServer(db, user, id);
    await appendAuditLog(db, {
      action: "mcp_server.delete",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "mcp_server",
      targetId: id,
      data: { key: removed.key },
    });
    revalidatePath("/settings/mcp-servers");
  });
}

/**
 * "Test connection" for a saved server (`input` null) or for the form's values (blank secrets taken from the
 * saved server `id`). Lists the tools with their schemas; errors come back as a result, within the timeout. Values
 * that do not validate are not tried: `invalid_input`, the first field named in `error`, each in `fields`.
 */
export async function testMcpServerAction(id: string | null, input: unknown | null): Promise<McpTestResult> {
  const user = await requireUser();
  const db = getDb();
  let definition: McpServerDefinition | null;
  if (input === null) {
    const view = id ? await mcpServers.getMcpServer(db, user, id) : null;
    definition = view ? await getMcpServerDefinition(db, view.key) : null;
    if (!definition) return { ok: false, code: "not_found", error: "That MCP server does not exist or is disabled.", elapsed_ms: 0 };
  } else {
    const parsed = mcpServerSchema.safeParse(input);
    if (!parsed.success) {
      const { message, fields } = mcpServerProblem(parsed.error);
      return { ok: false, code: "invalid_input", error: message, fields, elapsed_ms: 0 };
    }
    const values = toInput(parsed.data);
    const secrets = await mcpServers.mergedMcpSecrets(db, user, id, values);
    definition =
      values.transport === "stdio"
        ? {
            id: values.key,
            name: values.name,
            transport: "stdio",
            command: values.command,
            args: values.args,
            env: secrets.env,
            timeout_ms: values.timeoutMs,
          }
        : {
            id: values.key,
            name: values.name,
            transport: "streamable_http",
            url: values.url,
            headers: secrets.headers,
            timeout_ms: values.timeoutMs,
          };
  }
  return testMcpServer(db, definition, user);
}

/** Admins: allow or forbid MCP servers over stdio (`mcp.allow_stdio`). */
export async function setAllowStdioAction(allow: boolean) {
  return actionResult(async () => {
    const user = await requireAdmin();
    const db = getDb();
    await setAllowStdio(db, allow);
    await appendAuditLog(db, {
      action: "settings.update",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "setting",
      targetId: "mcp.allow_stdio",
      data: { allow },
    });
    revalidatePath("/settings/mcp-servers");
  });
}
