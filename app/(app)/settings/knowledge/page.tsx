import { BookOpen } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Knowledge" };

export default async function Page() {
  await requirePageUser("/settings/knowledge");
  return (
    <div className="mx-auto max-w-5xl px-8 py-8">
      <PageHeader title="Knowledge" description="Knowledge bases your retrieval nodes and agents search." />
      <EmptyState icon={<BookOpen size={28} aria-hidden="true" />} title="No knowledge bases yet">
        Create a knowledge base and upload documents: text, Markdown, HTML, PDF or DOCX.
      </EmptyState>
    </div>
  );
}
