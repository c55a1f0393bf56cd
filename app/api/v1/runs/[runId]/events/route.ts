/**
 * GET /api/v1/runs/:runId/events — the run's events over SSE (spec §9), as app/api/runs/[id]/events
 * streams them for the app: `Last-Event-ID` (or `?after=SEQ`) resumes, keep-alives every 15 s, the stream
 * ends after `run.ended` or `run.waiting`. Authenticated by API key; a run the key's owner may not see is 404.
 */
import { apiCaller } from "@/lib/api/v1";
import { apiErrorResponse, methodNotAllowed } from "@/lib/api/respond";
import { canViewRun } from "@/lib/db/queries/runs";
import { AppError } from "@/lib/errors";
import { getRuntime } from "@/lib/runtime";
import { resumeSeq, streamRunEvents } from "@/lib/runtime/run-events";
import { sseResponse } from "@/lib/sse";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  const runtime = getRuntime();
  try {
    const caller = await apiCaller(request);
    if (!(await canViewRun(runtime.db, caller.user, runId))) throw new AppError("not_found", `No run "${runId}"`);
  } catch (error) {
    return apiErrorResponse(error, "api/v1/runs.events");
  }
  const afterSeq = resumeSeq(request);
  return sseResponse(request.signal, async (send, signal) => {
    await streamRunEvents(runtime, runId, afterSeq, send, signal);
  });
}

/** The other methods: 405 with `Allow: GET, HEAD, OPTIONS` (lib/api/respond.ts). */
export const { POST, PUT, PATCH, DELETE } = methodNotAllowed("GET");
