/**
 * Workflow queries for the workflows list and the editor: list, create, rename, duplicate, delete, draft
 * saves with optimistic concurrency (`draftRevision`), publish (draft → new WorkflowVersion, active),
 * version history and restore. Graphs are stored as JSON text (spec §1 `graph`).
 *
 * Access: a workflow is visible to its owner, to users it is shared with (WorkflowShare) and to admins.
 * Every function that takes a `user` checks that and throws AppError `not_found` otherwise (not
 * `forbidden`, so ids of others' workflows are not confirmed).
 */
import { AppError } from "@/lib/errors";
import { type Db, parseJson } from "../client";

/** Who is asking; admins see every workflow. */
export interface WorkflowViewer {
  id: string;
  role: "admin" | "member";
}

/** A graph as stored (spec §1 `graph`); its node data is not checked here. */
export interface StoredGraph {
  nodes: Array<{ id: string; type: string; position: { x: number; y: number }; data: Record<string, unknown> }>;
  edges: Array<{ id: string; source: string; sourceHandle: string | null; target: string; targetHandle: string | null }>;
  viewport?: { x: number; y: number; zoom: number };
}

export const EMPTY_GRAPH: StoredGraph = { nodes: [], edges: [], viewport: { x: 0, y: 0, zoom: 1 } };

/** One row of the workflows list. Dates are ISO-8601 strings. */
export interface WorkflowListItem {
  id: string;
  name: string;
  description: string;
  status: "draft" | "active";
  activeVersion: number | null;
  nodeCount: number;
  updatedAt: string;
  ownerName: string;
  isOwner: boolean;
  lastRun: { id: string; status: string; createdAt: string } | null;
}

/** The editor's view of a workflow. */
export interface WorkflowDetail {
  id: string;
  name: string;
  description: string;
  status: "draft" | "active";
  draftGraph: StoredGraph;
  draftRevision: number;
  activeVersion: { id: string; version: number; graph: StoredGraph; createdAt: string } | null;
  updatedAt: string;
}

export interface WorkflowVersionItem {
  id: string;
  version: number;
  note: string;
  createdAt: string;
  createdByName: string | null;
  isActive: boolean;
}

function accessWhere(user: WorkflowViewer) {
  if (user.role === "admin") return {};
  return { OR: [{ ownerId: user.id }, { shares: { some: { userId: user.id } } }] };
}

function asStatus(value: string): "draft" | "active" {
  return value === "active" ? "active" : "draft";
}

function nodeCountOf(graphText: string): number {
  const graph = parseJson<{ nodes?: unknown[] }>(graphText, {});
  return Array.isArray(graph.nodes) ? graph.nodes.length : 0;
}

/**
 * The workflows the user may see, most recently updated first, each with its status, active version
 * number and last run. `search` matches name or description, case-insensitively.
 */
export async function listWorkflows(db: Db, user: WorkflowViewer, search = ""): Promise<WorkflowListItem[]> {
  const rows = await db.workflow.findMany({
    where: accessWhere(user),
    orderBy: { updatedAt: "desc" },
    select: {
      id: true,
      name: true,
      description: true,
      status: true,
      draftGraph: true,
      updatedAt: true,
      ownerId: true,
      owner: { select: { name: true } },
      activeVersion: { select: { version: true } },
      // the last run of the workflow, not a single-node test (a run with `test_node` in its trigger details:
      // testNodeAction), which is in the audit trail but is not a run of the workflow
      runs: {
        where: { NOT: { trigger: { contains: '"test_node"' } } },
        orderBy: { createdAt: "desc" },
        take: 1,
        select: { id: true, status: true, createdAt: true },
      },
    },
  });
  const needle = search.trim().toLowerCase();
  return rows
    .filter((row) => needle === "" || row.name.toLowerCase().includes(needle) || row.description.toLowerCase().includes(needle))
    .map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      status: asStatus(row.status),
      activeVersion: row.activeVersion?.version ?? null,
      nodeCount: nodeCountOf(row.draftGraph),
      updatedAt: row.updatedAt.toISOString(),
      ownerName: row.owner.name,
      isOwner: row.ownerId === user.id,
      lastRun: row.runs[0] ? { id: row.runs[0].id, status: row.runs[0].status, createdAt: row.runs[0].createdAt.toISOString() } : null,
    }));
}

