/**
 * Per-request tool assembly (issue 5), in this order: builtin discovery → filter by the agent's tool
 * categories → knowledge-base injection → connectors (the agent's, or all visible in auto mode) → MCP
 * servers → skills and runnable workflows → `call_agent` (auto mode only) → tool selection with the fast
 * model when more than 12 remain (plus `request_tools`) → hooks attached last.
 *
 * Every source is a plain function (resolver), so assembly is testable without a database; lib/runtime
 * wires the database-backed ones. A source that is absent contributes nothing.
 */
import type { ToolHook } from "@/lib/agent/hooks";
import type { ModelCaller } from "@/lib/agent/types";
import { builtinTools } from "./builtin";
import { selectTools, TOOL_SELECTION_MAX, TOOL_SELECTION_THRESHOLD } from "./select-tools";
import { type AgentSummary, createCallAgentTool } from "./sources/call-agent";
import { type CallConnector, type ConnectorSummary, createConnectorTools } from "./sources/connectors";
import { createKnowledgeTool, type KnowledgeBaseSummary, type RetrieveChunks } from "./sources/knowledge";
import { createMcpTools, type McpServerSummary, type McpToolSourceOptions } from "./sources/mcp";
import { createRequestToolsTool } from "./sources/request-tools";
import { type ChildRunOutcome, type ChildRunRequest, createRunWorkflowTool, type WorkflowSummary } from "./sources/run-workflow";
import { createSkillTool, type SkillSummary, skillStubs } from "./sources/skills";
import { ToolSet } from "./tool-set";
import type { Tool, ToolCategory, ToolContext } from "./types";

/** Which capabilities an agent is bound to. `null` lists mean "everything visible to the user". */
export interface AgentToolProfile {
  /** Categories it may use; null = all. */
  toolCategories: ToolCategory[] | null;
  knowledgeBaseIds: string[] | null;
  connectorIds: string[] | null;
  mcpServerIds: string[] | null;
}

/** The capability sources, as plain functions. */
export interface ToolSources {
  builtins?: () => Tool[];
  knowledge?: { list: (ids: string[] | null, userId: string | null) => Promise<KnowledgeBaseSummary[]>; retrieve: RetrieveChunks };
  connectors?: { list: (ids: string[] | null, userId: string | null) => Promise<ConnectorSummary[]>; call: CallConnector };
  mcp?: {
    /** `ids` null: the user's and the global servers. */
    list: (ids: string[] | null, userId: string | null) => Promise<McpServerSummary[]>;
    listTools: McpToolSourceOptions["listTools"];
    callTool: McpToolSourceOptions["callTool"];
    maxDirectTools?: number;
  };
  skills?: { list: (userId: string | null) => Promise<SkillSummary[]>; read: (name: string) => Promise<string | null> };
  workflows?: {
    list: (userId: string | null) => Promise<WorkflowSummary[]>;
    run: (request: ChildRunRequest) => Promise<ChildRunOutcome>;
    maxDepth?: number;
  };
  agents?: {
    list: (userId: string | null) => Promise<AgentSummary[]>;
    run: (request: { agentId: string; task: string; context: ToolContext }) => Promise<{ text: string; status: string }>;
  };
  /** Hooks for every request, attached last. */
  hooks?: (request: AssembleRequest) => ToolHook[];
}

export interface AssembleRequest {
  profile: AgentToolProfile;
  /** `auto`: no agent picked; adds `call_agent`. */
  mode: "agent" | "auto";
  userId: string | null;
  role?: string;
  /** The user's request, for tool selection. */
  query: string;
  /** The fast model for tool selection; absent = no selection. */
  model?: ModelCaller;
  signal?: AbortSignal;
}

export interface AssembledTools {
  tools: ToolSet;
  hooks: ToolHook[];
  /** Added to the system prompt: skill stubs. */
  promptSections: string[];
  /** Sources that failed to list (e.g. an MCP server that is down), for the trail. */
  unavailable: { source: string; error: string }[];
  /** Null when no selection ran; else the names the fast model picked (or `failed`). */
  selection: string[] | "failed" | null;
}

