/** GET /api/v1/runs/:runId — a run with its node runs and approvals (lib/api/v1.ts). */
import { apiHandler, methodNotAllowed } from "@/lib/api/respond";
import { getRunResponse } from "@/lib/api/v1";

export const dynamic = "force-dynamic";

export const GET = apiHandler("api/v1/runs.get", async (request, { params }: { params: Promise<{ runId: string }> }) =>
  getRunResponse(request, (await params).runId),
);

/** The other methods: 405 with `Allow: GET, HEAD, OPTIONS` (lib/api/respond.ts). */
export const { POST, PUT, PATCH, DELETE } = methodNotAllowed("GET");
