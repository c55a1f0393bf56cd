/**
 * The ways other systems start runs (issue 8): webhooks (a secret URL per workflow, stored as the SHA-256
 * of its token), schedules (schedules.ts, re-exported here), and the published workflows an API key's
 * owner may start.
 *
 * Access rule (as lib/runtime/runs.ts): an admin may start every workflow; a member the workflows they own
 * or that are shared with them. Anything else is `not_found` so nothing leaks.
 *
 * Runs are never written here: starting goes through lib/runtime (lib/triggers/start-run.ts).
 */
import { createHash, randomBytes } from "node:crypto";
import { AppError } from "@/lib/errors";
import type { Db } from "../client";
import { parseJson } from "../client";
import { Prisma } from "../generated/sqlite/client";
import { queryRows } from "../sqlite-direct";

/** The person a trigger query answers for. */
export interface TriggerViewer {
  id: string;
  /** "admin" | "member" */
  role: string;
}

/** One START variable (spec §2), as stored in the graph. */
export interface TriggerVariable {
  name: string;
  type: "string" | "number" | "boolean" | "object" | "array";
  required?: boolean;
  default_value?: unknown;
  description?: string;
}

/** A workflow with its active (published) version, as triggers start it. */
export interface ActiveWorkflow {
  id: string;
  name: string;
  description: string;
  ownerId: string;
  /** The active version number. */
  version: number;
  /** The active version's graph (spec §1), parsed. */
  graph: { nodes: { id: string; type: string; data?: Record<string, unknown> }[] } & Record<string, unknown>;
  /** START's variables of the active version. */
  variables: TriggerVariable[];
  /** The active version has a HUMAN_INTERVENTION node (so it is not runnable as a tool, spec §7). */
  hasHumanIntervention: boolean;
}

function accessWhere(viewer: TriggerViewer) {
  return viewer.role === "admin" ? {} : { OR: [{ ownerId: viewer.id }, { shares: { some: { userId: viewer.id } } }] };
}

/** Parses a graph once per version id (graphs of published versions never change). */
const graphCache = new Map<string, ActiveWorkflow["graph"]>();
const GRAPH_CACHE_LIMIT = 500;

function parsedGraph(versionId: string, text: string): ActiveWorkflow["graph"] {
  const cached = graphCache.get(versionId);
  if (cached) return cached;
  const graph = parseJson<ActiveWorkflow["graph"]>(text, { nodes: [] });
  if (graphCache.size >= GRAPH_CACHE_LIMIT) graphCache.delete(graphCache.keys().next().value as string);
  graphCache.set(versionId, graph);
  return graph;
}

function toActiveWorkflow(row: {
  id: string;
  name: string;
  description: string;
  ownerId: string;
  activeVersion: { id: string; version: number; graph: string };
}): ActiveWorkflow {
  const graph = parsedGraph(row.activeVersion.id, row.activeVersion.graph);
  const nodes = Array.isArray(graph.nodes) ? graph.nodes : [];
  const start = nodes.find((node) => node.type === "START");
  const variables = Array.isArray(start?.data?.variables) ? (start.data.variables as TriggerVariable[]) : [];
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ownerId: row.ownerId,
    version: row.activeVersion.version,
    graph,
    variables,
    hasHumanIntervention: nodes.some((node) => node.type === "HUMAN_INTERVENTION"),
  };
}

const activeSelect = {
  id: true,
  name: true,
  description: true,
  ownerId: true,
  status: true,
  activeVersion: { select: { id: true, version: true, graph: true } },
} as const;

/**
 * A workflow `viewer` may start, with its active version.
 * @throws AppError `not_found` (absent or not visible), `conflict` (never published: no active version).
 */
export async function getActiveWorkflow(db: Db, viewer: TriggerViewer, workflowId: string): Promise<ActiveWorkflow> {
  const row = await db.workflow.findFirst({ where: { id: workflowId, ...accessWhere(viewer) }, select: activeSelect });
  if (!row) throw new AppError("not_found", `No workflow with id "${workflowId}"`);
  if (!row.activeVersion || row.status !== "active") {
    throw new AppError("conflict", `Workflow "${row.name}" has no published version; publish it before starting it from outside`);
  }
  return toActiveWorkflow({ ...row, activeVersion: row.activeVersion });
}

/**
 * The published workflows `userId` owns or that are shared with them (not every workflow an admin could
 * see: a key's tools are its owner's), ordered by name.
 */
