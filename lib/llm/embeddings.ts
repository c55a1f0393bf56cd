/**
 * Text embeddings through an OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, Ollama, vLLM, LM Studio …):
 * the knowledge bases' optional vector ranking (lib/knowledge/retriever.ts).
 */
import type { LlmClient } from "./client";
import { toLlmError } from "./llm-error";
import { serviceError } from "@/lib/net/service-error";

/** Inputs per request: OpenAI accepts up to 2,048; smaller batches keep each request well under size limits. */
export const EMBEDDING_BATCH_SIZE = 64;

/**
 * Embeds `texts` with `model`, `batchSize` inputs per request, one request after another.
 * @returns one vector per text, in the order of `texts` (whatever order the endpoint lists them in); all of
 * the same length.
 * @throws WorkflowError `llm_error` when the endpoint fails or answers with a wrong number of vectors or
 * vectors of different lengths, `timeout` / `cancelled` (see toLlmError), `invalid_config` for an empty
 * model name.
 */
export async function embedTexts(
  client: LlmClient,
  model: string,
  texts: readonly string[],
  options: { batchSize?: number; signal?: AbortSignal } = {},
): Promise<Float32Array[]> {
  if (!model.trim()) throw serviceError("invalid_config", "embeddingModel is empty: name an embedding model, e.g. text-embedding-3-small");
  const batchSize = Math.max(1, options.batchSize ?? EMBEDDING_BATCH_SIZE);
  const vectors: Float32Array[] = [];
  for (let start = 0; start < texts.length; start += batchSize) {
    const batch = texts.slice(start, start + batchSize);
    let data: { index: number; embedding: number[] }[];
    try {
      const response = await client.openai.embeddings.create({ model, input: batch, encoding_format: "float" }, { signal: options.signal });
      data = response.data;
    } catch (error) {
      throw toLlmError(error, client.config.baseUrl, options.signal);
    }
    if (!Array.isArray(data) || data.length !== batch.length) {
      throw serviceError(
        "llm_error",
        `The embeddings endpoint returned ${data?.length ?? 0} vectors for ${batch.length} inputs (model ${model})`,
      );
    }
    for (const item of [...data].sort((a, b) => a.index - b.index)) vectors.push(Float32Array.from(item.embedding));
  }
  const size = vectors[0]?.length ?? 0;
  if (size === 0 && vectors.length > 0) throw serviceError("llm_error", `The embeddings endpoint returned empty vectors (model ${model})`);
  if (vectors.some((vector) => vector.length !== size)) {
    throw serviceError("llm_error", `The embeddings endpoint returned vectors of different lengths (model ${model})`);
  }
  return vectors;
}
