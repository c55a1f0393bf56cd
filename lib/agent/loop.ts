/**
 * The one agent loop (ReAct with native function calling), shared by chat and the AGENT node.
 *
 * Per iteration: guard the context → call the model with the active tools (answer text streams as
 * `answer.delta`) → no tool calls: that text is the answer → else run every call of the turn concurrently
 * (hooks around each), append the results in call order, iterate. After `maxIterations` the model is asked
 * once more, without tools, for a final answer from what it knows; the turn ends `max_iterations`.
 * A third identical call (same tool, same arguments) is refused with `repeated_call`, so a stuck model is
 * told instead of looping. Model failures end the turn `failed`; an abort ends it `cancelled`.
 */
import type { ToolSet } from "@/lib/tools/tool-set";
import type { ToolContext } from "@/lib/tools/types";
import { type ContextGuardOptions, guardContext } from "./context-guard";
import type { ToolHook } from "./hooks";
import { runToolCall } from "./run-tool-call";
import type { AgentEvent, AgentMessage, AgentStep, ModelCaller, TokenUsage, ToolCall, TurnStatus } from "./types";

export const DEFAULT_MAX_ITERATIONS = 50;
export const DEFAULT_MAX_IDENTICAL_CALLS = 2;

export interface AgentLoopOptions {
  model: ModelCaller;
  /** Model for the answers: `"smart"` (default), `"fast"` or a name. */
  modelName?: string;
  /** The conversation so far, system prompt first, ending with the user's message. */
  messages: AgentMessage[];
  tools: ToolSet;
  hooks?: readonly ToolHook[];
  context: ToolContext;
  /** Default 50. */
  maxIterations?: number;
  /** Identical calls allowed per turn before `repeated_call`; default 2. */
  maxIdenticalCalls?: number;
  contextGuard?: ContextGuardOptions;
  temperature?: number;
  onEvent?: (event: AgentEvent) => void;
  /** Called with each message the turn adds (assistant and tool messages), in order, for storage. */
  onMessage?: (message: AgentMessage) => void | Promise<void>;
  /** Where hook failures (post hooks, which do not stop the call) are reported. Default console.error. */
  onHookError?: (hook: string, error: unknown) => void;
  signal?: AbortSignal;
}

export interface AgentLoopResult {
  status: TurnStatus;
  /** The final answer. */
  text: string;
  steps: AgentStep[];
  usage: TokenUsage;
  /** Model iterations made (tool rounds plus the answer). */
  iterations: number;
  model: string | null;
  /** Every message after the loop (compacted where the guard compacted). */
  messages: AgentMessage[];
  error: { code: string; message: string } | null;
}

