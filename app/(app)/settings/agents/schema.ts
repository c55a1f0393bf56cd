import { z } from "zod";
import { SELECTABLE_TOOL_CATEGORIES } from "@/lib/tools/types";

const categoryValues = SELECTABLE_TOOL_CATEGORIES.map((category) => category.value) as [string, ...string[]];

/** The agent form (create and edit). `allCategories` true stores `toolCategories: null` (every category). */
export const agentFormSchema = z
  .object({
    name: z.string().trim().min(1, "Give the agent a name.").max(80, "Keep the name under 80 characters."),
    description: z.string().trim().max(500),
    instructions: z.string().max(20_000, "Keep the instructions under 20,000 characters."),
    modelTier: z.enum(["smart", "fast"]),
    model: z.string().trim().max(200),
    allCategories: z.boolean(),
    toolCategories: z.array(z.enum(categoryValues)),
    knowledgeBaseIds: z.array(z.string()),
    connectorIds: z.array(z.string()),
    mcpServerIds: z.array(z.string()),
    maxIterations: z.number({ error: "Enter a number." }).int("Use a whole number.").min(1, "At least 1.").max(200, "At most 200."),
    visibility: z.enum(["private", "shared"]),
  })
  .refine((value) => value.allCategories || value.toolCategories.length > 0, {
    path: ["toolCategories"],
    message: "Pick at least one tool category, or allow all.",
  });

export type AgentFormInput = z.infer<typeof agentFormSchema>;

/** Tool-name globs (`*`, `?`, alternatives with `|`), e.g. `orders__*|web_fetch`; empty = no confirmations. */
export const confirmToolsSchema = z.object({
  pattern: z
    .string()
    .trim()
    .max(500)
    .regex(/^[A-Za-z0-9_*?|\s-]*$/, "Use tool names with * and ?, separated by |, e.g. orders__*|web_fetch"),
});
