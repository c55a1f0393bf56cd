/**
 * Knowledge bases, their documents and chunks (models KnowledgeBase, Document, Chunk). Chunk rows are the
 * truth; the database's full-text index follows them (chunk-search.ts).
 * Document.status: pending → indexing → ready | failed; a `ready` document may carry an `error` when only its
 * embedding failed (it is searchable by keywords).
 */
import { AppError } from "@/lib/errors";
import type { Db } from "../client";
import type { Viewer } from "./connectors";

export type DocumentStatus = "pending" | "indexing" | "ready" | "failed";

export interface KnowledgeBaseView {
  id: string;
  key: string;
  name: string;
  description: string;
  chunkSize: number;
  chunkOverlap: number;
  visibility: "private" | "shared";
  /** Embedding model at the default provider; null: keyword (bm25) ranking only. */
  embeddingModel: string | null;
  ownerId: string | null;
  documentCount: number;
  updatedAt: string;
}

export interface DocumentView {
  id: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
  status: DocumentStatus;
  error: string | null;
  chunkCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface KnowledgeBaseInput {
  key: string;
  name: string;
  description: string;
  chunkSize: number;
  chunkOverlap: number;
  visibility: "private" | "shared";
  /** Embedding model name; "" or absent: none. */
  embeddingModel?: string | null;
}

type KbRow = Awaited<ReturnType<Db["knowledgeBase"]["findFirstOrThrow"]>>;
type DocumentRow = Awaited<ReturnType<Db["document"]["findFirstOrThrow"]>>;

function visibleTo(viewer: Viewer) {
  return viewer.role === "admin" ? {} : { OR: [{ visibility: "shared" }, { ownerId: viewer.id }] };
}

function toView(row: KbRow, documentCount: number): KnowledgeBaseView {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    chunkSize: row.chunkSize,
    chunkOverlap: row.chunkOverlap,
    visibility: row.visibility === "private" ? "private" : "shared",
    embeddingModel: row.embeddingModel,
    ownerId: row.ownerId,
    documentCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDocumentView(row: DocumentRow): DocumentView {
  return {
    id: row.id,
    name: row.name,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    status: row.status as DocumentStatus,
    error: row.error,
    chunkCount: row.chunkCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listKnowledgeBases(db: Db, viewer: Viewer): Promise<KnowledgeBaseView[]> {
  const rows = await db.knowledgeBase.findMany({
    where: visibleTo(viewer),
    orderBy: { name: "asc" },
    include: { _count: { select: { documents: true } } },
  });
  return rows.map((row) => toView(row, row._count.documents));
}

export async function getKnowledgeBase(db: Db, viewer: Viewer, id: string): Promise<KnowledgeBaseView | null> {
  const row = await db.knowledgeBase.findFirst({
    where: { id, ...visibleTo(viewer) },
    include: { _count: { select: { documents: true } } },
  });
  return row ? toView(row, row._count.documents) : null;
}

export function canEditKnowledgeBase(viewer: Viewer, kb: Pick<KnowledgeBaseView, "ownerId">): boolean {
  return viewer.role === "admin" || kb.ownerId === viewer.id;
}

/** The knowledge base when the viewer may change it. @throws AppError `not_found`, `forbidden`. */
export async function editableKnowledgeBase(db: Db, viewer: Viewer, id: string): Promise<KbRow> {
  const row = await db.knowledgeBase.findFirst({ where: { id, ...visibleTo(viewer) } });
  if (!row) throw new AppError("not_found", "That knowledge base does not exist.");
  if (!canEditKnowledgeBase(viewer, row))
    throw new AppError("forbidden", "Only the knowledge base's owner or an administrator can change it.");
  return row;
}

/** @throws AppError `invalid_input` when the key is taken or the overlap is not below the chunk size. */
export async function createKnowledgeBase(db: Db, viewer: Viewer, input: KnowledgeBaseInput): Promise<KnowledgeBaseView> {
  if (input.chunkOverlap >= input.chunkSize)
    throw new AppError("invalid_input", undefined, { fields: { chunkOverlap: "The overlap must be smaller than the chunk size." } });
  if (await db.knowledgeBase.findUnique({ where: { key: input.key } })) {
    throw new AppError("invalid_input", undefined, {
      fields: { key: `The key "${input.key}" is already used by another knowledge base.` },
    });
  }
  const embeddingModel = input.embeddingModel?.trim() || null;
  return toView(await db.knowledgeBase.create({ data: { ...input, embeddingModel, ownerId: viewer.id } }), 0);
}

/** Deletes a knowledge base with its documents and chunks; returns the ids of the documents removed. */
export async function deleteKnowledgeBase(db: Db, viewer: Viewer, id: string): Promise<{ kb: KnowledgeBaseView; documentIds: string[] }> {
  const row = await editableKnowledgeBase(db, viewer, id);
  const documents = await db.document.findMany({ where: { knowledgeBaseId: id }, select: { id: true } });
  await db.knowledgeBase.delete({ where: { id } });
  return { kb: toView(row, documents.length), documentIds: documents.map((document) => document.id) };
}

export async function listDocuments(db: Db, knowledgeBaseId: string): Promise<DocumentView[]> {
  return (await db.document.findMany({ where: { knowledgeBaseId }, orderBy: { createdAt: "desc" } })).map(toDocumentView);
}

/** A new document row, status `pending`. */
export async function createDocument(
  db: Db,
  knowledgeBaseId: string,
  input: { name: string; mimeType: string; sizeBytes: number; contentHash: string },
): Promise<DocumentView> {
  return toDocumentView(await db.document.create({ data: { ...input, knowledgeBaseId, status: "pending" } }));
}

export async function setDocumentStatus(db: Db, documentId: string, status: DocumentStatus, error: string | null = null): Promise<void> {
  await db.document.update({ where: { id: documentId }, data: { status, error } });
}

/**
 * Replaces a document's chunks and marks it `ready`, in one transaction. `embedding`: the chunk's vector as
 * lib/knowledge/vectors.ts `encodeVector` bytes, or null. `error`: a note kept on the ready document (e.g. its
 * embedding failed), default none.
 */
export async function saveDocumentChunks(
  db: Db,
  documentId: string,
  knowledgeBaseId: string,
  chunks: { position: number; text: string; tokenCount: number; embedding?: Uint8Array<ArrayBuffer> | null }[],
  options: { error?: string | null } = {},
): Promise<void> {
  await db.$transaction([
    db.chunk.deleteMany({ where: { documentId } }),
    db.chunk.createMany({ data: chunks.map((chunk) => ({ ...chunk, documentId, knowledgeBaseId })) }),
    db.document.update({
      where: { id: documentId },
      data: { status: "ready", error: options.error ?? null, chunkCount: chunks.length },
    }),
  ]);
}

/** Deletes a document; its chunks go with it (cascade). @throws AppError `not_found`. */
export async function deleteDocument(db: Db, knowledgeBaseId: string, documentId: string): Promise<DocumentView> {
  const row = await db.document.findFirst({ where: { id: documentId, knowledgeBaseId } });
  if (!row) throw new AppError("not_found", "That document does not exist.");
  await db.document.delete({ where: { id: documentId } });
  return toDocumentView(row);
}

/**
 * Marks documents left `pending` or `indexing` by a process that is gone as `failed` (their bytes were only
 * in that process's memory). `activeIds` are the documents this process is indexing now.
 */
export async function failInterruptedDocuments(
  db: Db,
  knowledgeBaseId: string,
  activeIds: ReadonlySet<string>,
  olderThanMs = 120_000,
): Promise<number> {
  const stale = await db.document.findMany({
    where: { knowledgeBaseId, status: { in: ["pending", "indexing"] }, updatedAt: { lt: new Date(Date.now() - olderThanMs) } },
    select: { id: true },
  });
  const ids = stale.map((row) => row.id).filter((id) => !activeIds.has(id));
  if (ids.length === 0) return 0;
  const result = await db.document.updateMany({
    where: { id: { in: ids } },
    data: { status: "failed", error: "Indexing was interrupted (the server restarted); upload the file again." },
  });
  return result.count;
}

/** Knowledge bases by key (document ids, spec §1) or row id, as {id, key}; unknown ones left out. */
export async function findKnowledgeBases(db: Db, keysOrIds: string[]): Promise<{ id: string; key: string }[]> {
  return db.knowledgeBase.findMany({
    where: { OR: [{ key: { in: keysOrIds } }, { id: { in: keysOrIds } }] },
    select: { id: true, key: true },
  });
}
