/**
 * In-memory fake services and graph builders for unit tests of the runtime (STYLE.md: executors are
 * unit-testable with in-memory fakes). Real peers (aimock, json-server, MCP everything) are for
 * integration tests.
 */
import { WorkflowError } from "../errors";
import type { NodeType } from "../nodes/node-definition";
import type {
  AgentRunRequest,
  AgentRunResult,
  AgentService,
  ConnectorCallRequest,
  ConnectorCallResult,
  ConnectorService,
  KnowledgeService,
  LlmCompletionRequest,
  LlmCompletionResult,
  LlmService,
  McpCallRequest,
  McpCallResult,
  McpService,
  RetrievedChunk,
} from "../services";

/** A node of a test graph. */
export function node(id: string, type: NodeType | string, data: Record<string, unknown> = {}) {
  return { id, type, position: { x: 0, y: 0 }, data };
}

/** An edge of a test graph; id `source>target` or `source:handle>target`. */
export function edge(source: string, target: string, sourceHandle: string | null = null) {
  return { id: `${source}${sourceHandle === null ? "" : `:${sourceHandle}`}>${target}`, source, sourceHandle, target, targetHandle: null };
}

/** A graph (spec §1 `graph`). */
export function graph(nodes: ReturnType<typeof node>[], edges: ReturnType<typeof edge>[]) {
  return { nodes, edges, viewport: { x: 0, y: 0, zoom: 1 } };
}

/** A scripted LLM: `respond` gives the text (or a full result) per request; text streams in two deltas. */
export function fakeLlm(
  respond: (
    request: LlmCompletionRequest,
    call: number,
  ) => string | Partial<LlmCompletionResult> | Promise<string | Partial<LlmCompletionResult>>,
) {
  const calls: LlmCompletionRequest[] = [];
  const service: LlmService = {
    async complete(request) {
      calls.push(request);
      const answer = await respond(request, calls.length);
      const result: LlmCompletionResult =
        typeof answer === "string"
          ? { text: answer, usage: { prompt_tokens: 10, completion_tokens: 5 }, model: request.model ?? "fake-model" }
          : { text: "", usage: { prompt_tokens: 10, completion_tokens: 5 }, model: request.model ?? "fake-model", ...answer };
      const middle = Math.ceil(result.text.length / 2);
      if (result.text.length > 0) {
        request.onDelta?.(result.text.slice(0, middle));
        request.onDelta?.(result.text.slice(middle));
      }
      return result;
    },
  };
  return { service, calls };
}

/** A connector answering from `respond`; records calls. */
export function fakeConnectors(
  respond: (request: ConnectorCallRequest) => Partial<ConnectorCallResult> | Promise<Partial<ConnectorCallResult>>,
) {
  const calls: ConnectorCallRequest[] = [];
  const service: ConnectorService = {
    async call(request) {
      calls.push(request);
      const answer = await respond(request);
      return { status: 200, headers: { "content-type": "application/json" }, body: null, elapsed_ms: 1, truncated: false, ...answer };
    },
  };
  return { service, calls };
}

/** An MCP service answering from `respond`; counts `close()` calls. */
export function fakeMcp(respond: (request: McpCallRequest) => Partial<McpCallResult> | Promise<Partial<McpCallResult>>) {
  const calls: McpCallRequest[] = [];
  const state = { closed: 0 };
  const service: McpService = {
    async callTool(request) {
      calls.push(request);
      return { content: "", structured: null, is_error: false, ...(await respond(request)) };
    },
    async close() {
      state.closed += 1;
    },
  };
  return { service, calls, state };
}

/** A knowledge service returning `chunks` for every query. */
export function fakeKnowledge(chunks: RetrievedChunk[]) {
  const calls: Array<{ kbIds: string[]; query: string; topK: number; minScore?: number }> = [];
  const service: KnowledgeService = {
    async retrieve(request) {
      calls.push(request);
      return chunks.slice(0, request.topK);
    },
  };
  return { service, calls };
}

/** An agent answering from `respond`. */
export function fakeAgent(respond: (request: AgentRunRequest) => Partial<AgentRunResult> | Promise<Partial<AgentRunResult>>) {
  const calls: AgentRunRequest[] = [];
  const service: AgentService = {
    async run(request) {
      calls.push(request);
      const result = { text: "", steps: [], usage: { prompt_tokens: 3, completion_tokens: 4 }, ...(await respond(request)) };
      if (result.text) request.onDelta?.(result.text);
      return result;
    },
  };
  return { service, calls };
}

/** Resolves after `ms`, or rejects with `cancelled` when `signal` aborts first (a well-behaved slow service). */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new WorkflowError("cancelled", "aborted"));
      },
      { once: true },
    );
  });
}
