/**
 * Types of the agent loop. lib/agent imports no openai, Prisma, next or react: the model arrives as a
 * function (`ModelCaller`, which `(request) => chat(client, request)` from lib/llm satisfies) and storage
 * happens through callbacks.
 */
import type { TokenUsage } from "@/lib/workflow/services";

export type { TokenUsage };

/** A tool call the model made; `arguments` is the JSON text it produced. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** One message of the conversation. `pinned` messages survive context compaction (never sent to the model). */
export type AgentMessage =
  | { role: "system"; content: string; pinned?: boolean }
  | { role: "user"; content: string; pinned?: boolean }
  | { role: "assistant"; content: string | null; tool_calls?: ToolCall[]; pinned?: boolean }
  | { role: "tool"; tool_call_id: string; content: string; pinned?: boolean };

/** What the loop asks of the model (the lib/llm ChatRequest subset it uses). */
export interface ModelRequest {
  /** `"smart"`, `"fast"` or a model name. */
  model?: string;
  messages: AgentMessage[];
  tools?: { name: string; description?: string; parameters: Record<string, unknown> }[];
  toolChoice?: "auto" | "none" | "required" | { name: string };
  maxTokens?: number;
  temperature?: number;
  responseFormat?: { name: string; schema: Record<string, unknown>; strict?: boolean };
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
}

/** What the model answered (the lib/llm ChatResult subset the loop reads). */
export interface ModelResponse {
  text: string;
  toolCalls: ToolCall[];
  usage: TokenUsage;
  model: string;
  finishReason: string | null;
}

/** One streamed chat completion. Throws on endpoint failures (WorkflowError `llm_error`, `timeout`, `cancelled`). */
export type ModelCaller = (request: ModelRequest) => Promise<ModelResponse>;

/** How a turn ended. */
export type TurnStatus = "completed" | "max_iterations" | "cancelled" | "failed";

/**
 * Streaming events of a chat turn (spec §9 "Chat turns … with their own types"). The chat route stores them
 * as ConversationEvents (adding `seq`, `at`, `turn_id`) and sends them over SSE.
 */
export type AgentEvent =
  | { type: "turn.started"; message: string; agent_id: string | null; mode: "agent" | "auto" }
  | { type: "step.started"; step: number }
  | { type: "tool.called"; step: number; call_id: string; tool: string; arguments: unknown }
  | { type: "tool.awaiting_confirmation"; step: number; call_id: string; tool: string; arguments: unknown }
  | {
      type: "tool.returned";
      step: number;
      call_id: string;
      tool: string;
      result?: string;
      error?: { code: string; message: string };
      elapsed_ms: number;
      /** The invoke receipt (issue 5): tool, provider, category, parameters, elapsed_ms, error. */
      receipt?: {
        tool: string;
        provider: string;
        category: string;
        parameters: unknown;
        elapsed_ms: number;
        error: { code: string; message: string } | null;
      };
    }
  | { type: "answer.delta"; step: number; text: string }
  | { type: "context.compacted"; step: number; removed_messages: number; tokens_before: number; tokens_after: number }
  | { type: "turn.ended"; status: TurnStatus; usage: TokenUsage; error?: { code: string; message: string } | null };

export type AgentEventListener = (event: AgentEvent) => void;

/** One tool call of a turn as the AGENT node's `steps` output and the trail keep it. */
export interface AgentStep {
  step: number;
  call_id: string;
  tool: string;
  provider: string;
  category: string;
  arguments: unknown;
  result: string | null;
  error: { code: string; message: string } | null;
  elapsed_ms: number;
  /** Set when a hook blocked the call or the user declined it. */
  blocked?: boolean;
}
