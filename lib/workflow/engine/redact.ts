/**
 * Keeps secret workspace variables out of stored inputs, outputs and events (spec §3 "secret values never
 * leave the server in exports or logs").
 */
import type { NodeServices } from "../services";

/** The replacement text of a secret value. */
export const REDACTED = "[redacted]";

/** The secret values of `services.env` (at least 4 characters long, longest first). */
export function secretValues(services: NodeServices): string[] {
  return (services.secretEnvNames ?? [])
    .map((name) => services.env?.[name])
    .filter((value): value is string => typeof value === "string" && value.length >= 4)
    .sort((a, b) => b.length - a.length);
}

function redactText(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => out.split(secret).join(REDACTED), text);
}

/** A function replacing every occurrence of a secret value in the strings of a JSON value (deep); identity when there are none. */
export function makeRedactor(services: NodeServices): <T>(value: T) => T {
  const secrets = secretValues(services);
  if (secrets.length === 0) return (value) => value;
  const redactString = (text: string) => redactText(text, secrets);
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

/**
 * Redacts streamed text (`node.delta`) whose secrets may be split across fragments: holds back the end
 * of the text that could still be the start of a secret, and releases it with the next fragment or on
 * `flush` (when the node ends).
 */
export class StreamRedactor {
  private readonly pending = new Map<string, string>();
  private readonly holdBack: number;

  constructor(private readonly secrets: readonly string[]) {
    this.holdBack = secrets.length === 0 ? 0 : Math.max(...secrets.map((secret) => secret.length)) - 1;
  }

  /** The text of `key`'s stream that is safe to send now (redacted), possibly "". */
  push(key: string, text: string): string {
    if (this.secrets.length === 0) return text;
    const buffered = (this.pending.get(key) ?? "") + text;
    let cut = buffered.length - this.holdBack;
    for (const secret of this.secrets) {
      for (let at = buffered.indexOf(secret); at !== -1 && at < cut; at = buffered.indexOf(secret, at + 1)) {
        if (at + secret.length > cut) cut = at;
      }
    }
    if (cut <= 0) {
      this.pending.set(key, buffered);
      return "";
    }
    this.pending.set(key, buffered.slice(cut));
    return redactText(buffered.slice(0, cut), this.secrets);
  }

  /** What is left of `key`'s stream, redacted; the stream is forgotten. */
  flush(key: string): string {
    const rest = this.pending.get(key) ?? "";
    this.pending.delete(key);
    return redactText(rest, this.secrets);
  }
}
