import { BookOpen } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { KnowledgeBaseForm } from "@/components/settings/knowledge/knowledge-base-form";
import { Badge, Card, EmptyState, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { listKnowledgeBases } from "@/lib/db/queries/knowledge";

export const metadata: Metadata = { title: "Knowledge" };

export default async function KnowledgePage() {
  const user = await requirePageUser("/settings/knowledge");
  const bases = await listKnowledgeBases(getDb(), user);
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-8 py-8">
      <PageHeader
        title="Knowledge"
        description="Documents your workflows and agents can search: full-text (bm25) retrieval over overlapping chunks, hybrid with embeddings when a knowledge base names an embedding model."
      />
      {bases.length === 0 ? (
        <EmptyState icon={<BookOpen size={28} aria-hidden="true" />} title="No knowledge bases yet">
          Create one below, then upload text, Markdown, HTML, PDF or Word documents to it.
        </EmptyState>
      ) : (
        <Card className="p-0">
          <table className="w-full text-left text-sm" aria-label="Knowledge bases">
            <thead className="border-b border-zinc-200 text-xs uppercase text-zinc-500 dark:border-zinc-800">
              <tr>
                <th className="px-5 py-3 font-medium">Name</th>
                <th className="px-5 py-3 font-medium">Documents</th>
                <th className="px-5 py-3 font-medium">Chunking</th>
                <th className="px-5 py-3 font-medium">Ranking</th>
                <th className="px-5 py-3 font-medium">Visibility</th>
              </tr>
            </thead>
            <tbody>
              {bases.map((kb) => (
                <tr key={kb.id} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800">
                  <td className="px-5 py-3">
                    <Link href={`/settings/knowledge/${kb.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-400">
                      {kb.name}
                    </Link>
                    <div className="font-mono text-xs text-zinc-500">{kb.key}</div>
                  </td>
                  <td className="px-5 py-3">{kb.documentCount}</td>
                  <td className="px-5 py-3 text-zinc-600 dark:text-zinc-400">
                    {kb.chunkSize} tokens, {kb.chunkOverlap} overlap
                  </td>
                  <td className="px-5 py-3 text-zinc-600 dark:text-zinc-400">
                    {kb.embeddingModel ? (
                      <>
                        hybrid · <span className="font-mono text-xs">{kb.embeddingModel}</span>
                      </>
                    ) : (
                      "bm25"
                    )}
                  </td>
                  <td className="px-5 py-3">
                    <Badge>{kb.visibility}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <Card>
        <h2 className="mb-4 text-base font-semibold">New knowledge base</h2>
        <KnowledgeBaseForm />
      </Card>
    </div>
  );
}
