/**
 * Secret redaction for connector errors, results and audit entries: every occurrence of a secret value
 * (and of derived forms such as the Basic credential) is replaced by `[REDACTED]`.
 */
import type { ConnectorAuth } from "./types";

export const REDACTED = "[REDACTED]";

/** Secrets shorter than this are not searched for (they would mangle ordinary text). */
const MIN_SECRET_LENGTH = 4;

/** The strings to hide for an auth configuration: the secret, its URL-encoded form and the Basic token. */
export function secretsOf(auth: ConnectorAuth): string[] {
  if (auth.kind === "none" || !auth.secret) return [];
  const values = [auth.secret, encodeURIComponent(auth.secret)];
  if (auth.kind === "basic") values.push(Buffer.from(`${auth.username}:${auth.secret}`).toString("base64"));
  return [...new Set(values)].filter((value) => value.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

/** Replaces every secret in a string. */
export function redactText(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out;
}

/** Replaces every secret in every string of a JSON-like value (keys included), returning a copy. */
export function redactValue<T>(value: T, secrets: string[]): T {
  if (secrets.length === 0) return value;
  const visit = (current: unknown): unknown => {
    if (typeof current === "string") return redactText(current, secrets);
    if (Array.isArray(current)) return current.map(visit);
    if (current !== null && typeof current === "object") {
      return Object.fromEntries(Object.entries(current).map(([key, item]) => [redactText(key, secrets), visit(item)]));
    }
    return current;
  };
  return visit(value) as T;
}

/** A URL as text with the API-key query parameter (if any) and any secret replaced. */
export function redactUrl(url: URL, secrets: string[], queryName?: string): string {
  const copy = new URL(url);
  if (queryName && copy.searchParams.has(queryName)) copy.searchParams.set(queryName, REDACTED);
  if (copy.password) copy.password = REDACTED;
  return redactText(copy.toString().replace(encodeURIComponent(REDACTED), REDACTED), secrets);
}
