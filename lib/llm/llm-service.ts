/**
 * The LlmService of lib/workflow/services.ts over an OpenAI-compatible endpoint: what the LLM node calls
 * (spec §2 LLM: `system_prompt`, `prompt_template` (already rendered), `temperature`, `max_tokens`,
 * `output_schema`; outputs `text`, `json`, `usage`).
 */
import type { LlmCompletionRequest, LlmCompletionResult, LlmService } from "@/lib/workflow/services";
import { chat, type ChatMessage } from "./chat";
import { createLlmClient, type LlmClient } from "./client";
import type { LlmConfig } from "./model-config";
import { parseStructuredOutput } from "./structured-output";

/**
 * Creates the service. Every call streams (deltas go to `onDelta` in order) and asks for usage.
 * With `output_schema` the call sends `response_format: {type: "json_schema", json_schema: {name: "output",
 * schema, strict: false}}` and validates the answer with Ajv; `json` is the parsed value.
 * Errors: `llm_error` (endpoint error with the endpoint's exact message, output not JSON or not matching the
 * schema), `timeout` / `cancelled` (signal aborted).
 */
export function createLlmService(config: LlmConfig | LlmClient): LlmService {
  const client = "openai" in config ? config : createLlmClient(config);
  return {
    async complete(request: LlmCompletionRequest): Promise<LlmCompletionResult> {
      const messages: ChatMessage[] = [];
      if (request.system_prompt) messages.push({ role: "system", content: request.system_prompt });
      messages.push({ role: "user", content: request.prompt });
      const result = await chat(client, {
        model: request.model,
        messages,
        temperature: request.temperature,
        maxTokens: request.max_tokens,
        responseFormat: request.output_schema ? { name: "output", schema: request.output_schema } : undefined,
        onDelta: request.onDelta,
        signal: request.signal,
      });
      const completion: LlmCompletionResult = { text: result.text, usage: result.usage, model: result.model };
      if (request.output_schema) completion.json = parseStructuredOutput(result.text, request.output_schema);
      return completion;
    },
  };
}
