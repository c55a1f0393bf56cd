/**
 * API keys (model ApiKey): a key is shown once at creation and stored only as its SHA-256 (hex), with its
 * first characters (`prefix`) to tell keys apart. A key acts as the user who made it; a revoked key stays
 * listed (with `revokedAt`) but no longer authenticates.
 */
import { createHash, randomBytes } from "node:crypto";
import { AppError } from "@/lib/errors";
import type { Db } from "../client";

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = "sy_";
/** Characters of the key kept in clear in `ApiKey.prefix`. */
export const API_KEY_VISIBLE_CHARS = 10;
/** `lastUsedAt` is written at most once per this many ms per key (one write per minute, not per request). */
export const LAST_USED_WRITE_INTERVAL_MS = 60_000;

export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The owner of a key as the API acts for them. */
export interface ApiKeyOwner {
  keyId: string;
  keyName: string;
  user: { id: string; email: string; name: string; role: "admin" | "member" };
}

/** SHA-256 (hex) of a whole key, as stored in `ApiKey.hash`. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** A new random key: `sy_` + 32 base64url characters (192 bits). */
export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(24).toString("base64url")}`;
}

type ApiKeyRow = Awaited<ReturnType<Db["apiKey"]["findFirstOrThrow"]>>;

function toView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * Creates a key for `userId`. The returned `key` is the only time the secret exists in clear.
 * @returns the key and its listing view.
 */
export async function createApiKey(db: Db, userId: string, name: string): Promise<{ key: string; view: ApiKeyView }> {
  const key = generateApiKey();
  const row = await db.apiKey.create({ data: { userId, name, prefix: key.slice(0, API_KEY_VISIBLE_CHARS), hash: hashApiKey(key) } });
  return { key, view: toView(row) };
}

/** The user's keys, newest first, revoked ones included. */
export async function listApiKeys(db: Db, userId: string): Promise<ApiKeyView[]> {
  const rows = await db.apiKey.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(toView);
}

/**
 * Revokes one of the user's keys (idempotent: a revoked key keeps its first revocation time).
 * @throws AppError `not_found` when the key is not the user's.
 */
export async function revokeApiKey(db: Db, userId: string, keyId: string, now = new Date()): Promise<ApiKeyView> {
  const row = await db.apiKey.findFirst({ where: { id: keyId, userId } });
  if (!row) throw new AppError("not_found", "No such API key.");
  if (row.revokedAt) return toView(row);
  return toView(await db.apiKey.update({ where: { id: row.id }, data: { revokedAt: now } }));
}

/**
 * The owner of a presented key, or null when the key is unknown or revoked. Records the use in
 * `lastUsedAt` (at most once per LAST_USED_WRITE_INTERVAL_MS).
 */
export async function findApiKeyOwner(db: Db, key: string, now = new Date()): Promise<ApiKeyOwner | null> {
  const row = await db.apiKey.findUnique({
    where: { hash: hashApiKey(key) },
    include: { user: { select: { id: true, email: true, name: true, role: true } } },
  });
  if (!row || row.revokedAt) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_WRITE_INTERVAL_MS) {
    // Conditional, so concurrent requests write once; a lost race is fine (another request wrote it).
    await db.apiKey.updateMany({ where: { id: row.id, lastUsedAt: row.lastUsedAt }, data: { lastUsedAt: now } });
  }
  return {
    keyId: row.id,
    keyName: row.name,
    user: { id: row.user.id, email: row.user.email, name: row.user.name, role: row.user.role === "admin" ? "admin" : "member" },
  };
}
