/**
 * `Authorization: Bearer <API key>` (RFC 6750 §2.1) for the REST API (/api/v1) and the MCP endpoint
 * (/api/mcp). Those paths pass the session proxy (lib/auth/config.ts PUBLIC_PATHS) and authenticate here.
 */
import { getDb, type Db } from "@/lib/db/client";
import { type ApiKeyOwner, findApiKeyOwner } from "@/lib/db/queries/api-keys";
import { AppError } from "@/lib/errors";

/** The bearer token of a request, or null when there is none (scheme matched case-insensitively). */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  const match = header ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
  return match ? match[1] : null;
}

/**
 * The owner of the request's API key.
 * @throws AppError `unauthenticated` (401) when the header is missing, or the key is unknown or revoked —
 *   one message for all three, so a caller cannot probe which keys exist.
 */
export async function authenticateApiKey(request: Request, db: Db = getDb()): Promise<ApiKeyOwner> {
  const token = bearerToken(request);
  const owner = token ? await findApiKeyOwner(db, token) : null;
  if (!owner) {
    throw new AppError(
      "unauthenticated",
      "A valid API key is required: send `Authorization: Bearer <key>` (create keys in Settings → API keys).",
    );
  }
  return owner;
}
