/**
 * One streamed chat completion with function calling (OpenAI Chat Completions API), the primitive under
 * the LLM node (llm-service.ts) and the agent loop. Text deltas and tool-call deltas are delivered as they
 * arrive; tool calls are assembled from their streamed fragments by `index`; usage comes from the final
 * chunk (`stream_options.include_usage`).
 */
import type OpenAI from "openai";
import type { TokenUsage } from "@/lib/workflow/services";
import type { LlmClient } from "./client";
import { toLlmError } from "./llm-error";

/** A tool call the model made; `arguments` is the JSON text the model produced (parse and validate it). */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: ToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };

/** A function the model may call; `parameters` is a JSON Schema object. */
export interface ToolDefinition {
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
}

/** Structured output request: `schema` is a JSON Schema (OpenAI `response_format: json_schema`). */
export interface ResponseFormat {
  name: string;
  schema: Record<string, unknown>;
  /** OpenAI strict mode (needs `additionalProperties: false` everywhere); default false. */
  strict?: boolean;
}

export interface ChatRequest {
  /** Model name or `"smart"` / `"fast"`; absent = smart. */
  model?: string;
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  /** `auto` (default when tools are given), `none`, `required`, or the name of one tool to call. */
  toolChoice?: "auto" | "none" | "required" | { name: string };
  temperature?: number;
  /** Completion token cap, tokens. */
  maxTokens?: number;
  responseFormat?: ResponseFormat;
  /** Each text fragment, in order. */
  onDelta?: (text: string) => void;
  /** Each tool-call fragment: `index` of the call, and whatever of id/name/arguments this chunk carried. */
  onToolCallDelta?: (delta: { index: number; id?: string; name?: string; arguments?: string }) => void;
  signal?: AbortSignal;
}

export interface ChatResult {
  text: string;
  toolCalls: ToolCall[];
  /** Tokens as reported by the endpoint; zeros when it reports none. */
  usage: TokenUsage;
  /** True when the endpoint reported usage. */
  usageReported: boolean;
  /** The model that answered (from the response), else the requested one. */
  model: string;
  /** `stop`, `length`, `tool_calls`, `content_filter`, or null when the stream ended without one. */
  finishReason: string | null;
}

function toOpenAiMessage(message: ChatMessage): OpenAI.Chat.Completions.ChatCompletionMessageParam {
  if (message.role === "assistant") {
    return {
      role: "assistant",
      content: message.content,
      ...(message.tool_calls?.length
        ? {
            tool_calls: message.tool_calls.map((call) => ({
              id: call.id,
              type: "function" as const,
              function: { name: call.name, arguments: call.arguments },
            })),
          }
        : {}),
    };
  }
  return message;
}

function buildParams(client: LlmClient, request: ChatRequest): OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming {
  const params: OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming = {
    model: client.resolveModel(request.model),
    messages: request.messages.map(toOpenAiMessage),
    stream: true,
    stream_options: { include_usage: true },
  };
  if (request.temperature !== undefined) params.temperature = request.temperature;
  if (request.maxTokens !== undefined) params.max_tokens = request.maxTokens;
  if (request.tools?.length) {
    params.tools = request.tools.map((tool) => ({
      type: "function" as const,
      function: { name: tool.name, ...(tool.description ? { description: tool.description } : {}), parameters: tool.parameters },
    }));
    const choice = request.toolChoice;
    if (choice) params.tool_choice = typeof choice === "string" ? choice : { type: "function", function: { name: choice.name } };
  }
  if (request.responseFormat) {
    params.response_format = {
      type: "json_schema",
      json_schema: {
        name: request.responseFormat.name,
        schema: request.responseFormat.schema,
        strict: request.responseFormat.strict ?? false,
      },
    };
  }
  return params;
}

/**
 * Runs one chat completion, streamed.
 * @throws WorkflowError `llm_error` (endpoint error with its message, unreachable endpoint, broken stream),
 *   `timeout` or `cancelled` (request.signal aborted; see llm-error.ts).
 */
export async function chat(client: LlmClient, request: ChatRequest): Promise<ChatResult> {
  const params = buildParams(client, request);
  let text = "";
  let model = params.model;
  let finishReason: string | null = null;
  let usage: TokenUsage = { prompt_tokens: 0, completion_tokens: 0 };
  let usageReported = false;
  const calls: { id: string; name: string; arguments: string }[] = [];
  try {
    const stream = await client.openai.chat.completions.create(params, { signal: request.signal });
    for await (const chunk of stream) {
      if (chunk.model) model = chunk.model;
      if (chunk.usage) {
        usage = { prompt_tokens: chunk.usage.prompt_tokens ?? 0, completion_tokens: chunk.usage.completion_tokens ?? 0 };
        usageReported = true;
      }
      const choice = chunk.choices?.[0];
      if (!choice) continue;
      if (choice.finish_reason) finishReason = choice.finish_reason;
      const content = choice.delta?.content;
      if (content) {
        text += content;
        request.onDelta?.(content);
      }
      for (const fragment of choice.delta?.tool_calls ?? []) {
        if (!calls[fragment.index]) calls[fragment.index] = { id: "", name: "", arguments: "" };
        const call = calls[fragment.index];
        if (fragment.id) call.id = fragment.id;
        if (fragment.function?.name) call.name += fragment.function.name;
        if (fragment.function?.arguments) call.arguments += fragment.function.arguments;
        request.onToolCallDelta?.({
          index: fragment.index,
          ...(fragment.id ? { id: fragment.id } : {}),
          ...(fragment.function?.name ? { name: fragment.function.name } : {}),
          ...(fragment.function?.arguments ? { arguments: fragment.function.arguments } : {}),
        });
      }
    }
  } catch (error) {
    throw toLlmError(error, client.config.baseUrl, request.signal);
  }
  const toolCalls = calls.filter(Boolean).map((call, index) => ({ ...call, id: call.id || `call_${index}` }));
  return { text, toolCalls, usage, usageReported, model, finishReason };
}
