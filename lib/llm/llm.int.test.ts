/**
 * LLM service, chat and test-connection against aimock: a real OpenAI-compatible HTTP server with
 * scripted fixtures (first matching fixture wins).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { LLMock } from "@copilotkit/aimock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chat } from "./chat";
import { createLlmClient } from "./client";
import { createLlmService } from "./llm-service";
import type { LlmConfig } from "./model-config";
import { testConnection } from "./test-connection";

let mock: LLMock;
let config: LlmConfig;

const schema = {
  type: "object",
  properties: { amount: { type: "number" }, currency: { type: "string", enum: ["EUR", "USD"] } },
  required: ["amount", "currency"],
  additionalProperties: false,
};

beforeAll(async () => {
  mock = new LLMock({ port: 0 });
  mock.onMessage("say hello", { content: "Hello from the mock!", model: "mock-smart-1" });
  mock.onMessage("stream please", { content: "one two three four" }, { chunkSize: 4 });
  mock.onMessage("count tokens", { content: "Counted.", usage: { prompt_tokens: 11, completion_tokens: 7 } });
  mock.onMessage("extract refund", { content: '{"amount": 42.5, "currency": "EUR"}' });
  mock.onMessage("extract broken", { content: '{"amount": "lots", "currency": "GBP"}' });
  mock.onMessage("extract prose", { content: "Sure! The amount is 42." });
  mock.onMessage("be slow", { content: "finally" }, { latency: 3000 });
  mock.onMessage(
    "weather in Paris",
    { toolCalls: [{ id: "call_w1", name: "get_weather", arguments: '{"city":"Paris","unit":"celsius"}' }] },
    { chunkSize: 5 },
  );
  mock.onMessage("Reply with the single word: pong", { content: "pong", model: "mock-smart-1" });
  await mock.start();
  config = { baseUrl: `${mock.url}/v1`, apiKey: "sk-test-secret", smartModel: "mock-smart-1", fastModel: "mock-fast-1" };
});

afterAll(async () => {
  await mock.stop();
});

describe("createLlmService", () => {
  it("answers a plain prompt with the system prompt sent first", async () => {
    const service = createLlmService(config);
    const result = await service.complete({
      system_prompt: "You are terse.",
      prompt: "Please say hello",
      temperature: 0.2,
      max_tokens: 50,
    });
    expect(result.text).toBe("Hello from the mock!");
    expect(result.model).toBe("mock-smart-1");
    expect(result.json).toBeUndefined();
    const body = mock.getLastRequest()?.body as Record<string, unknown>;
    expect(body.model).toBe("mock-smart-1");
    expect(body.messages).toEqual([
      { role: "system", content: "You are terse." },
      { role: "user", content: "Please say hello" },
    ]);
    expect(body.stream).toBe(true);
    expect(body.stream_options).toEqual({ include_usage: true });
    expect(body.temperature).toBe(0.2);
    expect(body.max_tokens).toBe(50);
  });

  it("streams deltas in order", async () => {
    const deltas: string[] = [];
    const result = await createLlmService(config).complete({ prompt: "stream please", onDelta: (text) => deltas.push(text) });
    expect(deltas).toEqual(["one ", "two ", "thre", "e fo", "ur"]);
    expect(result.text).toBe("one two three four");
  });

  it("reports usage from the final chunk", async () => {
    const result = await createLlmService(config).complete({ prompt: "count tokens" });
    expect(result.usage).toEqual({ prompt_tokens: 11, completion_tokens: 7 });
  });

  it("maps `fast` to the fast model", async () => {
    await createLlmService(config).complete({ model: "fast", prompt: "say hello" });
    expect((mock.getLastRequest()?.body as { model: string } | undefined)?.model).toBe("mock-fast-1");
  });

  it("returns validated JSON for output_schema and sends response_format", async () => {
    const result = await createLlmService(config).complete({ prompt: "extract refund", output_schema: schema });
    expect(result.json).toEqual({ amount: 42.5, currency: "EUR" });
    expect(result.text).toBe('{"amount": 42.5, "currency": "EUR"}');
    expect((mock.getLastRequest()?.body as Record<string, unknown> | undefined)?.response_format).toEqual({
      type: "json_schema",
      json_schema: { name: "output", schema, strict: false },
    });
  });

  it("fails with llm_error when the output does not match or is not JSON", async () => {
    const service = createLlmService(config);
    await expect(service.complete({ prompt: "extract broken", output_schema: schema })).rejects.toMatchObject({
      code: "llm_error",
      message: "Model output does not match output_schema: /amount must be number; /currency must be equal to one of the allowed values",
    });
    await expect(service.complete({ prompt: "extract prose", output_schema: schema })).rejects.toMatchObject({
      code: "llm_error",
      message: "Model output is not valid JSON: Sure! The amount is 42.",
    });
  });

  it("keeps the endpoint's exact message on a 500", async () => {
    mock.nextRequestError(500, { message: "The upstream model exploded", type: "server_error" });
    await expect(createLlmService(config).complete({ prompt: "say hello" })).rejects.toMatchObject({
      code: "llm_error",
      message: "Model endpoint error (HTTP 500): The upstream model exploded",
    });
  });

  it("maps a timed-out signal to timeout and a plain abort to cancelled", async () => {
    const service = createLlmService(config);
    const started = Date.now();
    await expect(service.complete({ prompt: "be slow", signal: AbortSignal.timeout(150) })).rejects.toMatchObject({
      code: "timeout",
      message: "The model call timed out",
    });
    expect(Date.now() - started).toBeLessThan(2000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(service.complete({ prompt: "be slow", signal: controller.signal })).rejects.toMatchObject({ code: "cancelled" });
  });

  it("reports an unreachable endpoint as llm_error", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(createLlmService({ ...config, baseUrl: `http://127.0.0.1:${port}/v1` }).complete({ prompt: "hi" })).rejects.toMatchObject({
      code: "llm_error",
      message: expect.stringMatching(new RegExp(`^Cannot reach the model endpoint http://127\\.0\\.0\\.1:${port}/v1`)),
    });
  });
});

describe("chat with tools", () => {
  it("assembles streamed tool-call fragments and sends the tool definitions", async () => {
    const fragments: string[] = [];
    const result = await chat(createLlmClient(config), {
      messages: [{ role: "user", content: "What is the weather in Paris?" }],
      tools: [
        { name: "get_weather", description: "Current weather", parameters: { type: "object", properties: { city: { type: "string" } } } },
      ],
      toolChoice: "auto",
      onToolCallDelta: (delta) => fragments.push(delta.arguments ?? ""),
    });
    expect(result.toolCalls).toEqual([{ id: "call_w1", name: "get_weather", arguments: '{"city":"Paris","unit":"celsius"}' }]);
    expect(result.finishReason).toBe("tool_calls");
    expect(result.text).toBe("");
    expect(fragments.join("")).toBe('{"city":"Paris","unit":"celsius"}');
    expect(fragments.filter(Boolean).length).toBeGreaterThan(1);
    const body = mock.getLastRequest()?.body as Record<string, unknown>;
    expect(body.tools).toEqual([
      {
        type: "function",
        function: {
          name: "get_weather",
          description: "Current weather",
          parameters: { type: "object", properties: { city: { type: "string" } } },
        },
      },
    ]);
    expect(body.tool_choice).toBe("auto");
  });
});

describe("testConnection", () => {
  it("makes a tiny real call", async () => {
    const result = await testConnection(config);
    expect(result).toMatchObject({ ok: true, model: "mock-smart-1", answer: "pong" });
    expect((mock.getLastRequest()?.body as { max_tokens: number } | undefined)?.max_tokens).toBe(16);
  });

  it("reports the endpoint's error without throwing", async () => {
    mock.nextRequestError(401, { message: "Incorrect API key provided", type: "invalid_request_error" });
    const result = await testConnection(config);
    expect(result).toMatchObject({ ok: false, code: "llm_error", error: "Model endpoint error (HTTP 401): Incorrect API key provided" });
  });
});
