/**
 * GET /workflows/:id/export — the workflow's draft as a workflow file (spec §1), downloaded as
 * `<name>.workflow.json`.
 */
import { getSessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { getWorkflow } from "@/lib/db/queries/workflows";
import { toErrorResponse } from "@/lib/errors";
import { WORKFLOW_FORMAT, WORKFLOW_FORMAT_VERSION } from "@/lib/workflow/schema";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await getSessionUser();
  if (!user) return Response.json({ error: { code: "unauthenticated", message: "Please sign in to continue." } }, { status: 401 });
  try {
    const { id } = await params;
    const workflow = await getWorkflow(getDb(), user, id);
    // TODO(workflow-documents): export through lib/db/queries/workflow-documents.ts when it lands, so
    // the file carries its `resources` (connectors, MCP servers, knowledge bases; secrets blank).
    const document = {
      format: WORKFLOW_FORMAT,
      version: WORKFLOW_FORMAT_VERSION,
      name: workflow.name,
      description: workflow.description,
      graph: workflow.draftGraph,
    };
    const fileName = `${workflow.name.replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "") || "workflow"}.workflow.json`;
    return new Response(`${JSON.stringify(document, null, 2)}\n`, {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="${fileName}"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    const { status, body } = toErrorResponse(error);
    if (status >= 500) console.error("[export]", error);
    return Response.json(body, { status });
  }
}
