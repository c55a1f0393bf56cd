/**
 * Secrets at rest: AES-256-GCM (NIST SP 800-38D) with a 96-bit random IV and a 128-bit tag.
 *
 * Ciphertext format, version 1 (ASCII, safe in a text column):
 *   `v1:<iv base64url>:<tag base64url>:<ciphertext base64url>`
 * The version prefix lets a later key rotation or algorithm change read old values.
 *
 * The key comes from env `SWITCHYARD_ENCRYPTION_KEY`: 32 bytes given as 64 hex characters or as base64
 * (standard or url-safe). It is read on every call, so tests and `scripts/setup` may set it late.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const KEY_VARIABLE = "SWITCHYARD_ENCRYPTION_KEY";
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Thrown for a missing or malformed key and for ciphertext that cannot be decrypted. */
export class SecretsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SecretsError";
  }
}

/**
 * Parses a 32-byte key given as 64 hex characters or base64 (standard or url-safe, padding optional).
 * @throws SecretsError naming `SWITCHYARD_ENCRYPTION_KEY` when the value is absent or not 32 bytes.
 */
export function parseEncryptionKey(value: string | undefined): Buffer {
  const text = value?.trim() ?? "";
  if (text === "") {
    throw new SecretsError(`${KEY_VARIABLE} is not set; generate one with \`openssl rand -base64 32\` and set it in the environment`);
  }
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex");
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) {
    const key = Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (key.length === 32) return key;
  }
  throw new SecretsError(`${KEY_VARIABLE} must be 32 bytes given as 64 hex characters or base64 (e.g. \`openssl rand -base64 32\`)`);
}

function currentKey(): Buffer {
  return parseEncryptionKey(process.env[KEY_VARIABLE]);
}

/**
 * Encrypts a UTF-8 string with the current key.
 * @returns the versioned ciphertext `v1:iv:tag:data` (base64url parts); a fresh IV every call.
 * @throws SecretsError when the key is missing or malformed.
 */
export function encryptSecret(plain: string): string {
  const key = currentKey();
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString("base64url"), tag.toString("base64url"), data.toString("base64url")].join(":");
}

/**
 * Decrypts a value produced by {@link encryptSecret}.
 * @throws SecretsError for an unknown version, a malformed value, a wrong key or tampered data
 *   (the message never contains the plaintext or the key).
 */
export function decryptSecret(cipherText: string): string {
  const parts = cipherText.split(":");
  if (parts[0] !== VERSION) {
    throw new SecretsError(`unsupported secret format "${parts[0] ?? ""}" (expected ${VERSION})`);
  }
  if (parts.length !== 4) throw new SecretsError("malformed secret: expected v1:iv:tag:data");
  const [, ivText, tagText, dataText] = parts;
  const iv = Buffer.from(ivText, "base64url");
  const tag = Buffer.from(tagText, "base64url");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new SecretsError("malformed secret: bad IV or tag length");
  }
  const key = currentKey();
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(dataText, "base64url")), decipher.final()]).toString("utf8");
  } catch (error) {
    throw new SecretsError(`cannot decrypt secret: wrong ${KEY_VARIABLE} or tampered value`, { cause: error });
  }
}

/** True when the value looks like a {@link encryptSecret} output (any supported version). */
export function isEncryptedSecret(value: string): boolean {
  return /^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]*$/.test(value);
}

/**
 * Masks a secret for display: the last 4 characters of a secret of 12 or more, else nothing.
 * `maskSecret("sk-live-abcdef123456")` → `"••••3456"`; `maskSecret("short")` → `"••••"`; empty → `""`.
 */
export function maskSecret(secret: string | null | undefined): string {
  if (!secret) return "";
  return secret.length >= 12 ? `••••${secret.slice(-4)}` : "••••";
}
