/**
 * "Test connection" for a model provider (Settings page, setup script): one tiny real call.
 */
import { chat } from "./chat";
import { createLlmClient } from "./client";
import type { LlmConfig } from "./model-config";

export type TestConnectionResult =
  | { ok: true; model: string; answer: string; elapsed_ms: number }
  | { ok: false; error: string; code: string; elapsed_ms: number };

/**
 * Asks the smart model (or `model`) to answer "pong" with at most 16 tokens, within `timeoutMs`
 * (default 15 000 ms). Never throws: failures come back as `{ok: false, error, code}` with the
 * endpoint's message (never the API key).
 */
export async function testConnection(
  config: LlmConfig,
  options: { model?: string; timeoutMs?: number } = {},
): Promise<TestConnectionResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const result = await chat(createLlmClient(config), {
      model: options.model,
      messages: [{ role: "user", content: "Reply with the single word: pong" }],
      maxTokens: 16,
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    return { ok: true, model: result.model, answer: result.text.trim(), elapsed_ms: elapsed() };
  } catch (error) {
    const code = typeof (error as { code?: unknown }).code === "string" ? (error as { code: string }).code : "llm_error";
    return { ok: false, error: error instanceof Error ? error.message : String(error), code, elapsed_ms: elapsed() };
  }
}
