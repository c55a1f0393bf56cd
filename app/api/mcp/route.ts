/**
 * /api/mcp — Switchyard's MCP server over Streamable HTTP, stateless (lib/api/mcp-server.ts),
 * authenticated by API key (`Authorization: Bearer sy_…`) and rate-limited per key like the REST API.
 */
import { mcpResponse } from "@/lib/api/mcp-server";
import { apiHandler } from "@/lib/api/respond";
import { apiCaller } from "@/lib/api/v1";

export const dynamic = "force-dynamic";

const handle = apiHandler("api/mcp", async (request) => mcpResponse(request, await apiCaller(request)));

export const POST = handle;
export const GET = handle;
export const DELETE = handle;
