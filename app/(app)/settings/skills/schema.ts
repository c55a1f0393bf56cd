import { z } from "zod";

export const skillSchema = z.object({
  name: z.string().trim().min(1, "Give the skill a name.").max(120),
  description: z.string().trim().max(500, "Keep the description under 500 characters; agents read it to choose a skill."),
  body: z.string().max(200_000, "The body is longer than 200 000 characters."),
  visibility: z.enum(["personal", "organisation"]),
});

export type SkillFormValues = z.infer<typeof skillSchema>;
