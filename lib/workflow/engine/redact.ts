/**
 * Keeps secret workspace variables out of stored inputs, outputs and events (spec §3 "secret values never
 * leave the server in exports or logs").
 */
import type { NodeServices } from "../services";

/** The replacement text of a secret value. */
export const REDACTED = "[redacted]";

/** A function replacing every occurrence of a secret value in the strings of a JSON value (deep); identity when there are none. */
export function makeRedactor(services: NodeServices): <T>(value: T) => T {
  const secrets = (services.secretEnvNames ?? [])
    .map((name) => services.env?.[name])
    .filter((value): value is string => typeof value === "string" && value.length >= 4)
    .sort((a, b) => b.length - a.length);
  if (secrets.length === 0) return (value) => value;
  const redactString = (text: string) => secrets.reduce((out, secret) => out.split(secret).join(REDACTED), text);
  const visit = (value: unknown): unknown => {
    if (typeof value === "string") return redactString(value);
    if (Array.isArray(value)) return value.map(visit);
    if (value !== null && typeof value === "object" && !(value instanceof Date)) {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) out[key] = visit(item);
      return out;
    }
    return value;
  };
  return <T>(value: T) => visit(value) as T;
}
