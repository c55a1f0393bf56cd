/**
 * The model client: the one place that constructs the `openai` SDK (STYLE.md: lib/llm is the only importer).
 */
import OpenAI from "openai";
import type { LlmConfig } from "./model-config";

/** A configured client; `openai` is for lib/llm internals only. */
export interface LlmClient {
  readonly config: LlmConfig;
  readonly openai: OpenAI;
  /** Maps a requested model to a model name: absent or `"smart"` → smartModel, `"fast"` → fastModel, else as is. */
  resolveModel(model?: string): string;
}

/** Default per-request timeout, ms. */
export const DEFAULT_LLM_TIMEOUT_MS = 120_000;

/**
 * Creates a client for an OpenAI-compatible endpoint. Makes no request.
 * Endpoints without keys get a placeholder key, since the SDK requires one.
 */
export function createLlmClient(config: LlmConfig): LlmClient {
  const openai = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey || "no-key",
    timeout: config.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS,
    maxRetries: config.maxRetries ?? 0,
  });
  return {
    config,
    openai,
    resolveModel(model) {
      if (!model || model === "smart") return config.smartModel;
      if (model === "fast") return config.fastModel;
      return model;
    },
  };
}
