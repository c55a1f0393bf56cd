/**
 * The agents' part of the composition root (issue 5): the model caller, the database-backed tool sources
 * for per-request assembly, the hooks, the AGENT node's AgentService, and chat's confirmation broker.
 * lib/runtime.ts attaches `withAgentService` to the engine's services; chat (lib/chat) calls
 * `getAgentRuntime()`. Everything here is a thin adapter over lib/db queries and lib/capabilities; the
 * logic lives in lib/tools and lib/agent.
 */
import { confirmationGateHook, connectorAuditHook, truncationHook } from "@/lib/agent/builtin-hooks";
import { type ConfirmationBroker, createConfirmationBroker } from "@/lib/agent/confirmation-broker";
import { createAgentService } from "@/lib/agent/agent-service";
import { type AgentDefinition, runAgentTurn } from "@/lib/agent/agent-turn";
import type { ToolHook } from "@/lib/agent/hooks";
import type { ModelCaller } from "@/lib/agent/types";
import { appendAuditLog } from "@/lib/audit";
import { callConnectorAction } from "@/lib/capabilities/connectors";
import type { Db } from "@/lib/db/client";
import { type AgentView, getActiveWorkflowGraph, getAgent, listAgents, listPublishedWorkflows } from "@/lib/db/queries/agents";
import { getConnectorDefinition } from "@/lib/db/queries/capability-definitions";
import { listConnectors } from "@/lib/db/queries/connectors";
import { listKnowledgeBases } from "@/lib/db/queries/knowledge";
import { listMcpServers } from "@/lib/db/queries/mcp-servers";
import { getStoredModelSettings } from "@/lib/db/queries/model-providers";
import { getSetting, getSsrfPolicy } from "@/lib/db/queries/settings";
import { getSkill, listSkills } from "@/lib/db/queries/skills";
import { chat } from "@/lib/llm/chat";
import { createLlmClient, type LlmClient } from "@/lib/llm/client";
import { resolveModelConfig } from "@/lib/llm/model-config";
import type { McpToolInfo } from "@/lib/mcp/types";
import type { SsrfPolicy } from "@/lib/net/ssrf";
import { type AssembleRequest, assembleTools, type ToolSources } from "@/lib/tools/assemble";
import { builtinTools } from "@/lib/tools/builtin";
import type { ConnectorSummary } from "@/lib/tools/sources/connectors";
import { type ChildRunStarter, createEngineWorkflowRunner, type WorkflowSummary } from "@/lib/tools/sources/run-workflow";
import type { ToolCategory, ToolContext } from "@/lib/tools/types";
import type { StartVariable } from "@/lib/workflow/nodes/start";
import type { NodeRunInfo } from "@/lib/workflow/nodes/node-definition";
import type { McpCallRequest, McpCallResult, NodeServices } from "@/lib/workflow/services";

/** Setting holding the tool-name glob(s) whose calls wait for the user's confirmation in chat, e.g. `orders__*|web_fetch`. */
export const CONFIRM_TOOLS_SETTING = "agents.confirm_tools";

/** MCP access for one turn or run: list and call over one session pool, closed at the end. */
export interface McpAccess {
  listTools(serverId: string, options?: { signal?: AbortSignal }): Promise<McpToolInfo[]>;
  callTool(request: McpCallRequest): Promise<McpCallResult>;
  close(): Promise<void>;
}

export interface AgentRuntimeOptions {
  db: Db;
  /** The workflow engine, for run_workflow (late-bound: the engine's services include the agent service). */
  engine: () => ChildRunStarter;
  env?: Record<string, string | undefined>;
}

export interface AgentScope {
  userId: string | null;
  email?: string;
  role?: string;
  mcp: McpAccess;
  /** Chat only: the gate asks in this conversation. */
  conversationId?: string;
  /** web_fetch's outbound policy (workspace `net.*` settings). */
  ssrf?: SsrfPolicy;
  /** Tool-name glob(s) gated by the confirmation hook in chat (Setting `agents.confirm_tools`). */
  confirmTools?: string;
}

/** The agents' runtime: model, sources, hooks, service. */
export interface AgentRuntime {
  readonly db: Db;
  readonly confirmations: ConfirmationBroker;
  /** The model, as configured now (stored provider + env overrides). @throws WorkflowError `invalid_config`. */
  model(): Promise<ModelCaller>;
  /** A scope for one user and turn: loads the SSRF policy and the confirmation setting, opens lazy MCP access. */
  scope(user: { id: string | null; email?: string; role?: string }, conversationId?: string): Promise<AgentScope>;
  /** The tool sources for one user and turn. */
  sources(scope: AgentScope): ToolSources;
  /** A saved agent as a definition, or null. */
  resolveAgent(agentId: string, userId: string | null): Promise<AgentDefinition | null>;
  /** Opens MCP access for a turn (lazy sessions). */
  openMcp(): McpAccess;
  /** Adds the AGENT node's service to a run's services. */
  withAgentService(factory: (run: NodeRunInfo) => NodeServices): (run: NodeRunInfo) => NodeServices;
}

