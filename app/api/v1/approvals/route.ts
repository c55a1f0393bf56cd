/** GET /api/v1/approvals — pending approvals the API key's owner may decide (lib/api/v1.ts). */
import { apiHandler, methodNotAllowed } from "@/lib/api/respond";
import { listApprovalsResponse } from "@/lib/api/v1";

export const dynamic = "force-dynamic";

export const GET = apiHandler("api/v1/approvals", (request) => listApprovalsResponse(request));

/** The other methods: 405 with `Allow: GET, HEAD, OPTIONS` (lib/api/respond.ts). */
export const { POST, PUT, PATCH, DELETE } = methodNotAllowed("GET");
