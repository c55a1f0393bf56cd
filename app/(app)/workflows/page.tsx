import type { Metadata } from "next";
import { CreateWorkflowButton } from "@/components/workflows/create-workflow-dialog";
import { ImportWorkflowButton } from "@/components/workflows/import-workflow-button";
import { WorkflowList } from "@/components/workflows/workflow-list";
import { PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { listWorkflows } from "@/lib/db/queries/workflows";

export const metadata: Metadata = { title: "Workflows" };

export default async function WorkflowsPage() {
  const user = await requirePageUser("/workflows");
  const workflows = await listWorkflows(getDb(), user);
  return (
    <div className="mx-auto max-w-5xl px-8 py-8">
      <PageHeader
        title="Workflows"
        description="Design workflows on a canvas, publish them, and run them from here, the API or an agent."
        actions={
          <>
            <ImportWorkflowButton />
            <CreateWorkflowButton />
          </>
        }
      />
      <WorkflowList workflows={workflows} isAdmin={user.role === "admin"} />
    </div>
  );
}
