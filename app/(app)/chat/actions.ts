"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { getAgent } from "@/lib/db/queries/agents";
import { createConversation, deleteConversation } from "@/lib/db/queries/conversations";
import { AppError, actionResult } from "@/lib/errors";

const newConversationSchema = z.object({ agentId: z.string().min(1).nullable() });

/** Creates a conversation with an agent the user may use, or in auto mode (`agentId: null`). */
export async function createConversationAction(input: unknown) {
  return actionResult(async () => {
    const user = await requireUser();
    const parsed = newConversationSchema.safeParse(input);
    if (!parsed.success) throw new AppError("invalid_input");
    const db = getDb();
    if (parsed.data.agentId && !(await getAgent(db, user, parsed.data.agentId)))
      throw new AppError("not_found", "That agent does not exist or is not shared with you.");
    const conversation = await createConversation(db, user.id, { agentId: parsed.data.agentId });
    revalidatePath("/chat");
    return { id: conversation.id };
  });
}

export async function deleteConversationAction(id: string) {
  return actionResult(async () => {
    const user = await requireUser();
    await deleteConversation(getDb(), user.id, id);
    revalidatePath("/chat");
  });
}
