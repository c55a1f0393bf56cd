import { requireUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { pendingApprovalIds } from "@/lib/db/queries/approvals";
import { toErrorResponse } from "@/lib/errors";
import { sseResponse } from "@/lib/sse";

export const dynamic = "force-dynamic";

const POLL_MS = 1500;

/**
 * SSE for the approvals inbox: `event: pending` with `{ids}` (the pending approvals the user sees and may
 * decide, newest first) now and whenever that list changes — a new approval, or one decided anywhere (another
 * tab, another person, the CLI, a timeout). The database is the source of truth, so this works across processes.
 */
export async function GET(request: Request) {
  let user: Awaited<ReturnType<typeof requireUser>>;
  try {
    user = await requireUser();
  } catch (error) {
    const { status, body } = toErrorResponse(error);
    return Response.json(body, { status });
  }
  return sseResponse(request.signal, async (send, signal) => {
    let last = "";
    while (!signal.aborted) {
      const ids = await pendingApprovalIds(getDb(), user);
      const key = ids.join(",");
      if (key !== last) {
        send({ event: "pending", data: { ids } });
        last = key;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  });
}
