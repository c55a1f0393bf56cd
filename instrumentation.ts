/**
 * Runs once when the server starts (Next.js instrumentation); the Node.js work lives in
 * lib/server-start.ts.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { onServerStart } = await import("@/lib/server-start");
    await onServerStart();
  }
}
