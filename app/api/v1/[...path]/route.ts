/**
 * Any /api/v1 path no route serves: 404 in the API's one JSON error shape (lib/api/respond.ts), not the
 * app's HTML "not found" page. Specific routes take precedence over this catch-all.
 */
import { apiErrorResponse } from "@/lib/api/respond";
import { AppError } from "@/lib/errors";

export const dynamic = "force-dynamic";

function notFound(request: Request): Response {
  const { pathname } = new URL(request.url);
  return apiErrorResponse(
    new AppError("not_found", `No API route ${request.method} ${pathname}. The reference is at /api/v1/openapi.json.`),
    "api/v1",
  );
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
