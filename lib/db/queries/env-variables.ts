/**
 * Workspace variables (model EnvVariable) for `{{env.NAME}}` (spec §3), decrypted for the runtime.
 * Server-side only: the values hold secrets.
 */
import { decryptSecret, isEncryptedSecret } from "@/lib/crypto/secrets";
import type { Db } from "../client";
import { Prisma } from "../generated/sqlite/client";
import { queryRows } from "../sqlite-direct";

export interface WorkspaceEnv {
  /** Name → plain value. */
  values: Record<string, string>;
  /** Names whose values are secret (the engine redacts them from stored inputs, outputs and events). */
  secretNames: string[];
}

/**
 * Every workspace variable, decrypted.
 * @throws SecretsError when a value cannot be decrypted (wrong SWITCHYARD_ENCRYPTION_KEY).
 */
export async function loadWorkspaceEnv(db: Db): Promise<WorkspaceEnv> {
  // read on every run start: a prepared statement on the embedded SQLite file, Prisma elsewhere
  const rows = await queryRows<{ name: string; valueEnc: string; secret: boolean | number }>(
    db,
    Prisma.sql`SELECT "name", "valueEnc", "secret" FROM "EnvVariable" ORDER BY "name" ASC`,
  );
  const values: Record<string, string> = {};
  for (const row of rows) values[row.name] = isEncryptedSecret(row.valueEnc) ? decryptSecret(row.valueEnc) : row.valueEnc;
  return { values, secretNames: rows.filter((row) => Boolean(row.secret)).map((row) => row.name) };
}