function allowed(profile: AgentToolProfile, category: ToolCategory): boolean {
  return category === "meta" || profile.toolCategories === null || profile.toolCategories.includes(category);
}

/** Builds the request's tools. Never throws for a failing source: it is left out and listed in `unavailable`. */
export async function assembleTools(request: AssembleRequest, sources: ToolSources): Promise<AssembledTools> {
  const { profile, userId } = request;
  const set = new ToolSet();
  const unavailable: AssembledTools["unavailable"] = [];
  const promptSections: string[] = [];
  const add = (tool: Tool | null) => {
    if (tool && allowed(profile, tool.category) && !set.get(tool.name)) set.add(tool);
  };
  const attempt = async (source: string, body: () => Promise<void>) => {
    try {
      await body();
    } catch (error) {
      if (request.signal?.aborted) throw error;
      unavailable.push({ source, error: error instanceof Error ? error.message : String(error) });
    }
  };

  // 1–2. builtin discovery, filtered by category
  for (const tool of (sources.builtins ?? builtinTools)()) add(tool);
  // 3. knowledge bases
  const knowledge = sources.knowledge;
  if (knowledge && allowed(profile, "knowledge") && (profile.knowledgeBaseIds === null || profile.knowledgeBaseIds.length > 0)) {
    await attempt("knowledge", async () =>
      add(createKnowledgeTool({ knowledgeBases: await knowledge.list(profile.knowledgeBaseIds, userId), retrieve: knowledge.retrieve })),
    );
  }
  // 4. connectors
  const connectors = sources.connectors;
  if (connectors && allowed(profile, "connector") && (profile.connectorIds === null || profile.connectorIds.length > 0)) {
    await attempt("connectors", async () => {
      for (const tool of createConnectorTools({
        connectors: await connectors.list(profile.connectorIds, userId),
        call: connectors.call,
        role: request.role,
      }))
        add(tool);
    });
  }
  // 5. MCP servers
  const mcp = sources.mcp;
  if (mcp && allowed(profile, "mcp") && (profile.mcpServerIds === null || profile.mcpServerIds.length > 0)) {
    await attempt("mcp", async () => {
      const servers = await mcp.list(profile.mcpServerIds, userId);
      const listed = await createMcpTools({
        servers,
        listTools: mcp.listTools,
        callTool: mcp.callTool,
        maxDirectTools: mcp.maxDirectTools,
        signal: request.signal,
      });
      for (const tool of listed.tools) add(tool);
      for (const failure of listed.unavailable) unavailable.push({ source: `mcp:${failure.server}`, error: failure.error });
    });
  }
  // 6. skills and runnable workflows
  const skills = sources.skills;
  if (skills && allowed(profile, "skill")) {
    await attempt("skills", async () => {
      const list = await skills.list(userId);
      const tool = createSkillTool({ skills: list, readSkill: skills.read });
      if (tool) {
        add(tool);
        promptSections.push(skillStubs(list));
      }
    });
  }
  const workflows = sources.workflows;
  if (workflows && allowed(profile, "workflow")) {
    await attempt("workflows", async () =>
      add(createRunWorkflowTool({ workflows: await workflows.list(userId), runWorkflow: workflows.run, maxDepth: workflows.maxDepth })),
    );
  }
  // 7. call_agent, auto mode only
  const agents = sources.agents;
  if (agents && request.mode === "auto" && allowed(profile, "agent")) {
    await attempt("agents", async () => add(createCallAgentTool({ agents: await agents.list(userId), runAgent: agents.run })));
  }
  // 8. tool selection
  let selection: AssembledTools["selection"] = null;
  if (set.size > TOOL_SELECTION_THRESHOLD && request.model && request.query.trim() !== "") {
    const picked = await selectTools({
      model: request.model,
      query: request.query,
      tools: set.all(),
      max: TOOL_SELECTION_MAX,
      signal: request.signal,
    });
    if (picked) {
      set.setActive(picked);
      set.add(createRequestToolsTool(set));
      selection = picked;
    } else {
      selection = "failed";
    }
  }
  // 9. hooks, last
  const hooks = sources.hooks?.(request) ?? [];
  return { tools: set, hooks, promptSections, unavailable, selection };
}
