/**
 * Switchyard as an MCP server over Streamable HTTP (MCP spec 2025-06-18, "Streamable HTTP" transport) at
 * /api/mcp, stateless: every POST builds a server for the API key's owner and answers with JSON.
 *
 * - `tools/list`: the owner's runnable workflows (published and without HUMAN_INTERVENTION, spec §7), one
 *   tool each, named from the workflow's name, with START's variables as the input schema.
 * - `tools/call`: runs one with the `run_workflow` rules of spec §7 (lib/tools/sources/run-workflow.ts:
 *   strict input check, gated workflows refused with `contains_human_intervention`, the run acts as the
 *   workflow's owner) and returns END's outputs as `structuredContent`. Failures are tool results with
 *   `isError` (the calling model sees them), never protocol crashes.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import type { ApiKeyOwner } from "@/lib/db/queries/api-keys";
import { type ActiveWorkflow, listPublishedWorkflows } from "@/lib/db/queries/triggers";
import { getRuntime } from "@/lib/runtime";
import { startTriggeredRun, MAX_WAIT_MS } from "@/lib/triggers/start-run";
import { toToolErrorInfo } from "@/lib/tools/tool-error";
import { type ChildRunOutcome, createRunWorkflowTool, type WorkflowSummary } from "@/lib/tools/sources/run-workflow";
import type { StartVariable } from "@/lib/workflow/nodes/start";
import { maxBodyBytes } from "./read-body";
import { inputJsonSchema } from "./views";

/** A tool name for each workflow: its name in snake_case (`^[a-zA-Z0-9_-]{1,64}$`), suffixed with the id's tail on a clash. */
export function workflowToolNames(workflows: Pick<ActiveWorkflow, "id" | "name">[]): Map<string, string> {
  const base = (name: string) =>
    name
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .toLowerCase()
      .slice(0, 50) || "workflow";
  const counts = new Map<string, number>();
  for (const workflow of workflows) counts.set(base(workflow.name), (counts.get(base(workflow.name)) ?? 0) + 1);
  const names = new Map<string, string>();
  for (const workflow of workflows) {
    const name = base(workflow.name);
    names.set(workflow.id, (counts.get(name) ?? 0) > 1 ? `${name}_${workflow.id.slice(-8)}` : name);
  }
  return names;
}

function toSummary(workflow: ActiveWorkflow): WorkflowSummary {
  return {
    id: workflow.id,
    name: workflow.name,
    description: workflow.description,
    ownerId: workflow.ownerId,
    active: true,
    variables: workflow.variables as StartVariable[],
    hasHumanIntervention: workflow.hasHumanIntervention,
  };
}

function toolError(code: string, message: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: `${code}: ${message}` }], structuredContent: { error: { code, message } } };
}

/** Builds the MCP server for one request of `caller` (the tools are the caller's workflows as of now). */
export async function createSwitchyardMcpServer(caller: ApiKeyOwner, client: { userAgent: string | null }): Promise<McpServer> {
  const runtime = getRuntime();
  const workflows = await listPublishedWorkflows(runtime.db, caller.user.id);
  const names = workflowToolNames(workflows);
  const server = new McpServer({ name: "switchyard", version: "1.0.0" }, { capabilities: { tools: {} } });

  server.server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: workflows
      .filter((workflow) => !workflow.hasHumanIntervention)
      .map((workflow) => ({
        name: names.get(workflow.id) ?? workflow.id,
        title: workflow.name,
        description: workflow.description || `Runs the workflow "${workflow.name}" and returns its outputs.`,
        inputSchema: inputJsonSchema(workflow.variables) as { type: "object"; properties?: Record<string, object>; required?: string[] },
        annotations: { title: workflow.name, openWorldHint: true },
        _meta: { "switchyard/workflow_id": workflow.id, "switchyard/version": workflow.version },
      })),
  }));

  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const workflow = workflows.find((candidate) => names.get(candidate.id) === request.params.name);
    if (!workflow) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    if (workflow.hasHumanIntervention) {
      return toolError("contains_human_intervention", `"${workflow.name}" waits for a human approval, so it cannot be called as a tool`);
    }
    let runId: string | null = null;
    const tool = createRunWorkflowTool({
      workflows: [toSummary(workflow)],
      runWorkflow: async (child): Promise<ChildRunOutcome> => {
        const { run, settled } = await startTriggeredRun(runtime, {
          workflow,
          inputs: child.inputs,
          waitMs: MAX_WAIT_MS,
          trigger: {
            kind: "mcp",
            userId: child.runAs,
            details: {
              api_key: caller.keyName,
              api_key_id: caller.keyId,
              requested_by: caller.user.email,
              mcp_client: client.userAgent,
              tool: request.params.name,
            },
          },
        });
        runId = run.id;
        if (!settled)
          return {
            runId: run.id,
            status: run.status,
            outputs: null,
            error: { code: "timeout", message: `still running after ${MAX_WAIT_MS / 1000} s` },
          };
        return {
          runId: run.id,
          status: run.status,
          outputs: run.outputs,
          error: run.error ? { code: run.error.code, message: run.error.message } : null,
        };
      },
    });
    if (!tool) return toolError("not_found", `"${workflow.name}" is not runnable`);
    try {
      const result = (await tool.run(
        { name: workflow.id, inputs: request.params.arguments ?? {} },
        { userId: caller.user.id, signal: extra.signal },
      )) as {
        run_id: string;
        outputs: Record<string, unknown>;
      };
      return {
        content: [{ type: "text", text: JSON.stringify(result.outputs) }],
        structuredContent: result.outputs,
        _meta: { "switchyard/run_id": result.run_id },
      };
    } catch (error) {
      const info = toToolErrorInfo(error);
      const result = toolError(info.code, info.message);
      return runId ? { ...result, _meta: { "switchyard/run_id": runId } } : result;
    }
  });
  return server;
}

/**
 * Answers one Streamable HTTP request of an authenticated caller: POST carries JSON-RPC messages and
 * gets JSON back; GET (a server-to-client stream) and DELETE (session end) are 405 in stateless mode.
 */
export async function mcpResponse(request: Request, caller: ApiKeyOwner): Promise<Response> {
  if (request.method !== "POST") {
    return Response.json(
      {
        jsonrpc: "2.0",
        error: { code: -32000, message: "Method not allowed: this MCP server is stateless; POST JSON-RPC messages." },
        id: null,
      },
      { status: 405, headers: { Allow: "POST" } },
    );
  }
  const server = await createSwitchyardMcpServer(caller, { userAgent: request.headers.get("user-agent") });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: maxBodyBytes(),
  });
  try {
    await server.connect(transport);
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