/** @throws AppError `not_found` when the workflow does not exist or the user may not see it. */
export async function getWorkflow(db: Db, user: WorkflowViewer, id: string): Promise<WorkflowDetail> {
  const row = await db.workflow.findFirst({
    where: { id, ...accessWhere(user) },
    include: { activeVersion: { select: { id: true, version: true, graph: true, createdAt: true } } },
  });
  if (!row) throw new AppError("not_found", "This workflow does not exist or is not shared with you.");
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: asStatus(row.status),
    draftGraph: parseJson<StoredGraph>(row.draftGraph, EMPTY_GRAPH),
    draftRevision: row.draftRevision,
    activeVersion: row.activeVersion
      ? {
          id: row.activeVersion.id,
          version: row.activeVersion.version,
          graph: parseJson<StoredGraph>(row.activeVersion.graph, EMPTY_GRAPH),
          createdAt: row.activeVersion.createdAt.toISOString(),
        }
      : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function assertAccess(db: Db, user: WorkflowViewer, id: string): Promise<void> {
  const found = await db.workflow.findFirst({ where: { id, ...accessWhere(user) }, select: { id: true } });
  if (!found) throw new AppError("not_found", "This workflow does not exist or is not shared with you.");
}

/** A name not yet used by the owner's workflows: `name`, else `name (copy)`, `name (copy 2)`, … */
export async function uniqueWorkflowName(db: Db, ownerId: string, name: string): Promise<string> {
  const taken = new Set((await db.workflow.findMany({ where: { ownerId }, select: { name: true } })).map((row) => row.name));
  if (!taken.has(name)) return name;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? `${name} (copy)` : `${name} (copy ${n})`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Creates a draft workflow owned by `ownerId`. Returns its id. */
export async function createWorkflow(
  db: Db,
  input: { ownerId: string; name: string; description?: string; graph?: StoredGraph },
): Promise<{ id: string }> {
  const row = await db.workflow.create({
    data: {
      ownerId: input.ownerId,
      name: input.name,
      description: input.description ?? "",
      draftGraph: JSON.stringify(input.graph ?? EMPTY_GRAPH),
    },
    select: { id: true },
  });
  return row;
}

/** Renames a workflow (and sets its description when given). @throws AppError `not_found`. */
export async function renameWorkflow(db: Db, user: WorkflowViewer, id: string, name: string, description?: string): Promise<void> {
  await assertAccess(db, user, id);
  await db.workflow.update({ where: { id }, data: { name, ...(description === undefined ? {} : { description }) } });
}

/** Copies a workflow's draft into a new draft owned by the user, named "… (copy)". @throws AppError `not_found`. */
export async function duplicateWorkflow(db: Db, user: WorkflowViewer, id: string): Promise<{ id: string; name: string }> {
  const source = await getWorkflow(db, user, id);
  const name = await uniqueWorkflowName(db, user.id, `${source.name} (copy)`.replace(/ \(copy\) \(copy\)$/, " (copy)"));
  const created = await createWorkflow(db, { ownerId: user.id, name, description: source.description, graph: source.draftGraph });
  return { id: created.id, name };
}

/** Deletes a workflow with its versions and runs (cascade). Only the owner or an admin. @throws AppError `not_found`, `forbidden`. */
export async function deleteWorkflow(db: Db, user: WorkflowViewer, id: string): Promise<{ name: string }> {
  const row = await db.workflow.findFirst({ where: { id, ...accessWhere(user) }, select: { ownerId: true, name: true } });
  if (!row) throw new AppError("not_found", "This workflow does not exist or is not shared with you.");
  if (row.ownerId !== user.id && user.role !== "admin") throw new AppError("forbidden", "Only the owner can delete this workflow.");
  await db.workflow.delete({ where: { id } });
  return { name: row.name };
}

/** Result of a draft save: the new revision, or a conflict with what is stored now. */
export type SaveDraftResult =
  | { ok: true; revision: number; savedAt: string }
  | { ok: false; conflict: { revision: number; graph: StoredGraph; updatedAt: string } };

/**
 * Saves the draft graph if the stored revision is still `baseRevision` (the one the editor loaded or last
 * saved), in one conditional update, and returns the new revision. When someone else saved in between,
 * nothing is written and the stored revision and graph come back as a conflict; `force` writes anyway
 * (the person chose "overwrite" having seen the conflict). @throws AppError `not_found`.
 */
export async function saveWorkflowDraft(
  db: Db,
  user: WorkflowViewer,
  input: { id: string; baseRevision: number; graph: StoredGraph; force?: boolean },
): Promise<SaveDraftResult> {
  await assertAccess(db, user, input.id);
  const graphText = JSON.stringify(input.graph);
  const updated = await db.workflow.updateMany({
    where: input.force ? { id: input.id } : { id: input.id, draftRevision: input.baseRevision },
    data: { draftGraph: graphText, draftRevision: { increment: 1 } },
  });
  const row = await db.workflow.findUniqueOrThrow({
    where: { id: input.id },
    select: { draftRevision: true, draftGraph: true, updatedAt: true },
  });
  if (updated.count === 1) return { ok: true, revision: row.draftRevision, savedAt: row.updatedAt.toISOString() };
  return {
    ok: false,
    conflict: {
      revision: row.draftRevision,
      graph: parseJson<StoredGraph>(row.draftGraph, EMPTY_GRAPH),
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}

/**
 * Publishes the stored draft: a new WorkflowVersion (number = last + 1) with the draft's graph and the
 * note, made the active version; the workflow's status becomes `active`. The caller validates the graph
 * first (spec §4). @throws AppError `not_found`; `conflict` when the draft changed since `draftRevision`.
 */
export async function publishWorkflow(
  db: Db,
  user: WorkflowViewer,
  input: { id: string; draftRevision: number; note: string },
): Promise<{ versionId: string; version: number }> {
  await assertAccess(db, user, input.id);
  return db.$transaction(async (tx) => {
    const workflow = await tx.workflow.findUniqueOrThrow({ where: { id: input.id }, select: { draftGraph: true, draftRevision: true } });
    if (workflow.draftRevision !== input.draftRevision) {
      throw new AppError("conflict", "The draft changed since you last saved; reload or save again before publishing.");
    }
    const last = await tx.workflowVersion.findFirst({
      where: { workflowId: input.id },
      orderBy: { version: "desc" },
      select: { version: true },
    });
    const version = (last?.version ?? 0) + 1;
    const created = await tx.workflowVersion.create({
      data: { workflowId: input.id, version, graph: workflow.draftGraph, note: input.note, createdById: user.id },
      select: { id: true },
    });
    await tx.workflow.update({ where: { id: input.id }, data: { activeVersionId: created.id, status: "active" } });
    return { versionId: created.id, version };
  });
}

/** Versions of a workflow, newest first. @throws AppError `not_found`. */
export async function listWorkflowVersions(db: Db, user: WorkflowViewer, id: string): Promise<WorkflowVersionItem[]> {
  await assertAccess(db, user, id);
  const [workflow, rows] = await Promise.all([
    db.workflow.findUniqueOrThrow({ where: { id }, select: { activeVersionId: true } }),
    db.workflowVersion.findMany({ where: { workflowId: id }, orderBy: { version: "desc" } }),
  ]);
  const creatorIds = [...new Set(rows.map((row) => row.createdById).filter((value): value is string => value !== null))];
  const creators = new Map(
    (await db.user.findMany({ where: { id: { in: creatorIds } }, select: { id: true, name: true } })).map((u) => [u.id, u.name]),
  );
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdById ? (creators.get(row.createdById) ?? null) : null,
    isActive: row.id === workflow.activeVersionId,
  }));
}

/** The graph of one version. @throws AppError `not_found`. */
export async function getWorkflowVersionGraph(db: Db, user: WorkflowViewer, id: string, versionId: string): Promise<StoredGraph> {
  await assertAccess(db, user, id);
  const row = await db.workflowVersion.findFirst({ where: { id: versionId, workflowId: id }, select: { graph: true } });
  if (!row) throw new AppError("not_found", "That version does not exist.");
  return parseJson<StoredGraph>(row.graph, EMPTY_GRAPH);
}

/**
 * Replaces the draft with a version's graph (a new draft revision; published versions are untouched).
 * @throws AppError `not_found`.
 */
export async function restoreWorkflowVersion(
  db: Db,
  user: WorkflowViewer,
  id: string,
  versionId: string,
): Promise<{ revision: number; graph: StoredGraph }> {
  const graph = await getWorkflowVersionGraph(db, user, id, versionId);
  const row = await db.workflow.update({
    where: { id },
    data: { draftGraph: JSON.stringify(graph), draftRevision: { increment: 1 } },
    select: { draftRevision: true },
  });
  return { revision: row.draftRevision, graph };
}
