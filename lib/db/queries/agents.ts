/**
 * Agents (model Agent): instructions, a model tier, the tool categories they may use and the knowledge
 * bases, connectors and MCP servers bound to them. Visible to their owner, or to everyone when shared;
 * editable by the owner (and admins). Also the runnable-workflow list `run_workflow` advertises (spec §7).
 */
import { AppError } from "@/lib/errors";
import { type Db, parseJson } from "../client";
import type { Viewer } from "./connectors";

export interface AgentView {
  id: string;
  name: string;
  description: string;
  instructions: string;
  /** "smart" | "fast" */
  modelTier: "smart" | "fast";
  /** Explicit model name overriding the tier, or null. */
  model: string | null;
  /** null = all categories. */
  toolCategories: string[] | null;
  knowledgeBaseIds: string[];
  connectorIds: string[];
  mcpServerIds: string[];
  maxIterations: number;
  visibility: "private" | "shared";
  ownerId: string;
  ownerName: string;
  updatedAt: string;
}

export interface AgentInput {
  name: string;
  description: string;
  instructions: string;
  modelTier: "smart" | "fast";
  model: string | null;
  toolCategories: string[] | null;
  knowledgeBaseIds: string[];
  connectorIds: string[];
  mcpServerIds: string[];
  maxIterations: number;
  visibility: "private" | "shared";
}

type AgentRow = Awaited<ReturnType<Db["agent"]["findFirstOrThrow"]>> & { owner?: { name: string } };

function visibleTo(viewer: Pick<Viewer, "id">) {
  return { OR: [{ ownerId: viewer.id }, { visibility: "shared" }] };
}

function toView(row: AgentRow): AgentView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    instructions: row.instructions,
    modelTier: row.modelTier === "fast" ? "fast" : "smart",
    model: row.model,
    toolCategories: row.toolCategories === null ? null : parseJson<string[]>(row.toolCategories, []),
    knowledgeBaseIds: parseJson<string[]>(row.knowledgeBaseIds, []),
    connectorIds: parseJson<string[]>(row.connectorIds, []),
    mcpServerIds: parseJson<string[]>(row.mcpServerIds, []),
    maxIterations: row.maxIterations,
    visibility: row.visibility === "shared" ? "shared" : "private",
    ownerId: row.ownerId,
    ownerName: row.owner?.name ?? "",
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toData(input: AgentInput) {
  return {
    name: input.name,
    description: input.description,
    instructions: input.instructions,
    modelTier: input.modelTier,
    model: input.model,
    toolCategories: input.toolCategories === null ? null : JSON.stringify(input.toolCategories),
    knowledgeBaseIds: JSON.stringify(input.knowledgeBaseIds),
    connectorIds: JSON.stringify(input.connectorIds),
    mcpServerIds: JSON.stringify(input.mcpServerIds),
    maxIterations: input.maxIterations,
    visibility: input.visibility,
  };
}

/** The agents the viewer may use: their own and the shared ones, by name. */
export async function listAgents(db: Db, viewer: Pick<Viewer, "id">): Promise<AgentView[]> {
  const rows = await db.agent.findMany({
    where: visibleTo(viewer),
    orderBy: { name: "asc" },
    include: { owner: { select: { name: true } } },
  });
  return rows.map(toView);
}

/** One agent the viewer may use, or null. */
export async function getAgent(db: Db, viewer: Pick<Viewer, "id">, id: string): Promise<AgentView | null> {
  const row = await db.agent.findFirst({ where: { AND: [{ id }, visibleTo(viewer)] }, include: { owner: { select: { name: true } } } });
  return row ? toView(row) : null;
}

export function canEditAgent(viewer: Viewer, agent: Pick<AgentView, "ownerId">): boolean {
  return viewer.role === "admin" || agent.ownerId === viewer.id;
}

async function editable(db: Db, viewer: Viewer, id: string): Promise<AgentView> {
  const agent = await getAgent(db, viewer, id);
  if (!agent) throw new AppError("not_found", "That agent does not exist or is not visible to you.");
  if (!canEditAgent(viewer, agent)) throw new AppError("forbidden", "Only the agent's owner can change it.");
  return agent;
}

export async function createAgent(db: Db, viewer: Viewer, input: AgentInput): Promise<AgentView> {
  const row = await db.agent.create({ data: { ...toData(input), ownerId: viewer.id }, include: { owner: { select: { name: true } } } });
  return toView(row);
}

/** @throws AppError `not_found`, `forbidden`. */
export async function updateAgent(db: Db, viewer: Viewer, id: string, input: AgentInput): Promise<AgentView> {
  await editable(db, viewer, id);
  const row = await db.agent.update({ where: { id }, data: toData(input), include: { owner: { select: { name: true } } } });
  return toView(row);
}

/** @throws AppError `not_found`, `forbidden`. */
export async function deleteAgent(db: Db, viewer: Viewer, id: string): Promise<AgentView> {
  const agent = await editable(db, viewer, id);
  await db.agent.delete({ where: { id } });
  return agent;
}

/** A published workflow as `run_workflow` advertises it (spec §7). */
export interface RunnableWorkflowRow {
  id: string;
  name: string;
  description: string;
  ownerId: string;
  active: boolean;
  version: number | null;
  graph: { nodes?: { type?: string; data?: { variables?: unknown[] } }[] } | null;
}

/** Published workflows the user may run (owned or shared with them; admins: all), with their active graph. */
export async function listPublishedWorkflows(db: Db, viewer: Viewer): Promise<RunnableWorkflowRow[]> {
  const rows = await db.workflow.findMany({
    where: {
      status: "active",
      activeVersionId: { not: null },
      ...(viewer.role === "admin" ? {} : { OR: [{ ownerId: viewer.id }, { shares: { some: { userId: viewer.id } } }] }),
    },
    orderBy: { name: "asc" },
    select: {
      id: true,
      name: true,
      description: true,
      ownerId: true,
      status: true,
      activeVersion: { select: { version: true, graph: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    ownerId: row.ownerId,
    active: row.status === "active" && row.activeVersion !== null,
    version: row.activeVersion?.version ?? null,
    graph: row.activeVersion ? parseJson(row.activeVersion.graph, null) : null,
  }));
}

/** The active version's graph of a published workflow, or null. */
export async function getActiveWorkflowGraph(db: Db, workflowId: string): Promise<{ version: number; graph: unknown } | null> {
  const row = await db.workflow.findUnique({
    where: { id: workflowId },
    select: { status: true, activeVersion: { select: { version: true, graph: true } } },
  });
  if (!row?.activeVersion || row.status !== "active") return null;
  return { version: row.activeVersion.version, graph: parseJson(row.activeVersion.graph, null) };
}
