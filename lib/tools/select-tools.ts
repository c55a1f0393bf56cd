/**
 * Tool selection (issue 5): when more than 12 tools remain, the fast model picks the ≤ 6 most relevant for
 * the request. Any failure (endpoint error, output that is not a JSON list of known names) returns null and
 * the caller keeps the full set.
 */
import type { ModelCaller } from "@/lib/agent/types";
import type { Tool } from "./types";

export const TOOL_SELECTION_THRESHOLD = 12;
export const TOOL_SELECTION_MAX = 6;

const schema = {
  type: "object",
  properties: { tools: { type: "array", items: { type: "string" }, maxItems: TOOL_SELECTION_MAX } },
  required: ["tools"],
  additionalProperties: false,
};

/** Names of the chosen tools (known names only, at most `max`), or null when selection failed. */
export async function selectTools(options: {
  model: ModelCaller;
  query: string;
  tools: Tool[];
  max?: number;
  signal?: AbortSignal;
}): Promise<string[] | null> {
  const max = options.max ?? TOOL_SELECTION_MAX;
  const catalogue = options.tools.map((tool) => `${tool.name}: ${tool.description.split("\n")[0].slice(0, 160)}`).join("\n");
  try {
    const response = await options.model({
      model: "fast",
      messages: [
        {
          role: "system",
          content: `Pick the tools most useful for the user's request, at most ${max}, from this list. Answer with JSON {"tools": ["name", …]} and nothing else.\n\n${catalogue}`,
        },
        { role: "user", content: options.query.slice(0, 4000) },
      ],
      responseFormat: { name: "tool_selection", schema },
      maxTokens: 200,
      temperature: 0,
      signal: options.signal,
    });
    const text = response.text.trim().replace(/^```(?:json)?\s*|\s*```$/g, "");
    const parsed = JSON.parse(text) as { tools?: unknown };
    if (!Array.isArray(parsed.tools)) return null;
    const known = new Set(options.tools.map((tool) => tool.name));
    const names = [...new Set(parsed.tools.filter((name): name is string => typeof name === "string" && known.has(name)))].slice(0, max);
    return names.length > 0 ? names : null;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return null;
  }
}
