/**
 * Start-up work of an app process: check the database (a missing or unreachable one prints one line
 * naming the URL and the fix, then the process exits), then let the runtime recover runs that a dead
 * process left `running` (spec §5: they end `failed` with `interrupted`), and start the periodic
 * approval-timeout sweep (an unref'd interval).
 */
import { ensureDbReady } from "@/lib/db/client";
import { getRuntime, recoverInterruptedRuns, startApprovalTimeoutSweep } from "@/lib/runtime";
import { startScheduler } from "@/lib/triggers/scheduler";

export async function onServerStart(): Promise<void> {
  try {
    await ensureDbReady();
  } catch (error) {
    console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const runtime = getRuntime();
  try {
    const recovered = await recoverInterruptedRuns(runtime);
    if (recovered.length > 0)
      console.warn(`[runtime] ${recovered.length} interrupted run(s) marked failed: ${recovered.map((run) => run.id).join(", ")}`);
  } catch (error) {
    // The app still serves; the next start (or the CLI) recovers these runs.
    console.error("[runtime] crash recovery failed", error);
  }
  startApprovalTimeoutSweep(runtime);
  // Schedules (issue 8): each tick is claimed in the database, so every process may run the loop.
  startScheduler(runtime);
}
