/**
 * The AgentService of lib/workflow/services.ts: what the AGENT node calls (spec §2 AGENT). Same turn,
 * same assembly, hooks and context guard as chat (agent-turn.ts), for the saved agent (`agentId`) or the
 * node's inline fields, with the node's rendered prompt. Outputs `text`, `steps`, `usage`.
 */
import { WorkflowError } from "@/lib/workflow/errors";
import type { AgentRunRequest, AgentRunResult, AgentService } from "@/lib/workflow/services";
import type { ToolCategory } from "@/lib/tools/types";
import { type AgentDefinition, type AssembleFunction, runAgentTurn } from "./agent-turn";
import type { ContextGuardOptions } from "./context-guard";
import type { ModelCaller } from "./types";

export interface AgentServiceOptions {
  model: ModelCaller;
  assemble: AssembleFunction;
  /** A saved agent the run's user may use, or null. */
  resolveAgent: (agentId: string, userId: string | null) => Promise<AgentDefinition | null>;
  /** The role of the run's user (connector access levels); default `member`. */
  resolveRole?: (userId: string | null) => Promise<string | undefined>;
  contextGuard?: ContextGuardOptions;
}

/**
 * Creates the service. `run` throws WorkflowError `invalid_config` (unknown agent), `llm_error` / `timeout`
 * (the model failed), `cancelled` (the node's signal). At the iteration limit it returns the final answer
 * the model gave from what it knew, with `{stopped: "max_iterations"}` as the last step (the trail keeps it);
 * tool errors are steps, never failures of the node.
 */
export function createAgentService(options: AgentServiceOptions): AgentService {
  return {
    async run(request: AgentRunRequest): Promise<AgentRunResult> {
      const userId = request.context.userId;
      let agent: AgentDefinition;
      if (request.agentId) {
        const saved = await options.resolveAgent(request.agentId, userId);
        if (!saved) throw new WorkflowError("invalid_config", `Unknown agent "${request.agentId}"`, { field: "agent_id" });
        agent = { ...saved, ...(request.max_iterations ? { maxIterations: request.max_iterations } : {}) };
      } else {
        agent = {
          id: null,
          name: "Inline agent",
          instructions: request.instructions ?? "",
          model: request.model,
          profile: {
            toolCategories: (request.tool_categories as ToolCategory[] | undefined) ?? null,
            knowledgeBaseIds: null,
            connectorIds: null,
            mcpServerIds: null,
          },
          maxIterations: request.max_iterations,
        };
      }
      const role = (await options.resolveRole?.(userId)) ?? "member";
      const result = await runAgentTurn({
        model: options.model,
        assemble: options.assemble,
        agent,
        mode: "agent",
        userMessage: request.prompt,
        context: {
          userId,
          actor: userId ? { userId, role } : { role },
          run: { runId: request.context.runId, depth: request.context.depth, callStack: request.context.callStack },
        },
        role,
        contextGuard: options.contextGuard,
        onEvent: (event) => {
          if (event.type === "answer.delta") request.onDelta?.(event.text);
        },
        signal: request.signal,
      });
      if (result.status === "cancelled") throw new WorkflowError("cancelled", "The agent was cancelled");
      if (result.status === "failed") {
        const code = result.error?.code ?? "llm_error";
        throw new WorkflowError(
          (["llm_error", "timeout", "invalid_config", "cancelled"].includes(code) ? code : "llm_error") as "llm_error",
          result.error?.message ?? "The agent failed",
        );
      }
      const steps: unknown[] = [...result.steps];
      if (result.status === "max_iterations") steps.push({ stopped: "max_iterations", iterations: result.iterations - 1 });
      return { text: result.text, steps, usage: result.usage, ...(result.model ? { model: result.model } : {}) };
    },
  };
}
