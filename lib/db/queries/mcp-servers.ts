/**
 * MCP servers (model McpServer). Headers (Streamable HTTP) and environment variables (stdio) are stored
 * AES-256-GCM encrypted as JSON objects; views carry only their names with masked values. A personal server
 * is seen and used by its owner; a global one (created by an admin) by everyone.
 */
import { decryptSecret, encryptSecret, maskSecret } from "@/lib/crypto/secrets";
import { AppError } from "@/lib/errors";
import { type Db, parseJson } from "../client";
import type { Viewer } from "./connectors";

export type McpTransport = "stdio" | "streamable_http";

export interface McpServerView {
  id: string;
  key: string;
  name: string;
  transport: McpTransport;
  url: string;
  command: string;
  args: string[];
  /** Header names with masked values. */
  headers: { name: string; masked: string }[];
  /** Environment variable names with masked values. */
  env: { name: string; masked: string }[];
  timeoutMs: number;
  scope: "personal" | "global";
  enabled: boolean;
  ownerId: string | null;
  updatedAt: string;
}

/**
 * What a form saves. `headers` / `env`: the complete list of names; a blank value keeps the stored value of
 * that name, a name left out is removed.
 */
export interface McpServerInput {
  key: string;
  name: string;
  transport: McpTransport;
  url: string;
  command: string;
  args: string[];
  headers: { name: string; value: string }[];
  env: { name: string; value: string }[];
  timeoutMs: number;
  scope: "personal" | "global";
  enabled: boolean;
}

type McpRow = Awaited<ReturnType<Db["mcpServer"]["findFirstOrThrow"]>>;

/** The MCP servers `viewer` may see: all for an admin, else the global ones and their own (a Prisma where). */
export function mcpServersVisibleTo(viewer: Viewer) {
  return viewer.role === "admin" ? {} : { OR: [{ scope: "global" }, { ownerId: viewer.id }] };
}

/** Decrypts an encrypted JSON object of strings (headers or env); `{}` for null. */
export function decryptStringMap(cipher: string | null): Record<string, string> {
  return cipher ? parseJson<Record<string, string>>(decryptSecret(cipher), {}) : {};
}

function masked(map: Record<string, string>): { name: string; masked: string }[] {
  return Object.entries(map).map(([name, value]) => ({ name, masked: maskSecret(value) }));
}

