/**
 * What every database command of the CLI shares: the runtime over DATABASE_URL and the user the CLI acts
 * as (lib/db/queries/users.ts `getCliUser`: the first admin, else `cli@switchyard.local`).
 */
import { ensureDbReady } from "@/lib/db/client";
import { databaseUrl } from "@/lib/db/database-url";
import { getCliUser, type SystemUser } from "@/lib/db/queries/users";
import { createRuntime, type Runtime } from "@/lib/runtime";
import { CommandFailed } from "./errors";

export interface CliContext {
  runtime: Runtime;
  user: SystemUser;
}

/**
 * Opens the database, runs `body`, and disconnects.
 * @throws CommandFailed (exit 1) when the database is not usable, with the fix.
 */
export async function withCliContext<T>(body: (context: CliContext) => Promise<T>): Promise<T> {
  const url = databaseUrl();
  const runtime = createRuntime({ url });
  try {
    try {
      await ensureDbReady(runtime.db, url);
    } catch (error) {
      throw new CommandFailed(error instanceof Error ? error.message : String(error));
    }
    const user = await getCliUser(runtime.db);
    return await body({ runtime, user });
  } finally {
    await runtime.db.$disconnect();
  }
}

/** Writes `value` to stdout as one JSON object (spec §8 `--json`). */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
