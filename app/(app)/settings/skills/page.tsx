import { Blocks } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Skills" };

export default async function Page() {
  await requirePageUser("/settings/skills");
  return (
    <div className="mx-auto max-w-5xl px-8 py-8">
      <PageHeader title="Skills" description="Standard operating procedures agents read on demand." />
      <EmptyState icon={<Blocks size={28} aria-hidden="true" />} title="No skills yet">
        Write a skill in Markdown: a name, when to use it, and the steps.
      </EmptyState>
    </div>
  );
}
