"use server";

import { revalidatePath } from "next/cache";
import { appendAuditLog } from "@/lib/audit";
import { requireAdmin, requireUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { type AgentInput, createAgent, deleteAgent, updateAgent } from "@/lib/db/queries/agents";
import { setSetting } from "@/lib/db/queries/settings";
import { AppError, actionResult } from "@/lib/errors";
import { CONFIRM_TOOLS_SETTING } from "@/lib/runtime-agents";
import { agentFormSchema, confirmToolsSchema } from "./schema";

function parse(input: unknown): AgentInput {
  const parsed = agentFormSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError("invalid_input", undefined, {
      fields: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
    });
  }
  const data = parsed.data;
  return {
    name: data.name,
    description: data.description,
    instructions: data.instructions,
    modelTier: data.modelTier,
    model: data.model === "" ? null : data.model,
    toolCategories: data.allCategories ? null : data.toolCategories,
    knowledgeBaseIds: data.knowledgeBaseIds,
    connectorIds: data.connectorIds,
    mcpServerIds: data.mcpServerIds,
    maxIterations: data.maxIterations,
    visibility: data.visibility,
  };
}

/** Creates (no `id`) or updates an agent; owners (and admins) only. */
export async function saveAgentAction(id: string | null, input: unknown) {
  return actionResult(async () => {
    const user = await requireUser();
    const data = parse(input);
    const db = getDb();
    const agent = id ? await updateAgent(db, user, id, data) : await createAgent(db, user, data);
    await appendAuditLog(db, {
      action: id ? "agent.update" : "agent.create",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "agent",
      targetId: agent.id,
      data: { name: agent.name },
    });
    revalidatePath("/settings/agents");
    return { id: agent.id };
  });
}

export async function deleteAgentAction(id: string) {
  return actionResult(async () => {
    const user = await requireUser();
    const db = getDb();
    const agent = await deleteAgent(db, user, id);
    await appendAuditLog(db, {
      action: "agent.delete",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "agent",
      targetId: id,
      data: { name: agent.name },
    });
    revalidatePath("/settings/agents");
  });
}

/** Workspace setting (admins): tool-name globs whose calls wait for the user's confirmation in chat. */
export async function saveConfirmToolsAction(input: unknown) {
  return actionResult(async () => {
    const user = await requireAdmin();
    const parsed = confirmToolsSchema.safeParse(input);
    if (!parsed.success)
      throw new AppError("invalid_input", undefined, { fields: { pattern: parsed.error.issues[0]?.message ?? "Invalid pattern" } });
    const db = getDb();
    await setSetting(db, CONFIRM_TOOLS_SETTING, parsed.data.pattern);
    await appendAuditLog(db, {
      action: "settings.update",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "setting",
      targetId: CONFIRM_TOOLS_SETTING,
      data: { pattern: parsed.data.pattern },
    });
    revalidatePath("/settings/agents");
  });
}
