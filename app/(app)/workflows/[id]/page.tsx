import type { Metadata } from "next";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { WorkflowEditor } from "@/components/workflow-editor/editor";
import { requirePageUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { getWorkflow, type WorkflowDetail } from "@/lib/db/queries/workflows";
import { AppError } from "@/lib/errors";

export const metadata: Metadata = { title: "Workflow editor" };

/** Runs from the editor go through lib/runtime.ts (startWorkflowRun) and stream from /api/runs/:id/events. */
const RUN_AVAILABLE = true;

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
  return <WorkflowEditor workflow={workflow} theme={theme} runAvailable={RUN_AVAILABLE} />;
}