function toView(row: McpRow): McpServerView {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    transport: row.transport === "stdio" ? "stdio" : "streamable_http",
    url: row.url ?? "",
    command: row.command ?? "",
    args: parseJson<string[]>(row.args, []),
    headers: masked(decryptStringMap(row.headersEnc)),
    env: masked(decryptStringMap(row.envEnc)),
    timeoutMs: row.timeoutMs,
    scope: row.scope === "global" ? "global" : "personal",
    enabled: row.enabled,
    ownerId: row.ownerId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function mergeSecrets(entries: { name: string; value: string }[], stored: Record<string, string>): string | null {
  const merged: Record<string, string> = {};
  for (const entry of entries) {
    const name = entry.name.trim();
    if (!name) continue;
    merged[name] = entry.value !== "" ? entry.value : (stored[name] ?? "");
  }
  return Object.keys(merged).length ? encryptSecret(JSON.stringify(merged)) : null;
}

function serverData(input: McpServerInput, existing: McpRow | null) {
  const http = input.transport === "streamable_http";
  return {
    key: input.key,
    name: input.name,
    transport: input.transport,
    url: http ? input.url : null,
    headersEnc: http ? mergeSecrets(input.headers, decryptStringMap(existing?.headersEnc ?? null)) : null,
    command: http ? null : input.command,
    args: JSON.stringify(http ? [] : input.args),
    envEnc: http ? null : mergeSecrets(input.env, decryptStringMap(existing?.envEnc ?? null)),
    timeoutMs: input.timeoutMs,
    scope: input.scope,
    enabled: input.enabled,
  };
}

export async function listMcpServers(db: Db, viewer: Viewer): Promise<McpServerView[]> {
  const rows = await db.mcpServer.findMany({ where: mcpServersVisibleTo(viewer), orderBy: { name: "asc" } });
  return rows.map(toView);
}

export async function getMcpServer(db: Db, viewer: Viewer, id: string): Promise<McpServerView | null> {
  const row = await db.mcpServer.findFirst({ where: { id, ...mcpServersVisibleTo(viewer) } });
  return row ? toView(row) : null;
}

export function canEditMcpServer(viewer: Viewer, server: Pick<McpServerView, "ownerId" | "scope">): boolean {
  return viewer.role === "admin" || (server.scope === "personal" && server.ownerId === viewer.id);
}

async function editableRow(db: Db, viewer: Viewer, id: string): Promise<McpRow> {
  const row = await db.mcpServer.findFirst({ where: { id, ...mcpServersVisibleTo(viewer) } });
  if (!row) throw new AppError("not_found", "That MCP server does not exist.");
  if (!canEditMcpServer(viewer, toView(row))) throw new AppError("forbidden", "Only the server's owner or an administrator can change it.");
  return row;
}

function checkScope(viewer: Viewer, input: McpServerInput): void {
  if (input.scope === "global" && viewer.role !== "admin") {
    throw new AppError("forbidden", "Only administrators can add global MCP servers.", {
      fields: { scope: "Only administrators can make a server global." },
    });
  }
}

async function assertKeyFree(db: Db, key: string, exceptId?: string): Promise<void> {
  const clash = await db.mcpServer.findUnique({ where: { key } });
  if (clash && clash.id !== exceptId)
    throw new AppError("invalid_input", undefined, { fields: { key: `The key "${key}" is already used by another MCP server.` } });
}

/** Creates a server owned by the viewer. @throws AppError `forbidden` (global by a member), `invalid_input` (key taken). */
export async function createMcpServer(db: Db, viewer: Viewer, input: McpServerInput): Promise<McpServerView> {
  checkScope(viewer, input);
  await assertKeyFree(db, input.key);
  return toView(await db.mcpServer.create({ data: { ...serverData(input, null), ownerId: viewer.id } }));
}

/** Updates a server; blank header/env values keep the stored ones. */
export async function updateMcpServer(db: Db, viewer: Viewer, id: string, input: McpServerInput): Promise<McpServerView> {
  const existing = await editableRow(db, viewer, id);
  checkScope(viewer, input);
  await assertKeyFree(db, input.key, id);
  return toView(await db.mcpServer.update({ where: { id }, data: serverData(input, existing) }));
}

export async function deleteMcpServer(db: Db, viewer: Viewer, id: string): Promise<McpServerView> {
  const existing = await editableRow(db, viewer, id);
  await db.mcpServer.delete({ where: { id } });
  return toView(existing);
}

/** Merges a form's header/env entries with a stored server's secrets (for "test connection" before saving). */
export async function mergedMcpSecrets(
  db: Db,
  viewer: Viewer,
  id: string | null,
  input: Pick<McpServerInput, "headers" | "env">,
): Promise<{ headers: Record<string, string>; env: Record<string, string> }> {
  const row = id ? await db.mcpServer.findFirst({ where: { id, ...mcpServersVisibleTo(viewer) } }) : null;
  const merge = (entries: { name: string; value: string }[], stored: Record<string, string>) =>
    Object.fromEntries(
      entries
        .filter((entry) => entry.name.trim())
        .map((entry) => [entry.name.trim(), entry.value !== "" ? entry.value : (stored[entry.name.trim()] ?? "")]),
    );
  return {
    headers: merge(input.headers, decryptStringMap(row?.headersEnc ?? null)),
    env: merge(input.env, decryptStringMap(row?.envEnc ?? null)),
  };
}