export async function listPublishedWorkflows(db: Db, userId: string): Promise<ActiveWorkflow[]> {
  const rows = await db.workflow.findMany({
    where: { status: "active", activeVersionId: { not: null }, OR: [{ ownerId: userId }, { shares: { some: { userId } } }] },
    select: activeSelect,
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  return rows.flatMap((row) => (row.activeVersion ? [toActiveWorkflow({ ...row, activeVersion: row.activeVersion })] : []));
}

/** Whether `viewer` may manage the triggers of a workflow (owner or admin; a share lets you run, not configure). */
export async function assertCanManageTriggers(
  db: Db,
  viewer: TriggerViewer,
  workflowId: string,
): Promise<{ id: string; name: string; ownerId: string }> {
  const row = await db.workflow.findFirst({
    where: { id: workflowId, ...(viewer.role === "admin" ? {} : { ownerId: viewer.id }) },
    select: { id: true, name: true, ownerId: true },
  });
  if (!row) throw new AppError("not_found", "This workflow does not exist or is not yours.");
  return row;
}

// ─── Webhooks ───────────────────────────────────────────────────────────────────────────────────

export const WEBHOOK_MODES = ["sync", "async"] as const;
export type WebhookMode = (typeof WEBHOOK_MODES)[number];

export interface WebhookView {
  id: string;
  mode: WebhookMode;
  createdAt: string;
  rotatedAt: string | null;
}

/** SHA-256 (hex) of a webhook token, as stored in `Webhook.secretHash`. */
export function hashWebhookToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

function webhookView(row: { id: string; mode: string; createdAt: Date; rotatedAt: Date | null }): WebhookView {
  return {
    id: row.id,
    mode: row.mode === "sync" ? "sync" : "async",
    createdAt: row.createdAt.toISOString(),
    rotatedAt: row.rotatedAt?.toISOString() ?? null,
  };
}

/** The workflow's webhook (one per workflow), or null. */
export async function getWebhook(db: Db, workflowId: string): Promise<WebhookView | null> {
  const row = await db.webhook.findFirst({ where: { workflowId }, orderBy: { createdAt: "asc" } });
  return row ? webhookView(row) : null;
}

/**
 * Creates the workflow's webhook, or gives the existing one a new secret (the old URL stops working at
 * once). The token is returned once and never stored.
 */
export async function createOrRotateWebhook(
  db: Db,
  workflowId: string,
  mode?: WebhookMode,
  now = new Date(),
): Promise<{ token: string; view: WebhookView }> {
  const token = `wh_${randomBytes(24).toString("base64url")}`;
  const secretHash = hashWebhookToken(token);
  const existing = await db.webhook.findFirst({ where: { workflowId }, orderBy: { createdAt: "asc" } });
  const row = existing
    ? await db.webhook.update({ where: { id: existing.id }, data: { secretHash, rotatedAt: now, ...(mode ? { mode } : {}) } })
    : await db.webhook.create({ data: { workflowId, secretHash, mode: mode ?? "sync" } });
  return { token, view: webhookView(row) };
}

/** Sets whether the webhook answers with END's outputs (`sync`) or at once with 202 (`async`). @throws `not_found`. */
export async function setWebhookMode(db: Db, workflowId: string, mode: WebhookMode): Promise<WebhookView> {
  const existing = await db.webhook.findFirst({ where: { workflowId }, orderBy: { createdAt: "asc" } });
  if (!existing) throw new AppError("not_found", "This workflow has no webhook yet.");
  return webhookView(await db.webhook.update({ where: { id: existing.id }, data: { mode } }));
}

/** Deletes the workflow's webhooks (their URLs answer 404 from now on). */
export async function deleteWebhooks(db: Db, workflowId: string): Promise<void> {
  await db.webhook.deleteMany({ where: { workflowId } });
}

/** What a webhook request needs: the hook, and its workflow's owner and active version (null when unpublished). */
export interface WebhookTarget {
  webhookId: string;
  mode: WebhookMode;
  owner: { id: string; email: string; name: string; role: "admin" | "member" };
  workflow: ActiveWorkflow | null;
  workflowId: string;
  workflowName: string;
}

/** The active version's graph by version id (a published version never changes), loaded once per process. */
async function activeVersionGraph(db: Db, versionId: string): Promise<{ version: number; graph: string } | null> {
  const cached = versionTextCache.get(versionId);
  if (cached) return cached;
  const row = await db.workflowVersion.findUnique({ where: { id: versionId }, select: { version: true, graph: true } });
  if (row) versionTextCache.set(versionId, row);
  if (versionTextCache.size > GRAPH_CACHE_LIMIT) versionTextCache.delete(versionTextCache.keys().next().value as string);
  return row;
}
const versionTextCache = new Map<string, { version: number; graph: string }>();

/**
 * The webhook a token opens, or null (unknown, rotated or deleted token: checked against the database on
 * every call, so a rotation takes effect at once in every process). One indexed join per call (a
 * prepared statement on the embedded SQLite file, `queryRows`); the version's graph is read once per version.
 */
export async function findWebhookByToken(db: Db, token: string): Promise<WebhookTarget | null> {
  const rows = await queryRows<{
    webhookId: string;
    mode: string;
    workflowId: string;
    workflowName: string;
    description: string;
    status: string;
    activeVersionId: string | null;
    ownerId: string;
    ownerEmail: string;
    ownerName: string;
    ownerRole: string;
  }>(
    db,
    Prisma.sql`SELECT h."id" AS "webhookId", h."mode" AS "mode", w."id" AS "workflowId", w."name" AS "workflowName", w."description" AS "description",
      w."status" AS "status", w."activeVersionId" AS "activeVersionId", u."id" AS "ownerId", u."email" AS "ownerEmail", u."name" AS "ownerName", u."role" AS "ownerRole"
    FROM "Webhook" h JOIN "Workflow" w ON w."id" = h."workflowId" JOIN "User" u ON u."id" = w."ownerId"
    WHERE h."secretHash" = ${hashWebhookToken(token)}`,
  );
  const row = rows[0];
  if (!row) return null;
  const version = row.activeVersionId && row.status === "active" ? await activeVersionGraph(db, row.activeVersionId) : null;
  return {
    webhookId: row.webhookId,
    mode: row.mode === "sync" ? "sync" : "async",
    owner: { id: row.ownerId, email: row.ownerEmail, name: row.ownerName, role: row.ownerRole === "admin" ? "admin" : "member" },
    workflow:
      version && row.activeVersionId
        ? toActiveWorkflow({
            id: row.workflowId,
            name: row.workflowName,
            description: row.description,
            ownerId: row.ownerId,
            activeVersion: { id: row.activeVersionId, version: version.version, graph: version.graph },
          })
        : null,
    workflowId: row.workflowId,
    workflowName: row.workflowName,
  };
}

export * from "./schedules";
