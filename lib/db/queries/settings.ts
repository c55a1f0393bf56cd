/**
 * Workspace settings (model Setting: key → JSON value). The keys this module knows:
 * - `net.allowed_hosts`: string[] of host names (`api.corp`, `*.corp.example`), IPs or CIDRs that outbound
 *   requests may reach even when private (lib/net/ssrf.ts `allowedHosts`);
 * - `net.allow_loopback`: boolean, loopback addresses allowed (local development and tests);
 * - `mcp.allow_stdio`: boolean, MCP servers over stdio may be started (they run commands on the server).
 * Every reader falls back to the default (empty list, false) when the row is absent.
 */
import type { SsrfPolicy } from "@/lib/net/ssrf";
import type { Db } from "../client";

export const SETTING_KEYS = {
  allowedHosts: "net.allowed_hosts",
  allowLoopback: "net.allow_loopback",
  allowStdio: "mcp.allow_stdio",
} as const;

/** The stored JSON value of a setting, or `fallback` when absent or unreadable. */
export async function getSetting<T>(db: Db, key: string, fallback: T): Promise<T> {
  const row = await db.setting.findUnique({ where: { key } });
  return parseSettingValue(key, row?.value ?? null, fallback);
}

/** A stored setting text (null when the row is absent) as its JSON value, or `fallback` when absent or unreadable (logged). */
export function parseSettingValue<T>(key: string, text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    console.error(`[settings] ${key} holds invalid JSON; using the default`, error);
    return fallback;
  }
}

/** Stores a setting's value as JSON (created or replaced). */
export async function setSetting(db: Db, key: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  await db.setting.upsert({ where: { key }, create: { key, value: text }, update: { value: text } });
}

/** Network settings as the admin page shows and edits them. */
export interface NetworkSettings {
  allowedHosts: string[];
  allowLoopback: boolean;
}

export async function getNetworkSettings(db: Db): Promise<NetworkSettings> {
  const [hosts, loopback] = await Promise.all([
    getSetting<unknown>(db, SETTING_KEYS.allowedHosts, []),
    getSetting<unknown>(db, SETTING_KEYS.allowLoopback, false),
  ]);
  return networkSettingsFrom(hosts, loopback);
}

/** Network settings from the parsed values of `net.allowed_hosts` and `net.allow_loopback` (anything else → defaults). */
export function networkSettingsFrom(hosts: unknown, loopback: unknown): NetworkSettings {
  return {
    allowedHosts: Array.isArray(hosts) ? hosts.filter((entry): entry is string => typeof entry === "string") : [],
    allowLoopback: loopback === true,
  };
}

export async function saveNetworkSettings(db: Db, settings: NetworkSettings): Promise<void> {
  await setSetting(db, SETTING_KEYS.allowedHosts, settings.allowedHosts);
  await setSetting(db, SETTING_KEYS.allowLoopback, settings.allowLoopback);
}

/**
 * The outbound policy for connector calls and MCP servers: the workspace settings, plus env
 * `SWITCHYARD_ALLOWED_HOSTS` (added by lib/net/ssrf.ts itself).
 */
export async function getSsrfPolicy(db: Db): Promise<SsrfPolicy> {
  const settings = await getNetworkSettings(db);
  return { allowedHosts: settings.allowedHosts, allowLoopback: settings.allowLoopback };
}

/** Whether MCP servers over stdio may be added and started (`mcp.allow_stdio`, default false). */
export async function getAllowStdio(db: Db): Promise<boolean> {
  return (await getSetting<unknown>(db, SETTING_KEYS.allowStdio, false)) === true;
}

export async function setAllowStdio(db: Db, allow: boolean): Promise<void> {
  await setSetting(db, SETTING_KEYS.allowStdio, allow);
}
