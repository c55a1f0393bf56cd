/**
 * Runs once when the server starts (Next.js instrumentation). Checks the database so a missing or
 * unreachable one prints one line naming the URL and the fix, then lets the runtime recover runs a
 * dead process left `running` (spec §5).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { ensureDbReady } = await import("@/lib/db/client");
  try {
    await ensureDbReady();
  } catch (error) {
    console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const { onServerStart } = await import("@/lib/runtime-startup");
  await onServerStart();
}
