/** POST /api/v1/workflows/:workflowId/runs — start a run of the active version (lib/api/v1.ts). */
import { apiHandler, methodNotAllowed } from "@/lib/api/respond";
import { startRunResponse } from "@/lib/api/v1";

export const dynamic = "force-dynamic";

export const POST = apiHandler("api/v1/runs.start", async (request, { params }: { params: Promise<{ workflowId: string }> }) =>
  startRunResponse(request, (await params).workflowId),
);

/** The other methods: 405 with `Allow: POST, OPTIONS` (lib/api/respond.ts). */
export const { GET, PUT, PATCH, DELETE } = methodNotAllowed("POST");
