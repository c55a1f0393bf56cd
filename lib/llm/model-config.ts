/**
 * Which OpenAI-compatible endpoint and models serve model calls (the stored `ModelProvider`, spec §8 env
 * overrides).
 */
import { serviceError } from "@/lib/net/service-error";

/** An OpenAI-compatible endpoint (OpenAI, Azure OpenAI-compatible, Ollama, vLLM, LM Studio, aimock …). */
export interface LlmConfig {
  /** Base URL including the version path, e.g. `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  /** Bearer key; absent for endpoints that need none. Plain text: decrypt before passing it in. */
  apiKey?: string;
  /** Default model (`model` absent or `"smart"`). */
  smartModel: string;
  /** Cheap model (`model: "fast"`), e.g. for summaries and titles. */
  fastModel: string;
  /** Per-request timeout in ms (default 120 000). */
  timeoutMs?: number;
  /** Retries the SDK makes on 408/429/5xx and connection errors (default 0: node retries own this). */
  maxRetries?: number;
}

/** The stored provider settings as lib/db hands them over (API key already decrypted). */
export type StoredModelSettings = Partial<Pick<LlmConfig, "baseUrl" | "apiKey" | "smartModel" | "fastModel">>;

/** The public OpenAI endpoint, used when only `OPENAI_API_KEY` is given. */
export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

function sameEndpoint(a: string | undefined, b: string | undefined): boolean {
  return !!a && !!b && a.replace(/\/+$/, "") === b.replace(/\/+$/, "");
}

/**
 * Merges the stored provider with the environment (spec §8): `OPENAI_BASE_URL`, `OPENAI_API_KEY` and
 * `SWITCHYARD_MODEL` (smart and fast model) override stored values; `SWITCHYARD_FAST_MODEL` overrides the fast
 * model alone. When the env points at another endpoint than the stored one, the stored key is NOT sent there
 * (it would leak to a host it was not meant for): only `OPENAI_API_KEY` is.
 * @throws WorkflowError `invalid_config` when no base URL or no model results.
 */
export function resolveModelConfig(stored?: StoredModelSettings | null, env: Record<string, string | undefined> = process.env): LlmConfig {
  const envBaseUrl = env.OPENAI_BASE_URL?.trim() || undefined;
  const envKey = env.OPENAI_API_KEY?.trim() || undefined;
  const envModel = env.SWITCHYARD_MODEL?.trim() || undefined;
  const envFastModel = env.SWITCHYARD_FAST_MODEL?.trim() || undefined;

  const baseUrl = envBaseUrl ?? stored?.baseUrl ?? (envKey ? OPENAI_DEFAULT_BASE_URL : undefined);
  if (!baseUrl) {
    throw serviceError(
      "invalid_config",
      "No model provider is configured: add one in Settings, or set OPENAI_BASE_URL (and OPENAI_API_KEY, SWITCHYARD_MODEL)",
    );
  }
  const storedKeyApplies = !envBaseUrl || sameEndpoint(envBaseUrl, stored?.baseUrl);
  const apiKey = envKey ?? (storedKeyApplies ? stored?.apiKey : undefined);
  const smartModel = envModel ?? stored?.smartModel;
  if (!smartModel) {
    throw serviceError("invalid_config", "No model name is configured: set the provider's models in Settings, or set SWITCHYARD_MODEL");
  }
  const fastModel = envFastModel ?? envModel ?? stored?.fastModel ?? smartModel;
  return { baseUrl, ...(apiKey ? { apiKey } : {}), smartModel, fastModel };
}
