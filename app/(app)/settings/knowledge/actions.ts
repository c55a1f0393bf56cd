"use server";

import { revalidatePath } from "next/cache";
import { after } from "next/server";
import { appendAuditLog } from "@/lib/audit";
import { requireUser, type SessionUser } from "@/lib/auth/session";
import { contentHash, failInterruptedIndexing, indexDocument, searchKnowledge } from "@/lib/capabilities/knowledge";
import { getDb } from "@/lib/db/client";
import * as knowledge from "@/lib/db/queries/knowledge";
import { AppError, actionResult, type FieldErrors } from "@/lib/errors";
import { documentKind } from "@/lib/knowledge/extract-text";
import { isWorkflowError } from "@/lib/workflow/errors";
import type { RetrievalResult } from "@/lib/knowledge/retriever";
import { knowledgeBaseSchema, MAX_DOCUMENT_BYTES, retrievalProblem, retrievalSchema } from "./schema";

async function visibleKnowledgeBase(user: SessionUser, id: string) {
  const kb = await knowledge.getKnowledgeBase(getDb(), user, id);
  if (!kb) throw new AppError("not_found", "That knowledge base does not exist.");
  return kb;
}

export async function createKnowledgeBase(input: unknown) {
  return actionResult(async () => {
    const user = await requireUser();
    const parsed = knowledgeBaseSchema.safeParse(input);
    if (!parsed.success) {
      throw new AppError("invalid_input", undefined, {
        fields: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      });
    }
    const db = getDb();
    const kb = await knowledge.createKnowledgeBase(db, user, parsed.data);
    await appendAuditLog(db, {
      action: "knowledge_base.create",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "knowledge_base",
      targetId: kb.id,
      data: { key: kb.key, name: kb.name },
    });
    revalidatePath("/settings/knowledge");
    return { id: kb.id };
  });
}

export async function deleteKnowledgeBase(id: string) {
  return actionResult(async () => {
    const user = await requireUser();
    const db = getDb();
    // the chunks go with the cascade, and the full-text index with them (lib/db/queries/chunk-search.ts)
    const { kb, documentIds } = await knowledge.deleteKnowledgeBase(db, user, id);
    await appendAuditLog(db, {
      action: "knowledge_base.delete",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "knowledge_base",
      targetId: id,
      data: { key: kb.key, documents: documentIds.length },
    });
    revalidatePath("/settings/knowledge");
  });
}

/**
 * Stores the uploaded files as `pending` documents and returns at once; each is extracted, chunked and
 * indexed after the response (next/server `after`), its status moving to `indexing`, then `ready` or `failed`.
 */
export async function uploadDocuments(kbId: string, form: FormData) {
  return actionResult(async () => {
    const user = await requireUser();
    const db = getDb();
    const kb = await knowledge.editableKnowledgeBase(db, user, kbId);
    const files = form
      .getAll("files")
      .filter((value): value is File => typeof value === "object" && value !== null && "arrayBuffer" in value);
    if (files.length === 0) throw new AppError("invalid_input", "Choose at least one file.");
    for (const file of files) {
      if (!documentKind(file.name, file.type)) throw new AppError("invalid_input", `${file.name}: use a txt, md, html, pdf or docx file.`);
      if (file.size > MAX_DOCUMENT_BYTES) throw new AppError("payload_too_large", `${file.name} is larger than 15 MB.`);
    }
    const created: knowledge.DocumentView[] = [];
    for (const file of files) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const mimeType = file.type || "application/octet-stream";
      const document = await knowledge.createDocument(db, kb.id, {
        name: file.name,
        mimeType,
        sizeBytes: bytes.byteLength,
        contentHash: contentHash(bytes),
      });
      created.push(document);
      after(() =>
        indexDocument(db, {
          kbId: kb.id,
          documentId: document.id,
          name: file.name,
          mimeType,
          bytes,
          chunkSize: kb.chunkSize,
          chunkOverlap: kb.chunkOverlap,
          embeddingModel: kb.embeddingModel,
        }),
      );
    }
    await appendAuditLog(db, {
      action: "document.upload",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "knowledge_base",
      targetId: kb.id,
      data: { documents: created.map((document) => ({ id: document.id, name: document.name, sizeBytes: document.sizeBytes })) },
    });
    return created;
  });
}

/** The documents with their indexing status (polled by the page while some are pending or indexing). */
export async function listDocumentsAction(kbId: string) {
  return actionResult(async () => {
    const user = await requireUser();
    const kb = await visibleKnowledgeBase(user, kbId);
    const db = getDb();
    await failInterruptedIndexing(db, kb.id);
    return knowledge.listDocuments(db, kb.id);
  });
}

export async function deleteDocumentAction(kbId: string, documentId: string) {
  return actionResult(async () => {
    const user = await requireUser();
    const db = getDb();
    const kb = await knowledge.editableKnowledgeBase(db, user, kbId);
    const removed = await knowledge.deleteDocument(db, kb.id, documentId);
    await appendAuditLog(db, {
      action: "document.delete",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "knowledge_base",
      targetId: kb.id,
      data: { document: removed.name },
    });
  });
}

export type TestRetrievalResult =
  | ({ ok: true; elapsed_ms: number } & RetrievalResult)
  | { ok: false; message: string; fields?: FieldErrors };

/**
 * "Test retrieval": the best chunks for a query with their sources, each chunk's keyword (bm25 or ts_rank_cd),
 * vector and fused scores, and the ranking mode used. Invalid input comes back as `{ ok: false, message, fields }`
 * (retrievalProblem: the field named, e.g. "Query: at most 2,000 characters (you have 2,345).").
 */
export async function testRetrieval(kbId: string, input: unknown): Promise<TestRetrievalResult> {
  const user = await requireUser();
  const kb = await visibleKnowledgeBase(user, kbId);
  const parsed = retrievalSchema.safeParse(input);
  if (!parsed.success) return { ok: false, ...retrievalProblem(parsed.error) };
  const started = performance.now();
  try {
    const result = await searchKnowledge(getDb(), { kbIds: [kb.id], query: parsed.data.query, topK: parsed.data.topK });
    return { ok: true, ...result, elapsed_ms: Math.round(performance.now() - started) };
  } catch (error) {
    if (isWorkflowError(error)) return { ok: false, message: error.message };
    console.error("[knowledge] test retrieval", error);
    return { ok: false, message: "Retrieval failed unexpectedly; see the server log." };
  }
}
