/** POST /api/hooks/:token — a workflow's webhook (lib/triggers/webhook.ts). No session, no API key: the token is the secret. */
import { apiHandler, methodNotAllowed } from "@/lib/api/respond";
import { webhookResponse } from "@/lib/triggers/webhook";

export const dynamic = "force-dynamic";

export const POST = apiHandler("api/hooks", async (request, { params }: { params: Promise<{ token: string }> }) =>
  webhookResponse(request, (await params).token),
);

/** The other methods: 405 with `Allow: POST, OPTIONS` (lib/api/respond.ts). */
export const { GET, PUT, PATCH, DELETE } = methodNotAllowed("POST");
