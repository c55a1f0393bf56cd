/** GET /api/v1/workflows — published workflows of the API key's owner, with input schemas (lib/api/v1.ts). */
import { apiHandler, methodNotAllowed } from "@/lib/api/respond";
import { listWorkflowsResponse } from "@/lib/api/v1";

export const dynamic = "force-dynamic";

export const GET = apiHandler("api/v1/workflows", (request) => listWorkflowsResponse(request));

/** The other methods: 405 with `Allow: GET, HEAD, OPTIONS` (lib/api/respond.ts). */
export const { POST, PUT, PATCH, DELETE } = methodNotAllowed("GET");
