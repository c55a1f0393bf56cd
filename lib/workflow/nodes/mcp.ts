/**
 * MCP (spec §2): calls a tool of an MCP server through `services.mcp`. A result with `isError` fails the
 * node with `mcp_error` (details `{content, structured}`); the error strategy decides what follows.
 */
import { z } from "zod";
import { WorkflowError } from "../errors";
import { renderValue, type TemplateScope } from "../template";
import { commonDataShape, missingService, templateMapSchema, unnamedHandle } from "./common";
import { defineNode } from "./node-definition";

/** The `data` of a MCP node (spec §2), common fields included; `.describe()` texts are the editor's field help. */
export const mcpConfigSchema = z.object({
  ...commonDataShape,
  server_id: z
    .string()
    .min(1, "Required: the MCP server's key, as listed under Settings → MCP servers (e.g. everything).")
    .describe("The MCP server's key (Settings → MCP servers; resources.mcp_servers[].id in a workflow file)."),
  tool_name: z.string().min(1, "Required: the name of one of the server's tools (e.g. echo).").describe("The tool to call."),
  parameters: templateMapSchema.default({}).describe("Tool argument name → template."),
});

/** Parsed `data` of a MCP node. */
export type McpConfig = z.infer<typeof mcpConfigSchema>;

/** The outputs of a MCP node (spec §2). */
export const mcpOutputSchema = z.object({ content: z.string(), structured: z.unknown(), is_error: z.boolean() });

/** Outputs of a MCP node. */
export type McpOutputs = z.infer<typeof mcpOutputSchema>;

/** Resolved inputs of an MCP node. */
export interface McpInputs {
  server_id: string;
  tool_name: string;
  parameters: Record<string, unknown>;
}

/** The MCP node type: schemas, handles, editor metadata, executor. */
export const mcpNode = defineNode({
  type: "MCP",
  configSchema: mcpConfigSchema,
  outputSchema: mcpOutputSchema,
  meta: {
    label: "MCP tool",
    description: "Calls a tool of an MCP server.",
    icon: "Blocks",
    color: "#4f46e5",
    category: "integration",
    defaultData: { title: "MCP tool", server_id: "", tool_name: "", parameters: {} },
  },
  templateFields: ["parameters"],
  sourceHandles: unnamedHandle,
  takenHandles: unnamedHandle,
  continueHandles: unnamedHandle,
  resolveInputs(config: McpConfig, scope: TemplateScope): McpInputs {
    return {
      server_id: config.server_id,
      tool_name: config.tool_name,
      parameters: renderValue(config.parameters, scope) as Record<string, unknown>,
    };
  },
  async execute(context) {
    const mcp = context.services.mcp ?? missingService("MCP", "mcp");
    const { inputs } = context;
    const result = await mcp.callTool({
      serverId: inputs.server_id,
      toolName: inputs.tool_name,
      arguments: inputs.parameters,
      signal: context.signal,
    });
    if (result.is_error) {
      throw new WorkflowError("mcp_error", `${inputs.server_id}.${inputs.tool_name} returned an error: ${result.content}`, {
        details: { content: result.content, structured: result.structured },
      });
    }
    return { outputs: { content: result.content, structured: result.structured, is_error: false } };
  },
});
