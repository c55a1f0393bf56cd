/**
 * One agent turn, the same for chat, the AGENT node and `call_agent` delegates: assemble the request's
 * tools (lib/tools/assemble.ts), build the system prompt, run the loop.
 */
import type { AgentToolProfile, AssembledTools, AssembleRequest } from "@/lib/tools/assemble";
import type { ToolContext } from "@/lib/tools/types";
import type { ContextGuardOptions } from "./context-guard";
import { type AgentLoopResult, runAgentLoop } from "./loop";
import type { AgentEvent, AgentMessage, ModelCaller } from "./types";

/** A saved agent (Prisma Agent) or an inline one (AGENT node fields), as the turn needs it. */
export interface AgentDefinition {
  /** Null for inline agents and auto mode. */
  id: string | null;
  name: string;
  instructions: string;
  /** `"smart"` (default), `"fast"` or a model name. */
  model?: string;
  profile: AgentToolProfile;
  maxIterations?: number;
}

/** Assembles tools for a request (assembleTools bound to the runtime's sources). */
export type AssembleFunction = (request: AssembleRequest) => Promise<AssembledTools>;

export interface AgentTurnOptions {
  model: ModelCaller;
  assemble: AssembleFunction;
  agent: AgentDefinition;
  mode: "agent" | "auto";
  /** Earlier messages of the conversation (no system prompt). */
  history?: AgentMessage[];
  userMessage: string;
  context: ToolContext;
  role?: string;
  contextGuard?: ContextGuardOptions;
  onEvent?: (event: AgentEvent) => void;
  onMessage?: (message: AgentMessage) => void | Promise<void>;
  signal?: AbortSignal;
}

export interface AgentTurnResult extends AgentLoopResult {
  unavailable: AssembledTools["unavailable"];
  selection: AssembledTools["selection"];
  toolCount: number;
}

const AUTO_INSTRUCTIONS =
  "You are Switchyard's assistant. Use the tools you have when they help; delegate a task to one of the user's agents with call_agent when it fits that agent better. Be concise and exact.";

/** The system prompt: the agent's instructions, then the sections assembly added (skill stubs). */
export function buildSystemPrompt(agent: AgentDefinition, sections: string[], now = new Date()): string {
  const instructions = agent.instructions.trim() || (agent.id === null ? AUTO_INSTRUCTIONS : `You are ${agent.name}.`);
  return [instructions, ...sections.filter(Boolean), `Current date: ${now.toISOString().slice(0, 10)}.`].join("\n\n");
}

/** Runs one turn. Never throws for model or tool failures (they end the turn `failed`); assembly errors propagate. */
export async function runAgentTurn(options: AgentTurnOptions): Promise<AgentTurnResult> {
  const assembled = await options.assemble({
    profile: options.agent.profile,
    mode: options.mode,
    userId: options.context.userId,
    role: options.role,
    query: options.userMessage,
    model: options.model,
    signal: options.signal,
  });
  const userMessage: AgentMessage = { role: "user", content: options.userMessage };
  await options.onMessage?.(userMessage);
  const messages: AgentMessage[] = [
    { role: "system", content: buildSystemPrompt(options.agent, assembled.promptSections) },
    ...(options.history ?? []),
    userMessage,
  ];
  const result = await runAgentLoop({
    model: options.model,
    modelName: options.agent.model,
    messages,
    tools: assembled.tools,
    hooks: assembled.hooks,
    context: options.context,
    maxIterations: options.agent.maxIterations,
    contextGuard: options.contextGuard,
    onEvent: options.onEvent,
    onMessage: options.onMessage,
    signal: options.signal,
  });
  return { ...result, unavailable: assembled.unavailable, selection: assembled.selection, toolCount: assembled.tools.size };
}
