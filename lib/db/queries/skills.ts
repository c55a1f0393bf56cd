/**
 * Skills (model Skill): standard operating procedures in Markdown that agents can read. An `organisation`
 * skill is seen by everyone; a `personal` one by its owner only.
 */
import { AppError } from "@/lib/errors";
import type { Db } from "../client";
import type { Viewer } from "./connectors";

export interface SkillView {
  id: string;
  name: string;
  description: string;
  body: string;
  visibility: "personal" | "organisation";
  ownerId: string | null;
  updatedAt: string;
}

export interface SkillInput {
  name: string;
  description: string;
  body: string;
  visibility: "personal" | "organisation";
}

type SkillRow = Awaited<ReturnType<Db["skill"]["findFirstOrThrow"]>>;

function visibleTo(viewer: Viewer) {
  return { OR: [{ visibility: "organisation" }, { ownerId: viewer.id }] };
}

function toView(row: SkillRow): SkillView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    body: row.body,
    visibility: row.visibility === "personal" ? "personal" : "organisation",
    ownerId: row.ownerId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Skills the viewer may read: the organisation's and their own, by name. */
export async function listSkills(db: Db, viewer: Viewer): Promise<SkillView[]> {
  return (await db.skill.findMany({ where: visibleTo(viewer), orderBy: { name: "asc" } })).map(toView);
}

/**
 * One skill by id or by name (agents ask by name), or null when absent or not visible to the viewer.
 * This is the `getSkill` service of the agents issue.
 */
export async function getSkill(db: Db, viewer: Viewer, idOrName: string): Promise<SkillView | null> {
  const row = await db.skill.findFirst({ where: { AND: [visibleTo(viewer), { OR: [{ id: idOrName }, { name: idOrName }] }] } });
  return row ? toView(row) : null;
}

export function canEditSkill(viewer: Viewer, skill: Pick<SkillView, "ownerId">): boolean {
  return viewer.role === "admin" || skill.ownerId === viewer.id;
}

async function assertNameFree(db: Db, name: string, exceptId?: string): Promise<void> {
  const clash = await db.skill.findUnique({ where: { name } });
  if (clash && clash.id !== exceptId)
    throw new AppError("invalid_input", undefined, { fields: { name: `A skill named "${name}" already exists.` } });
}

async function editableRow(db: Db, viewer: Viewer, id: string): Promise<SkillRow> {
  const row = await db.skill.findFirst({ where: { id, ...visibleTo(viewer) } });
  if (!row) throw new AppError("not_found", "That skill does not exist.");
  if (!canEditSkill(viewer, row)) throw new AppError("forbidden", "Only the skill's author or an administrator can change it.");
  return row;
}

export async function createSkill(db: Db, viewer: Viewer, input: SkillInput): Promise<SkillView> {
  await assertNameFree(db, input.name);
  return toView(await db.skill.create({ data: { ...input, ownerId: viewer.id } }));
}

export async function updateSkill(db: Db, viewer: Viewer, id: string, input: SkillInput): Promise<SkillView> {
  await editableRow(db, viewer, id);
  await assertNameFree(db, input.name, id);
  return toView(await db.skill.update({ where: { id }, data: input }));
}

export async function deleteSkill(db: Db, viewer: Viewer, id: string): Promise<SkillView> {
  const row = await editableRow(db, viewer, id);
  await db.skill.delete({ where: { id } });
  return toView(row);
}
