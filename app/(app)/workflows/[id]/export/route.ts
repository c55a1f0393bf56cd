/**
 * GET /workflows/:id/export — the workflow's draft as a workflow file (spec §1) with the resources its
 * nodes refer to (secrets blank), downloaded as `<name>.workflow.json`.
 */
import { getSessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { exportWorkflowDocument } from "@/lib/db/queries/workflow-documents";
import { getWorkflow } from "@/lib/db/queries/workflows";
import { toErrorResponse } from "@/lib/errors";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await getSessionUser();
  if (!user) return Response.json({ error: { code: "unauthenticated", message: "Please sign in to continue." } }, { status: 401 });
  try {
    const { id } = await params;
    const db = getDb();
    const workflow = await getWorkflow(db, user, id);
    const document = await exportWorkflowDocument(db, workflow.id);
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