/** A saved agent as the loop needs it. */
export function toAgentDefinition(agent: AgentView): AgentDefinition {
  return {
    id: agent.id,
    name: agent.name,
    instructions: agent.instructions,
    model: agent.model ?? agent.modelTier,
    profile: {
      toolCategories: agent.toolCategories as ToolCategory[] | null,
      knowledgeBaseIds: agent.knowledgeBaseIds,
      connectorIds: agent.connectorIds,
      mcpServerIds: agent.mcpServerIds,
    },
    maxIterations: agent.maxIterations,
  };
}

function workflowSummary(row: Awaited<ReturnType<typeof listPublishedWorkflows>>[number]): WorkflowSummary {
  const nodes = row.graph?.nodes ?? [];
  const start = nodes.find((node) => node.type === "START");
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ownerId: row.ownerId,
    active: row.active,
    variables: (start?.data?.variables ?? []) as StartVariable[],
    hasHumanIntervention: nodes.some((node) => node.type === "HUMAN_INTERVENTION"),
  };
}

export function createAgentRuntime(options: AgentRuntimeOptions): AgentRuntime {
  const { db } = options;
  const env = options.env ?? process.env;
  const confirmations = createConfirmationBroker();
  let cached: { key: string; client: LlmClient } | null = null;

  async function model(): Promise<ModelCaller> {
    const config = resolveModelConfig(await getStoredModelSettings(db), env);
    const key = JSON.stringify(config);
    if (cached?.key !== key) cached = { key, client: createLlmClient(config) };
    const client = cached.client;
    return (request) => chat(client, request);
  }

  function openMcp(): McpAccess {
    let pool: ReturnType<typeof import("@/lib/capabilities/mcp").mcpClientFor> | undefined;
    const get = () => {
      pool ??= import("@/lib/capabilities/mcp").then((module) => module.mcpClientFor(db));
      return pool;
    };
    return {
      listTools: async (serverId, listOptions) => (await get()).listTools(serverId, listOptions),
      callTool: async (request) => (await get()).callTool(request),
      async close() {
        if (!pool) return;
        const opening = pool;
        pool = undefined;
        await (await opening).close();
      },
    };
  }

  async function resolveAgent(agentId: string, userId: string | null): Promise<AgentDefinition | null> {
    if (!userId) {
      const row = await db.agent.findUnique({ where: { id: agentId }, select: { ownerId: true } });
      if (!row) return null;
      userId = row.ownerId;
    }
    const agent = await getAgent(db, { id: userId }, agentId);
    return agent ? toAgentDefinition(agent) : null;
  }

  function hooksFor(scope: AgentScope): (request: AssembleRequest) => ToolHook[] {
    return () => {
      const hooks: ToolHook[] = [
        truncationHook(),
        connectorAuditHook((entry) =>
          appendAuditLog(db, {
            action: entry.action,
            actorId: entry.actorId,
            actorEmail: entry.actorEmail,
            targetType: "tool",
            targetId: entry.tool,
            data: {
              provider: entry.provider,
              arguments: entry.arguments,
              ok: entry.ok,
              error: entry.error,
              elapsed_ms: entry.elapsed_ms,
              conversation_id: entry.conversation_id,
              run_id: entry.run_id,
            },
          }),
        ),
      ];
      if (scope.conversationId && scope.confirmTools)
        hooks.push(confirmationGateHook({ match: scope.confirmTools, broker: confirmations }));
      return hooks;
    };
  }

  async function scopeFor(user: { id: string | null; email?: string; role?: string }, conversationId?: string): Promise<AgentScope> {
    const [ssrf, confirmTools] = await Promise.all([getSsrfPolicy(db), getSetting<string>(db, CONFIRM_TOOLS_SETTING, "")]);
    return { userId: user.id, email: user.email, role: user.role, mcp: openMcp(), conversationId, ssrf, confirmTools };
  }

  function sources(scope: AgentScope): ToolSources {
    const viewer = { id: scope.userId ?? "", role: scope.role ?? "member" };
    return {
      builtins: () => builtinTools({ webFetch: { ssrf: scope.ssrf } }),
      knowledge: {
        list: async (ids) =>
          (await listKnowledgeBases(db, viewer))
            .filter((kb) => ids === null || ids.includes(kb.id))
            .map((kb) => ({ id: kb.id, name: kb.name, description: kb.description })),
        retrieve: async (request) => (await import("@/lib/capabilities/knowledge")).retrieve(db, request),
      },
      connectors: {
        list: async (ids) => {
          const views = (await listConnectors(db, viewer)).filter((view) => ids === null || ids.includes(view.id));
          const definitions = await Promise.all(views.map((view) => getConnectorDefinition(db, view.key)));
          return definitions
            .filter((definition) => definition !== null)
            .map(
              (definition): ConnectorSummary => ({
                id: definition.id,
                name: definition.name,
                description: definition.description,
                actions: definition.actions.map((action) => ({
                  id: action.id,
                  name: action.name,
                  description: action.description,
                  method: action.method,
                  parameters: action.parameters,
                  access: action.access,
                })),
              }),
            );
        },
        call: (request) =>
          callConnectorAction(db, {
            ...request,
            actor: request.actor ?? { userId: scope.userId ?? undefined, email: scope.email, role: scope.role },
          }),
      },
      mcp: {
        list: async (ids) =>
          (await listMcpServers(db, viewer))
            .filter((server) => server.enabled && (ids === null || ids.includes(server.id)))
            .map((server) => ({ id: server.key, name: server.name })),
        listTools: scope.mcp.listTools,
        callTool: scope.mcp.callTool,
      },
      skills: {
        list: async () => (await listSkills(db, viewer)).map((skill) => ({ name: skill.name, description: skill.description })),
        read: async (name) => (await getSkill(db, viewer, name))?.body ?? null,
      },
      workflows: {
        list: async () => (await listPublishedWorkflows(db, viewer)).map(workflowSummary),
        run: createEngineWorkflowRunner({ startRun: (params) => options.engine().startRun(params) }, (id) =>
          getActiveWorkflowGraph(db, id),
        ),
      },
      agents: {
        list: async () =>
          (await listAgents(db, viewer)).map((agent) => ({ id: agent.id, name: agent.name, description: agent.description })),
        run: async ({ agentId, task, context }) => delegate(scope, agentId, task, context),
      },
      hooks: hooksFor(scope),
    };
  }

  /** call_agent: the delegate runs in agent mode (its own registry, no call_agent). */
  async function delegate(scope: AgentScope, agentId: string, task: string, context: ToolContext) {
    const agent = await resolveAgent(agentId, scope.userId);
    if (!agent) return { text: `Agent ${agentId} is not available`, status: "failed" };
    const caller = await model();
    const result = await runAgentTurn({
      model: caller,
      assemble: (request) => assembleTools(request, sources({ ...scope, conversationId: undefined })),
      agent,
      mode: "agent",
      userMessage: task,
      context: { ...context, conversationId: undefined },
      role: scope.role,
      signal: context.signal,
    });
    return { text: result.text, status: result.status };
  }

  const runtime: AgentRuntime = {
    db,
    confirmations,
    model,
    scope: scopeFor,
    sources,
    resolveAgent,
    openMcp,
    withAgentService(factory) {
      return (run) => {
        const services = factory(run);
        const mcp = openMcp();
        const agent = createAgentService({
          model: async (request) => (await model())(request),
          assemble: async (request) => {
            const user = request.userId
              ? await db.user.findUnique({ where: { id: request.userId }, select: { email: true, role: true } })
              : null;
            const ssrf = await getSsrfPolicy(db);
            return assembleTools(
              request,
              sources({ userId: request.userId, email: user?.email, role: user?.role ?? request.role, mcp, ssrf }),
            );
          },
          resolveAgent,
          resolveRole: async (userId) =>
            userId ? ((await db.user.findUnique({ where: { id: userId }, select: { role: true } }))?.role ?? undefined) : undefined,
        });
        const runMcp = services.mcp;
        return {
          ...services,
          agent,
          mcp: {
            callTool: (request) => (runMcp ? runMcp.callTool(request) : mcp.callTool(request)),
            async close() {
              const results = await Promise.allSettled([runMcp?.close(), mcp.close()]);
              const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
              if (failed) throw failed.reason;
            },
          },
        };
      };
    },
  };
  return runtime;
}

/** Stored on the engine under a registry symbol, so every module copy (one per server bundle) finds it. */
const AGENTS_KEY = Symbol.for("switchyard.agentRuntime");

/** Links an engine to its agent runtime (lib/runtime.ts, when it builds the engine). */
export function registerAgentRuntime(engine: object, agents: AgentRuntime): void {
  Object.defineProperty(engine, AGENTS_KEY, { value: agents, enumerable: false });
}

/** The agent runtime of the process-wide runtime (lib/runtime.ts `getRuntime()`): chat pages and routes start here. */
export async function getAgentRuntime(): Promise<AgentRuntime> {
  const { getRuntime } = await import("@/lib/runtime");
  const agents = (getRuntime().engine as unknown as Record<symbol, AgentRuntime | undefined>)[AGENTS_KEY];
  if (!agents) throw new Error("lib/runtime.ts did not register the agent runtime");
  return agents;
}
