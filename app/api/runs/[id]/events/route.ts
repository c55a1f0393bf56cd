/**
 * GET /api/runs/:id/events — the run's events over SSE (spec §9): `Last-Event-ID` (or `?after=SEQ`)
 * resumes after that event; a keep-alive comment every 15 s; the stream ends after `run.ended` or
 * `run.waiting`. An admin may stream any run; a member the runs they triggered and the runs of workflows
 * they own or that are shared with them. Anything else is 404.
 */
import { requireUser } from "@/lib/auth/session";
import { canViewRun } from "@/lib/db/queries/runs";
import { AppError, toErrorResponse } from "@/lib/errors";
import { getRuntime } from "@/lib/runtime";
import { resumeSeq, streamRunEvents } from "@/lib/runtime/run-events";
import { sseResponse } from "@/lib/sse";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const runtime = getRuntime();
  try {
    const user = await requireUser();
    if (!(await canViewRun(runtime.db, user, id))) throw new AppError("not_found", `No run "${id}"`);
  } catch (error) {
    const { status, body } = toErrorResponse(error);
    if (status >= 500) console.error("[runs/events]", error);
    return Response.json(body, { status });
  }
  const afterSeq = resumeSeq(request);
  return sseResponse(request.signal, async (send, signal) => {
    await streamRunEvents(runtime, id, afterSeq, send, signal);
  });
}
