"use client";

import { useEffect, useRef, useState, useTransition } from "react";
import { deleteDocumentAction, listDocumentsAction, uploadDocuments } from "@/app/(app)/settings/knowledge/actions";
import { ACCEPTED_DOCUMENTS } from "@/app/(app)/settings/knowledge/schema";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/page";
import type { DocumentView } from "@/lib/db/queries/knowledge";

const STATUS_TONE = { pending: "neutral", indexing: "blue", ready: "green", failed: "red" } as const;
const POLL_MS = 1000;

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Upload documents, watch them index (polled while any is pending or indexing), delete them. */
export function DocumentsPanel({ kbId, initial, canEdit }: { kbId: string; initial: DocumentView[]; canEdit: boolean }) {
  const [documents, setDocuments] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = documents.some((document) => document.status === "pending" || document.status === "indexing");

  useEffect(() => {
    if (!busy) return;
    let cancelled = false;
    const timer = setInterval(async () => {
      const result = await listDocumentsAction(kbId);
      if (cancelled) return;
      if (result.ok) setDocuments(result.data);
      else setFailure(result.error.message);
    }, POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [busy, kbId]);

  const onUpload = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(async () => {
      setFailure(null);
      const result = await uploadDocuments(kbId, form);
      if (!result.ok) {
        setFailure(result.error.message);
        return;
      }
      if (fileInput.current) fileInput.current.value = "";
      setDocuments((current) => [...result.data, ...current]);
    });
  };

  const onDelete = (document: DocumentView) => {
    if (!window.confirm(`Delete "${document.name}" and its chunks?`)) return;
    startTransition(async () => {
      const result = await deleteDocumentAction(kbId, document.id);
      if (result.ok) setDocuments((current) => current.filter((item) => item.id !== document.id));
      else setFailure(result.error.message);
    });
  };

  return (
    <div className="space-y-4">
      {canEdit ? (
        <form onSubmit={onUpload} className="flex flex-wrap items-end gap-3" aria-label="Upload documents">
          <div className="space-y-1.5">
            <label htmlFor="kb-files" className="block text-sm font-medium">
              Add documents
            </label>
            <input
              ref={fileInput}
              id="kb-files"
              name="files"
              type="file"
              multiple
              required
              accept={ACCEPTED_DOCUMENTS}
              className="text-sm file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-zinc-900 hover:file:bg-zinc-100 dark:file:border-zinc-700 dark:file:bg-zinc-900 dark:file:text-zinc-100"
            />
            <p className="text-xs text-zinc-500">Plain text, Markdown, HTML, PDF or DOCX, up to 15 MB each.</p>
          </div>
          <Button type="submit" disabled={pending}>
            {pending ? "Uploading…" : "Upload"}
          </Button>
        </form>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-red-600">
          {failure}
        </p>
      ) : null}
      {documents.length === 0 ? (
        <p className="text-sm text-zinc-500">No documents yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800">
          <table className="w-full text-left text-sm" aria-label="Documents">
            <thead className="border-b border-zinc-200 text-xs uppercase text-zinc-500 dark:border-zinc-800">
              <tr>
                <th className="px-3 py-2 font-medium">Document</th>
                <th className="px-3 py-2 font-medium">Size</th>
                <th className="px-3 py-2 font-medium">Status</th>
                <th className="px-3 py-2 font-medium">Chunks</th>
                <th className="px-3 py-2" />
              </tr>
            </thead>
            <tbody>
              {documents.map((document) => (
                <tr
                  key={document.id}
                  data-testid={`document-${document.name}`}
                  className="border-b border-zinc-100 last:border-0 dark:border-zinc-800"
                >
                  <td className="px-3 py-2">
                    <div className="font-medium">{document.name}</div>
                    {document.error ? <div className="text-xs text-red-600">{document.error}</div> : null}
                  </td>
                  <td className="px-3 py-2 text-zinc-500">{size(document.sizeBytes)}</td>
                  <td className="px-3 py-2">
                    <Badge tone={STATUS_TONE[document.status]}>
                      <span data-testid="document-status">{document.status}</span>
                    </Badge>
                  </td>
                  <td className="px-3 py-2 text-zinc-600 dark:text-zinc-400">{document.status === "ready" ? document.chunkCount : "—"}</td>
                  <td className="px-3 py-2 text-right">
                    {canEdit ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={pending}
                        onClick={() => onDelete(document)}
                        aria-label={`Delete ${document.name}`}
                      >
                        Delete
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
