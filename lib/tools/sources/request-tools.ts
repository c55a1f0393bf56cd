/**
 * `request_tools`: when tool selection advertised only some tools, the agent can load more mid-conversation
 * by name (the list of every available tool is in its description).
 */
import { z } from "zod";
import { defineTool } from "../define-tool";
import type { ToolSet } from "../tool-set";
import type { Tool } from "../types";

export function createRequestToolsTool(set: ToolSet): Tool {
  const available = set
    .all()
    .filter((tool) => tool.name !== "request_tools")
    .map((tool) => `- ${tool.name}: ${tool.description.split("\n")[0].slice(0, 120)}`)
    .join("\n");
  return defineTool({
    name: "request_tools",
    description: `Load more tools for the next step. Available tools:\n${available}`,
    category: "meta",
    provider: "meta",
    input: z.object({ names: z.array(z.string()).min(1).max(20) }),
    run({ names }) {
      const unknown = names.filter((name) => !set.get(name));
      const added = set.activate(names);
      return {
        loaded: added,
        already_loaded: names.filter((name) => set.isActive(name) && !added.includes(name) && !unknown.includes(name)),
        unknown,
      };
    },
  });
}
