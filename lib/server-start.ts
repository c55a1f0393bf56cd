/**
 * Start-up work of an app process: check the database (a missing or unreachable one prints one line
 * naming the URL and the fix, then the process exits), then let the runtime recover runs that a dead
 * process left `running` (spec §5).
 */
import { ensureDbReady } from "@/lib/db/client";

export async function onServerStart(): Promise<void> {
  try {
    await ensureDbReady();
  } catch (error) {
    console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
