import { requireUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { countPendingApprovals } from "@/lib/db/queries/approvals";
import { toErrorResponse } from "@/lib/errors";
import { sseResponse } from "@/lib/sse";

export const dynamic = "force-dynamic";

/** SSE: `event: count` with `{count}` now and whenever the number of pending approvals changes. */
export async function GET(request: Request) {
  let user: Awaited<ReturnType<typeof requireUser>>;
  try {
    user = await requireUser();
  } catch (error) {
    const { status, body } = toErrorResponse(error);
    return Response.json(body, { status });
  }
  return sseResponse(request.signal, async (send, signal) => {
    let last = -1;
    while (!signal.aborted) {
      const count = await countPendingApprovals(getDb(), user);
      if (count !== last) {
        send({ event: "count", data: { count } });
        last = count;
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  });
}
