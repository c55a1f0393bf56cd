/**
 * Skills (SOPs) as a tool: compact stubs (name: description) go into the system prompt, and
 * `read_skill(name)` returns a skill's full text when the agent needs it.
 */
import { z } from "zod";
import { defineTool } from "../define-tool";
import { ToolError } from "../tool-error";
import type { Tool } from "../types";

/**
 * A skill's name, as agents pass it to `read_skill(name)` and see it in the skill stubs: lowercase letters,
 * digits, `-` and `_`, at most MAX_SKILL_NAME_LENGTH characters. A subset of the tool-name rule
 * `^[a-zA-Z0-9_-]{1,64}$` (lib/tools/types.ts), lowercase so that a name has one spelling.
 */
export const SKILL_NAME_PATTERN = /^[a-z0-9_-]{1,64}$/;
export const MAX_SKILL_NAME_LENGTH = 64;

export interface SkillSummary {
  name: string;
  description: string;
}

/** The system-prompt section listing the skills, or "" when there are none. */
export function skillStubs(skills: SkillSummary[]): string {
  if (skills.length === 0) return "";
  return `Skills (standard procedures) you can read with read_skill before acting:\n${skills.map((skill) => `- ${skill.name}: ${skill.description || "(no description)"}`).join("\n")}`;
}

/** The tool, or null when there are no skills. `readSkill` returns the body, or null for an unknown name. */
export function createSkillTool(options: { skills: SkillSummary[]; readSkill: (name: string) => Promise<string | null> }): Tool | null {
  if (options.skills.length === 0) return null;
  const names = options.skills.map((skill) => skill.name);
  return defineTool({
    name: "read_skill",
    description: "Read the full text of a skill (a standard procedure) listed in your instructions.",
    category: "skill",
    provider: "skill",
    input: z.object({ name: z.string().describe(`One of: ${names.join(", ")}`) }),
    async run({ name }) {
      if (!names.includes(name)) throw new ToolError("unknown_skill", `There is no skill "${name}". Skills: ${names.join(", ")}`);
      const body = await options.readSkill(name);
      if (body === null) throw new ToolError("unknown_skill", `The skill "${name}" no longer exists`);
      return body;
    },
  });
}
