/** POST /api/v1/approvals/:approvalId/decision — approve or reject once (lib/api/v1.ts). */
import { apiHandler, methodNotAllowed } from "@/lib/api/respond";
import { decideApprovalResponse } from "@/lib/api/v1";

export const dynamic = "force-dynamic";

export const POST = apiHandler("api/v1/approvals.decide", async (request, { params }: { params: Promise<{ approvalId: string }> }) =>
  decideApprovalResponse(request, (await params).approvalId),
);

/** The other methods: 405 with `Allow: POST, OPTIONS` (lib/api/respond.ts). */
export const { GET, PUT, PATCH, DELETE } = methodNotAllowed("POST");