function callKey(call: ToolCall): string {
  let args: unknown = call.arguments;
  try {
    args = JSON.parse(call.arguments || "{}");
  } catch {
    // unparseable arguments are compared as text
  }
  return `${call.name}\u0000${stableStringify(args)}`;
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableStringify((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function toErrorInfo(error: unknown): { code: string; message: string } {
  const code = (error as { code?: unknown })?.code;
  return { code: typeof code === "string" ? code : "internal_error", message: error instanceof Error ? error.message : String(error) };
}

/** Model messages without the `pinned` flag (the endpoint must not receive unknown fields). */
function forModel(messages: readonly AgentMessage[]): AgentMessage[] {
  return messages.map(({ pinned: _pinned, ...message }) => message as AgentMessage);
}

/** Runs one turn to its answer. Never throws: failures end the turn with a status and an error. */
export async function runAgentLoop(options: AgentLoopOptions): Promise<AgentLoopResult> {
  const maxIterations = options.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const maxIdentical = options.maxIdenticalCalls ?? DEFAULT_MAX_IDENTICAL_CALLS;
  const hooks = options.hooks ?? [];
  const emit = (event: AgentEvent) => options.onEvent?.(event);
  const onHookError = options.onHookError ?? ((hook: string, error: unknown) => console.error(`[agent] hook ${hook} failed`, error));
  let messages = [...options.messages];
  const steps: AgentStep[] = [];
  const usage: TokenUsage = { prompt_tokens: 0, completion_tokens: 0 };
  const seen = new Map<string, number>();
  let model: string | null = null;
  let iterations = 0;
  /** Answer text streamed in the current model call (kept when the turn is stopped mid-answer). */
  let streamed = "";

  const addMessage = async (message: AgentMessage) => {
    messages.push(message);
    await options.onMessage?.(message);
  };
  const finish = (status: TurnStatus, text: string, error: { code: string; message: string } | null = null): AgentLoopResult => {
    emit({ type: "turn.ended", status, usage: { ...usage }, ...(error ? { error } : {}) });
    return { status, text, steps, usage, iterations, model, messages, error };
  };
  const callModel = async (step: number, withTools: boolean) => {
    const definitions = withTools ? options.tools.definitions() : [];
    const guarded = await guardContext(messages, definitions, { ...options.contextGuard, model: options.model, signal: options.signal });
    if (guarded.compaction) {
      messages = guarded.messages;
      emit({
        type: "context.compacted",
        step,
        removed_messages: guarded.compaction.removed,
        tokens_before: guarded.compaction.tokensBefore,
        tokens_after: guarded.compaction.tokensAfter,
      });
    }
    streamed = "";
    const response = await options.model({
      model: options.modelName,
      messages: forModel(messages),
      ...(definitions.length ? { tools: definitions, toolChoice: "auto" as const } : {}),
      temperature: options.temperature,
      onDelta: (text) => {
        streamed += text;
        emit({ type: "answer.delta", step, text });
      },
      signal: options.signal,
    });
    // a stream cut by the abort can end without an error: the turn is cancelled all the same
    if (options.signal?.aborted) throw new Error("The turn was stopped");
    usage.prompt_tokens += response.usage.prompt_tokens;
    usage.completion_tokens += response.usage.completion_tokens;
    model = response.model;
    iterations++;
    return response;
  };

  try {
    for (let step = 1; step <= maxIterations; step++) {
      if (options.signal?.aborted) return finish("cancelled", "");
      emit({ type: "step.started", step });
      const response = await callModel(step, true);
      if (response.toolCalls.length === 0) {
        await addMessage({ role: "assistant", content: response.text });
        return finish("completed", response.text);
      }
      await addMessage({ role: "assistant", content: response.text || null, tool_calls: response.toolCalls });
      const runs = await Promise.all(
        response.toolCalls.map((call) => {
          const key = callKey(call);
          const count = (seen.get(key) ?? 0) + 1;
          seen.set(key, count);
          if (count > maxIdentical) {
            const error = {
              code: "repeated_call",
              message: `You already called ${call.name} with these exact arguments ${count - 1} times; use the earlier results, change the arguments, or answer.`,
            };
            emit({ type: "tool.called", step, call_id: call.id, tool: call.name, arguments: call.arguments });
            emit({ type: "tool.returned", step, call_id: call.id, tool: call.name, error, elapsed_ms: 0 });
            const stepRecord: AgentStep = {
              step,
              call_id: call.id,
              tool: call.name,
              provider: "loop",
              category: "meta",
              arguments: call.arguments,
              result: null,
              error,
              elapsed_ms: 0,
              blocked: true,
            };
            return Promise.resolve({ step: stepRecord, content: `Error (${error.code}): ${error.message}` });
          }
          return runToolCall({
            call,
            step,
            tools: options.tools,
            hooks,
            context: { ...options.context, signal: options.signal },
            emit,
            onHookError,
          });
        }),
      );
      for (const [index, run] of runs.entries()) {
        steps.push(run.step);
        await addMessage({ role: "tool", tool_call_id: response.toolCalls[index].id, content: run.content });
      }
    }
    if (options.signal?.aborted) return finish("cancelled", "");
    // The limit: one last call without tools for an answer from what is known.
    const step = maxIterations + 1;
    emit({ type: "step.started", step });
    messages.push({
      role: "system",
      content: `You have used the maximum of ${maxIterations} steps. Do not call tools. Answer the user now with what you know, and say what is still open.`,
    });
    const response = await callModel(step, false);
    const text = response.text || `I stopped after ${maxIterations} steps without reaching a final answer.`;
    await addMessage({ role: "assistant", content: text });
    return finish("max_iterations", text, { code: "max_iterations", message: `Stopped after ${maxIterations} iterations` });
  } catch (error) {
    if (options.signal?.aborted) {
      if (streamed)
        await addMessage({ role: "assistant", content: streamed }).catch((storeError: unknown) =>
          console.error("[agent] storing the partial answer failed", storeError),
        );
      return finish("cancelled", streamed, { code: "cancelled", message: "The turn was stopped" });
    }
    return finish("failed", "", toErrorInfo(error));
  }
}
