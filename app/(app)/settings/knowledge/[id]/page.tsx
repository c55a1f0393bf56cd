import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DeleteKnowledgeBaseButton } from "@/components/settings/knowledge/delete-knowledge-base";
import { DocumentsPanel } from "@/components/settings/knowledge/documents-panel";
import { RetrievalTester } from "@/components/settings/knowledge/retrieval-tester";
import { Card, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";
import { failInterruptedIndexing } from "@/lib/capabilities/knowledge";
import { getDb } from "@/lib/db/client";
import { canEditKnowledgeBase, getKnowledgeBase, listDocuments } from "@/lib/db/queries/knowledge";

export const metadata: Metadata = { title: "Knowledge base" };

export default async function KnowledgeBasePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requirePageUser(`/settings/knowledge/${id}`);
  const db = getDb();
  const kb = await getKnowledgeBase(db, user, id);
  if (!kb) notFound();
  await failInterruptedIndexing(db, kb.id);
  const documents = await listDocuments(db, kb.id);
  const canEdit = canEditKnowledgeBase(user, kb);
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-8 py-8">
      <div>
        <Link href="/settings/knowledge" className="text-sm text-zinc-500 hover:underline">
          ← Knowledge
        </Link>
        <PageHeader
          title={kb.name}
          description={
            <>
              Key <code className="font-mono">{kb.key}</code> · chunks of {kb.chunkSize} tokens with {kb.chunkOverlap} overlap ·{" "}
              {kb.embeddingModel ? (
                <>
                  hybrid ranking with <code className="font-mono">{kb.embeddingModel}</code>
                </>
              ) : (
                "keyword ranking (bm25)"
              )}
              {kb.description ? ` · ${kb.description}` : ""}
            </>
          }
          actions={canEdit ? <DeleteKnowledgeBaseButton id={kb.id} name={kb.name} /> : null}
        />
      </div>
      <Card>
        <h2 className="mb-4 text-base font-semibold">Documents</h2>
        <DocumentsPanel kbId={kb.id} initial={documents} canEdit={canEdit} />
      </Card>
      <Card>
        <h2 className="mb-4 text-base font-semibold">Test retrieval</h2>
        <RetrievalTester kbId={kb.id} />
      </Card>
    </div>
  );
}
