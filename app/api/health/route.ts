import { ensureDbReady } from "@/lib/db/client";

export const dynamic = "force-dynamic";

/** Liveness and database check: 200 `{ok:true}` or 503 with the reason. */
export async function GET() {
  try {
    await ensureDbReady();
    return Response.json({ ok: true });
  } catch (error) {
    return Response.json({ ok: false, error: error instanceof Error ? error.message : String(error) }, { status: 503 });
  }
}
