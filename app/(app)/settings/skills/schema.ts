import { z } from "zod";
import { MAX_SKILL_NAME_LENGTH, SKILL_NAME_PATTERN } from "@/lib/tools/sources/skills";

/** A name that follows the rule, made from what was typed ("Refund approval" → "refund-approval"), or "". */
function suggestedSkillName(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SKILL_NAME_LENGTH);
}

/** The skill's name: what agents call `read_skill` with (SKILL_NAME_PATTERN, lib/tools/sources/skills.ts). */
const skillName = z
  .string()
  .trim()
  .min(1, "Give the skill a name, e.g. refund-handling.")
  .max(MAX_SKILL_NAME_LENGTH, {
    error: (issue) => `A skill name has at most ${MAX_SKILL_NAME_LENGTH} characters (you have ${String(issue.input).length}).`,
  })
  .refine((name) => name === "" || name.length > MAX_SKILL_NAME_LENGTH || SKILL_NAME_PATTERN.test(name), {
    error: (issue) => {
      const suggestion = suggestedSkillName(String(issue.input));
      const rule = "A skill name uses lowercase letters, digits, - and _ only (agents call read_skill with it)";
      return suggestion ? `${rule}; try ${suggestion}.` : `${rule}, e.g. refund-handling.`;
    },
  });

export const skillSchema = z.object({
  name: skillName,
  description: z.string().trim().max(500, "Keep the description under 500 characters; agents read it to choose a skill."),
  body: z.string().max(200_000, "The body is longer than 200 000 characters."),
  visibility: z.enum(["personal", "organisation"]),
});

export type SkillFormValues = z.infer<typeof skillSchema>;
