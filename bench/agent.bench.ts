/**
 * Agent benchmarks (issue 5 "Performance"), against a local OpenAI-compatible server (aimock):
 * 1. Added latency before the first streamed token: the chat path (tool assembly, system prompt, context
 *    guard with token counting, the loop, lib/llm) versus the openai SDK calling the same server directly.
 *    Target: < 20 ms (median).
 * 2. Tool assembly with 200 registered tools (connector actions), without and with the 200-tool definitions
 *    the model would receive.
 * Run: `npx tsx bench/agent.bench.ts [iterations]`.
 */
import { LLMock } from "@copilotkit/aimock";
import OpenAI from "openai";
import { runAgentTurn } from "../lib/agent/agent-turn";
import { chat } from "../lib/llm/chat";
import { createLlmClient } from "../lib/llm/client";
import { assembleTools, type ToolSources } from "../lib/tools/assemble";

const iterations = Number(process.argv[2] ?? 60);

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: pick(0.5), p95: pick(0.95), min: sorted[0] };
}

const round = (value: number) => Math.round(value * 100) / 100;

async function main() {
  const mock = new LLMock({ port: 0 });
  mock.on({ userMessage: "bench" }, { content: "The quick brown fox jumps over the lazy dog. ".repeat(4) }, { chunkSize: 8 });
  await mock.start();
  const baseURL = `${mock.url}/v1`;
  const sdk = new OpenAI({ baseURL, apiKey: "k", maxRetries: 0 });
  const client = createLlmClient({ baseUrl: baseURL, apiKey: "k", smartModel: "m", fastModel: "f" });

  const history = Array.from({ length: 20 }, (_, i) => ({
    role: i % 2 ? ("assistant" as const) : ("user" as const),
    content: `Earlier message ${i}: ${"some words ".repeat(30)}`,
  }));

  async function direct(): Promise<number> {
    const started = performance.now();
    const stream = await sdk.chat.completions.create({
      model: "m",
      stream: true,
      messages: [{ role: "system", content: "You are a helpful assistant." }, ...history, { role: "user", content: "bench" }],
    });
    let first = 0;
    for await (const chunk of stream) if (!first && chunk.choices[0]?.delta?.content) first = performance.now() - started;
    return first;
  }

  const sources: ToolSources = {
    skills: { list: async () => [{ name: "refunds", description: "How to refund" }], read: async () => "…" },
    hooks: () => [],
  };
  async function throughAgent(): Promise<number> {
    const started = performance.now();
    let first = 0;
    await runAgentTurn({
      model: (request) => chat(client, request),
      assemble: (request) => assembleTools(request, sources),
      agent: {
        id: "a",
        name: "Bench",
        instructions: "You are a helpful assistant.",
        profile: { toolCategories: null, knowledgeBaseIds: null, connectorIds: null, mcpServerIds: null },
      },
      mode: "agent",
      history,
      userMessage: "bench",
      context: { userId: "u" },
      onEvent: (event) => {
        if (event.type === "answer.delta" && !first) first = performance.now() - started;
      },
    });
    return first;
  }

  for (let i = 0; i < 10; i++) {
    await direct();
    await throughAgent();
  }
  const directSamples: number[] = [];
  const agentSamples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    directSamples.push(await direct());
    agentSamples.push(await throughAgent());
  }
  const d = stats(directSamples);
  const a = stats(agentSamples);
  console.log(`first token, direct openai SDK:  median ${round(d.median)} ms, p95 ${round(d.p95)} ms`);
  console.log(`first token, agent chat path:    median ${round(a.median)} ms, p95 ${round(a.p95)} ms`);
  console.log(`added latency (median):          ${round(a.median - d.median)} ms (target < 20 ms)`);

  const connectors: ToolSources = {
    connectors: {
      list: async () =>
        Array.from({ length: 20 }, (_, c) => ({
          id: `api${c}`,
          name: `API ${c}`,
          actions: Array.from({ length: 10 }, (_, a) => ({
            id: `action_${a}`,
            name: `Action ${a}`,
            description: `Does thing ${a} of API ${c}`,
            method: "GET",
            access: "read" as const,
            parameters: { type: "object", properties: { id: { type: "string" }, limit: { type: "integer" } }, required: ["id"] },
          })),
        })),
      call: async () => ({ status: 200, headers: {}, body: null, elapsed_ms: 0, truncated: false }),
    },
  };
  const profile = { toolCategories: ["connector" as const], knowledgeBaseIds: null, connectorIds: null, mcpServerIds: null };
  const assembleSamples: number[] = [];
  const withDefinitionsSamples: number[] = [];
  let count = 0;
  for (let i = 0; i < iterations + 10; i++) {
    const started = performance.now();
    const assembled = await assembleTools({ profile, mode: "agent", userId: "u", query: "" }, connectors);
    const assembledAt = performance.now();
    JSON.stringify(assembled.tools.definitions());
    const done = performance.now();
    count = assembled.tools.size;
    if (i >= 10) {
      assembleSamples.push(assembledAt - started);
      withDefinitionsSamples.push(done - started);
    }
  }
  const s = stats(assembleSamples);
  const w = stats(withDefinitionsSamples);
  console.log(`tool assembly, ${count} tools:        median ${round(s.median)} ms, p95 ${round(s.p95)} ms`);
  console.log(`  + definitions serialised:      median ${round(w.median)} ms, p95 ${round(w.p95)} ms`);
  await mock.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
