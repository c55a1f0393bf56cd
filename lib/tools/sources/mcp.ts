/**
 * MCP servers as tools: each server's tools as `mcp_{server}__{tool}` (category `mcp`), or — when they
 * are more than `maxDirectTools` in all — one `mcp` meta tool with `discover` (list a server's tools and
 * their input schemas) and `call` (validated against the tool's schema) so the prompt stays small.
 */
import { z } from "zod";
import type { McpToolInfo } from "@/lib/mcp/types";
import type { McpCallRequest, McpCallResult } from "@/lib/workflow/services";
import { defineTool } from "../define-tool";
import { ToolError } from "../tool-error";
import { toToolName } from "../tool-set";
import type { Tool, ToolOutput } from "../types";
import { validateArguments } from "../validate-arguments";

export interface McpServerSummary {
  id: string;
  name: string;
}

export interface McpToolSourceOptions {
  servers: McpServerSummary[];
  listTools: (serverId: string, options?: { signal?: AbortSignal }) => Promise<McpToolInfo[]>;
  callTool: (request: McpCallRequest) => Promise<McpCallResult>;
  /** Above this many tools in all, one meta tool is offered instead. Default 20. */
  maxDirectTools?: number;
  signal?: AbortSignal;
}

function toOutput(result: McpCallResult): ToolOutput {
  if (result.is_error)
    throw new ToolError("mcp_error", result.content || "The MCP tool reported an error", { details: { structured: result.structured } });
  if (result.structured !== null && result.structured !== undefined)
    return { content: result.content, structured: result.structured as never };
  return result.content;
}

/**
 * Lists every server's tools (servers that fail to list are left out and reported in `unavailable`).
 */
export async function createMcpTools(
  options: McpToolSourceOptions,
): Promise<{ tools: Tool[]; unavailable: { server: string; error: string }[] }> {
  const unavailable: { server: string; error: string }[] = [];
  const listed = await Promise.all(
    options.servers.map(async (server) => {
      try {
        return { server, tools: await options.listTools(server.id, { signal: options.signal }) };
      } catch (error) {
        unavailable.push({ server: server.id, error: error instanceof Error ? error.message : String(error) });
        return { server, tools: [] as McpToolInfo[] };
      }
    }),
  );
  const total = listed.reduce((sum, entry) => sum + entry.tools.length, 0);
  if (total === 0) return { tools: [], unavailable };
  if (total <= (options.maxDirectTools ?? 20)) {
    const tools: Tool[] = listed.flatMap(({ server, tools: infos }) =>
      infos.map(
        (info): Tool => ({
          name: toToolName(`mcp_${server.id}__${info.name}`),
          description: `${server.name}: ${info.title ?? info.name}. ${info.description ?? ""}`.trim(),
          parameters: info.inputSchema?.type === "object" ? info.inputSchema : { type: "object", properties: {} },
          category: "mcp",
          provider: `mcp:${server.id}`,
          async run(args, context) {
            return toOutput(await options.callTool({ serverId: server.id, toolName: info.name, arguments: args, signal: context.signal }));
          },
        }),
      ),
    );
    return { tools, unavailable };
  }
  const byServer = new Map(listed.map((entry) => [entry.server.id, entry]));
  const meta = defineTool({
    name: "mcp",
    description: `Use tools of MCP servers. First \`discover\` a server's tools (names, descriptions, input schemas), then \`call\` one with its arguments. Servers: ${listed
      .map(({ server, tools: infos }) => `${server.id} (${server.name}, ${infos.length} tools)`)
      .join(", ")}.`,
    category: "mcp",
    provider: "mcp",
    input: z.object({
      action: z.enum(["discover", "call"]),
      server: z.enum(listed.map((entry) => entry.server.id) as [string, ...string[]]),
      tool: z.string().optional().describe("For call: the tool's name"),
      arguments: z.record(z.string(), z.unknown()).optional().describe("For call: the tool's arguments"),
    }),
    async run({ action, server, tool, arguments: args }, context) {
      const entry = byServer.get(server);
      if (!entry) throw new ToolError("invalid_arguments", `Unknown MCP server "${server}"`);
      if (action === "discover")
        return {
          tools: entry.tools.map((info) => ({ name: info.name, description: info.description ?? "", input_schema: info.inputSchema })),
        };
      const info = entry.tools.find((candidate) => candidate.name === tool);
      if (!info) throw new ToolError("invalid_arguments", `MCP server "${server}" has no tool "${tool ?? ""}"; discover its tools first`);
      const checked = validateArguments(info.inputSchema, args ?? {});
      if (!checked.ok) throw new ToolError("invalid_arguments", checked.message);
      return toOutput(await options.callTool({ serverId: server, toolName: info.name, arguments: checked.value, signal: context.signal }));
    },
  });
  return { tools: [meta], unavailable };
}
