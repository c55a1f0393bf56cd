/**
 * Test helpers: an aimock server (a real OpenAI-compatible HTTP server with scripted fixtures) and the
 * ModelCaller that reaches it through lib/llm, exactly as the app does.
 */
import { LLMock } from "@copilotkit/aimock";
import { chat } from "@/lib/llm/chat";
import { createLlmClient } from "@/lib/llm/client";
import type { LlmConfig } from "@/lib/llm/model-config";
import type { ModelCaller } from "../types";

export interface MockModel {
  mock: LLMock;
  config: LlmConfig;
  model: ModelCaller;
  /** Bodies of the chat requests received, oldest first. */
  requests(): {
    model: string;
    messages: { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
    tools?: { function: { name: string } }[];
  }[];
}

export async function startMockModel(): Promise<MockModel> {
  const mock = new LLMock({ port: 0 });
  await mock.start();
  const config: LlmConfig = { baseUrl: `${mock.url}/v1`, apiKey: "sk-test", smartModel: "mock-smart-1", fastModel: "mock-fast-1" };
  const client = createLlmClient(config);
  return {
    mock,
    config,
    model: (request) => chat(client, request),
    requests: () => mock.getRequests().map((entry) => entry.body as never),
  };
}

/** The last user message's text of a request body. */
export function lastUserText(body: { messages: { role: string; content: unknown }[] }): string {
  const user = [...body.messages].reverse().find((message) => message.role === "user");
  return typeof user?.content === "string" ? user.content : "";
}

/** Tool messages after the last user message. */
export function toolMessagesOfTurn(body: { messages: { role: string; content: unknown; tool_call_id?: string }[] }) {
  const lastUser = body.messages.map((message) => message.role).lastIndexOf("user");
  return body.messages.slice(lastUser + 1).filter((message) => message.role === "tool");
}
