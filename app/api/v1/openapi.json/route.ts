/** GET /api/v1/openapi.json — the OpenAPI 3.1 description of the REST API (lib/api/openapi.ts), public. */
import { apiOpenApiDocument } from "@/lib/api/openapi";

export const dynamic = "force-static";

export function GET() {
  return Response.json(apiOpenApiDocument(), { headers: { "Access-Control-Allow-Origin": "*" } });
}
