/**
 * Workflow documents (spec §1) in and out of the database: import (with `resources`), export (resources
 * included, secrets blank), and the CLI's "a document given to `run` is stored as a workflow too, reused
 * when the same document is run again" (spec §8), keyed by Workflow.documentHash = SHA-256 of the
 * document's canonical JSON.
 */
import { AppError } from "@/lib/errors";
import { parseDocument, WORKFLOW_FORMAT, WORKFLOW_FORMAT_VERSION, type WorkflowDocument, type WorkflowGraph } from "@/lib/workflow/schema";
import type { Db } from "../client";
import { canonicalHash, canonicalJson } from "./canonical-json";
import { exportResources, importResources, type ResourceImportReport } from "./document-resources";

export interface ImportedWorkflow {
  workflowId: string;
  /** The published version number, or null when the workflow stays a draft. */
  version: number | null;
  /** True when an existing workflow was reused (`ensureDocumentWorkflow` only). */
  reused: boolean;
  resources: ResourceImportReport;
}

/**
 * Parses a document or throws.
 * @throws AppError `invalid_document` with the issues (path + message) in `details.issues`.
 */
export function parseWorkflowDocumentOrThrow(value: unknown): WorkflowDocument {
  const parsed = parseDocument(value);
  if (parsed.ok) return parsed.value;
  const summary = parsed.issues
    .slice(0, 5)
    .map((issue) => issue.message)
    .join("; ");
  throw new AppError("invalid_document", `Not a valid workflow document: ${summary}`, { details: { issues: parsed.issues } });
}

/** SHA-256 (hex) of the document's canonical JSON, as stored in Workflow.documentHash. */
export function workflowDocumentHash(raw: unknown): string {
  return canonicalHash(raw);
}

/** Stores a new version of a workflow's draft and makes it the active one. Returns the version number. */
export async function publishWorkflowDraft(db: Db, workflowId: string, createdById: string | null, note = ""): Promise<number> {
  return db.$transaction(async (tx) => {
    const workflow = await tx.workflow.findUniqueOrThrow({ where: { id: workflowId } });
    const last = await tx.workflowVersion.findFirst({ where: { workflowId }, orderBy: { version: "desc" }, select: { version: true } });
    const version = (last?.version ?? 0) + 1;
    const created = await tx.workflowVersion.create({ data: { workflowId, version, graph: workflow.draftGraph, note, createdById } });
    await tx.workflow.update({ where: { id: workflowId }, data: { activeVersionId: created.id, status: "active" } });
    return version;
  });
}

/**
 * Imports a document: its resources (document-resources.ts: create missing, reuse matching, refuse
 * conflicting), then a new workflow owned by `ownerId` with the document's graph as its draft, published as
 * version 1 when `publish`.
 * @throws AppError `invalid_document`, `conflict` (see importResources).
 */
export async function importWorkflowDocument(
  db: Db,
  raw: unknown,
  options: { ownerId: string; publish?: boolean; env?: Record<string, string | undefined> },
): Promise<ImportedWorkflow> {
  const document = parseWorkflowDocumentOrThrow(raw);
  const resources = await importResources(db, document.resources, { ownerId: options.ownerId, env: options.env });
  const workflow = await db.workflow.create({
    data: {
      ownerId: options.ownerId,
      name: document.name,
      description: document.description,
      draftGraph: JSON.stringify(document.graph),
      documentHash: workflowDocumentHash(raw),
    },
  });
  const version = options.publish ? await publishWorkflowDraft(db, workflow.id, options.ownerId, "Imported") : null;
  return { workflowId: workflow.id, version, reused: false, resources };
}

/**
 * The workflow stored for a document run from the CLI (spec §8): an existing one with the same
 * documentHash whose draft is still the document's graph, else a new draft workflow. Resources are
 * imported (or checked) either way.
 * @throws AppError `invalid_document`, `conflict`.
 */
export async function ensureDocumentWorkflow(
  db: Db,
  raw: unknown,
  options: { ownerId: string; env?: Record<string, string | undefined> },
): Promise<ImportedWorkflow & { graph: WorkflowGraph }> {
  const document = parseWorkflowDocumentOrThrow(raw);
  const hash = workflowDocumentHash(raw);
  const graphJson = canonicalJson(document.graph);
  const candidates = await db.workflow.findMany({
    where: { documentHash: hash },
    orderBy: { createdAt: "asc" },
    select: { id: true, draftGraph: true },
  });
  const match = candidates.find((candidate) => canonicalJson(JSON.parse(candidate.draftGraph)) === graphJson);
  if (!match) {
    const imported = await importWorkflowDocument(db, raw, options);
    return { ...imported, graph: document.graph };
  }
  const resources = await importResources(db, document.resources, { ownerId: options.ownerId, env: options.env });
  return { workflowId: match.id, version: null, reused: true, resources, graph: document.graph };
}

/** A stored workflow's document shape (spec §1), for export. */
export interface ExportedWorkflowDocument {
  format: typeof WORKFLOW_FORMAT;
  version: typeof WORKFLOW_FORMAT_VERSION;
  name: string;
  description: string;
  graph: unknown;
  resources: Awaited<ReturnType<typeof exportResources>>;
}

/**
 * Exports a workflow as a document: its draft graph (or the graph of `options.version`), with the
 * resources its nodes refer to, secret values blank.
 * @throws AppError `not_found` (no such workflow or version).
 */
export async function exportWorkflowDocument(
  db: Db,
  workflowId: string,
  options: { version?: number } = {},
): Promise<ExportedWorkflowDocument> {
  const workflow = await db.workflow.findUnique({ where: { id: workflowId } });
  if (!workflow) throw new AppError("not_found", `No workflow with id "${workflowId}"`);
  let graphText = workflow.draftGraph;
  if (options.version !== undefined) {
    const version = await db.workflowVersion.findUnique({ where: { workflowId_version: { workflowId, version: options.version } } });
    if (!version) throw new AppError("not_found", `Workflow "${workflowId}" has no version ${options.version}`);
    graphText = version.graph;
  }
  const graph = JSON.parse(graphText) as { nodes: Array<{ type: string; data?: unknown }> };
  return {
    format: WORKFLOW_FORMAT,
    version: WORKFLOW_FORMAT_VERSION,
    name: workflow.name,
    description: workflow.description,
    graph,
    resources: await exportResources(db, graph),
  };
}
