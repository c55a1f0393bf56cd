import type { Metadata } from "next";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { WorkflowEditor } from "@/components/workflow-editor/editor";
import { requirePageUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { getResourceCatalog } from "@/lib/db/queries/editor-catalog";
import { listRuns } from "@/lib/db/queries/runs";
import { assertCanManageTriggers } from "@/lib/db/queries/triggers";
import { getWorkflow, type WorkflowDetail } from "@/lib/db/queries/workflows";
import { AppError } from "@/lib/errors";
import { validateGraph } from "@/lib/workflow/validate";

export const metadata: Metadata = { title: "Workflow editor" };

/** Runs from the editor go through lib/runtime.ts (startWorkflowRun) and stream from /api/runs/:id/events. */
const RUN_AVAILABLE = true;
/** Statuses of a run that has not ended (spec §5). */
const ACTIVE_RUN_STATUSES = new Set(["queued", "running", "waiting"]);

export default async function WorkflowEditorPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requirePageUser(`/workflows/${id}`);
  let workflow: WorkflowDetail;
  try {
    workflow = await getWorkflow(getDb(), user, id);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
  const theme = (await cookies()).get("theme")?.value === "dark" ? "dark" : "light";
  // a run started from the editor that is still going (the page was reloaded mid-run) is shown again
  // the toolbar links to the Triggers page for those who may manage them (the owner or an admin)
  const [recent, canManageTriggers, catalog] = await Promise.all([
    listRuns(getDb(), user, { workflowId: id, triggerKind: "editor" }, { limit: 5 }),
    assertCanManageTriggers(getDb(), user, id).then(
      () => true,
      (error: unknown) => {
        if (error instanceof AppError && error.code === "not_found") return false;
        throw error;
      },
    ),
    getResourceCatalog(getDb(), user),
  ]);
  const active = recent.runs.find((run) => ACTIVE_RUN_STATUSES.has(run.status));
  return (
    <WorkflowEditor
      workflow={workflow}
      theme={theme}
      runAvailable={RUN_AVAILABLE}
      activeRun={active ? { id: active.id, status: active.status } : null}
      initialIssues={validateGraph(workflow.draftGraph)}
      canManageTriggers={canManageTriggers}
      catalog={catalog}
    />
  );
}
