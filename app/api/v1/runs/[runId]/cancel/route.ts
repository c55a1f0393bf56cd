/** POST /api/v1/runs/:runId/cancel — cancel a run (lib/api/v1.ts). */
import { apiHandler, methodNotAllowed } from "@/lib/api/respond";
import { cancelRunResponse } from "@/lib/api/v1";

export const dynamic = "force-dynamic";

export const POST = apiHandler("api/v1/runs.cancel", async (request, { params }: { params: Promise<{ runId: string }> }) =>
  cancelRunResponse(request, (await params).runId),
);

/** The other methods: 405 with `Allow: POST, OPTIONS` (lib/api/respond.ts). */
export const { GET, PUT, PATCH, DELETE } = methodNotAllowed("POST");
