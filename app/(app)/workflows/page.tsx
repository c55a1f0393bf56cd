import { Workflow } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Workflows" };

export default async function Page() {
  await requirePageUser("/workflows");
  return (
    <div className="mx-auto max-w-5xl px-8 py-8">
      <PageHeader
        title="Workflows"
        description="Design workflows on a canvas, publish them, and run them from here, the API or an agent."
      />
      <EmptyState icon={<Workflow size={28} aria-hidden="true" />} title="No workflows yet">
        Create your first workflow, or import a workflow file (.json). The demo workspace includes examples for every node type.
      </EmptyState>
    </div>
  );
}
