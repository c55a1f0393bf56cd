/**
 * `call_agent` (auto mode only): a catalogue of the user's agents; the delegate runs with its own tool
 * registry, assembled without `call_agent` (no delegation chains).
 */
import { z } from "zod";
import { defineTool } from "../define-tool";
import { ToolError } from "../tool-error";
import type { Tool, ToolContext } from "../types";

export interface AgentSummary {
  id: string;
  name: string;
  description: string;
}

/** The tool, or null without agents. `runAgent` runs the delegate to its answer. */
export function createCallAgentTool(options: {
  agents: AgentSummary[];
  runAgent: (request: { agentId: string; task: string; context: ToolContext }) => Promise<{ text: string; status: string }>;
}): Tool | null {
  if (options.agents.length === 0) return null;
  return defineTool({
    name: "call_agent",
    description: `Hand a self-contained task to one of the user's agents and get its answer. Agents:\n${options.agents.map((agent) => `- ${agent.name}: ${agent.description || "(no description)"}`).join("\n")}`,
    category: "meta",
    provider: "agent",
    input: z.object({
      agent: z.string().describe("The agent's name"),
      task: z.string().min(1).describe("The task, with every detail the agent needs"),
    }),
    async run({ agent, task }, context) {
      const target = options.agents.find((candidate) => candidate.name === agent || candidate.id === agent);
      if (!target)
        throw new ToolError(
          "not_found",
          `There is no agent "${agent}". Agents: ${options.agents.map((candidate) => candidate.name).join(", ")}`,
        );
      const result = await options.runAgent({ agentId: target.id, task, context });
      return { agent: target.name, status: result.status, answer: result.text };
    },
  });
}
