"use server";

import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { appendAuditLog } from "@/lib/audit";
import { requireUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { importWorkflowDocument } from "@/lib/db/queries/workflow-documents";
import { createWorkflow, deleteWorkflow, duplicateWorkflow, renameWorkflow, uniqueWorkflowName } from "@/lib/db/queries/workflows";
import { type ActionResult, AppError, actionResult } from "@/lib/errors";
import { parseWorkflowFile } from "./import-document";
import { createWorkflowSchema, importWorkflowSchema, renameWorkflowSchema, workflowIdSchema } from "./schema";

/** Parses an action's input. @throws AppError `invalid_input` with one message per field. */
function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new AppError("invalid_input", parsed.error.issues[0]?.message, {
      fields: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? "form"), issue.message])),
    });
  }
  return parsed.data;
}

/** Creates an empty draft workflow owned by the user; returns its id (the page then opens the editor). */
export async function createWorkflowAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return actionResult(async () => {
    const user = await requireUser();
    const data = parseInput(createWorkflowSchema, input);
    const db = getDb();
    const created = await createWorkflow(db, { ownerId: user.id, name: data.name, description: data.description });
    await appendAuditLog(db, {
      action: "workflow.create",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "workflow",
      targetId: created.id,
      data: { name: data.name },
    });
    revalidatePath("/workflows");
    return created;
  });
}

/** Renames a workflow (and updates its description when given). */
export async function renameWorkflowAction(input: unknown): Promise<ActionResult<undefined>> {
  return actionResult(async () => {
    const user = await requireUser();
    const data = parseInput(renameWorkflowSchema, input);
    await renameWorkflow(getDb(), user, data.id, data.name, data.description);
    revalidatePath("/workflows");
    revalidatePath(`/workflows/${data.id}`);
    return undefined;
  });
}

/** Copies a workflow's draft into a new draft named "… (copy)". */
export async function duplicateWorkflowAction(input: unknown): Promise<ActionResult<{ id: string; name: string }>> {
  return actionResult(async () => {
    const user = await requireUser();
    const { id } = parseInput(workflowIdSchema, input);
    const db = getDb();
    const copy = await duplicateWorkflow(db, user, id);
    await appendAuditLog(db, {
      action: "workflow.duplicate",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "workflow",
      targetId: copy.id,
      data: { from: id },
    });
    revalidatePath("/workflows");
    return copy;
  });
}

/** Deletes a workflow with its versions and runs (owner or admin). */
export async function deleteWorkflowAction(input: unknown): Promise<ActionResult<undefined>> {
  return actionResult(async () => {
    const user = await requireUser();
    const { id } = parseInput(workflowIdSchema, input);
    const db = getDb();
    const { name } = await deleteWorkflow(db, user, id);
    await appendAuditLog(db, {
      action: "workflow.delete",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "workflow",
      targetId: id,
      data: { name },
    });
    revalidatePath("/workflows");
    return undefined;
  });
}

/** What an import answers: the new workflow, or every problem found in the file (nothing created). */
export type ImportWorkflowResult = { created: true; id: string; name: string } | { created: false; problems: string[] };

/**
 * Imports a workflow file (spec §1) as a new draft owned by the user, named after the document (with
 * " (copy)" when the user already has one by that name), with its `resources` (connectors, MCP servers,
 * knowledge bases: created when missing, reused when the same). A file that is not JSON, not a workflow
 * document, whose graph does not validate (spec §4) or whose resources conflict with stored ones creates
 * nothing and lists each problem.
 */
export async function importWorkflowAction(input: unknown): Promise<ActionResult<ImportWorkflowResult>> {
  return actionResult(async () => {
    const user = await requireUser();
    const { text } = parseInput(importWorkflowSchema, input);
    const parsed = parseWorkflowFile(text);
    if (!parsed.ok) return { created: false as const, problems: parsed.problems };
    const db = getDb();
    const name = await uniqueWorkflowName(db, user.id, parsed.document.name);
    let imported: Awaited<ReturnType<typeof importWorkflowDocument>>;
    try {
      imported = await importWorkflowDocument(db, JSON.parse(text), { ownerId: user.id });
    } catch (error) {
      if (error instanceof AppError && (error.code === "conflict" || error.code === "invalid_document")) {
        return { created: false as const, problems: [error.message] };
      }
      throw error;
    }
    if (name !== parsed.document.name) await renameWorkflow(db, user, imported.workflowId, name);
    await appendAuditLog(db, {
      action: "workflow.import",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "workflow",
      targetId: imported.workflowId,
      data: { name, resources: imported.resources },
    });
    revalidatePath("/workflows");
    return { created: true as const, id: imported.workflowId, name };
  });
}
