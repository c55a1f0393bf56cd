/**
 * One tool call inside the loop: find the tool, parse its arguments, run the PreToolUse hooks (block,
 * rewrite, confirm), invoke it through the envelope, run the PostToolUse hooks. Never throws.
 */
import { errorToText, type InvokeOutcome, invokeTool } from "@/lib/tools/invoke";
import type { ToolSet } from "@/lib/tools/tool-set";
import type { Tool, ToolContext } from "@/lib/tools/types";
import { parseArgumentText } from "@/lib/tools/validate-arguments";
import { runPostHooks, runPreHooks, type ToolHook } from "./hooks";
import type { AgentEvent, AgentStep, ToolCall } from "./types";

export interface ToolCallRun {
  step: AgentStep;
  /** The tool message's content for the model. */
  content: string;
}

function failedStep(
  call: ToolCall,
  stepNumber: number,
  tool: Tool | undefined,
  args: unknown,
  error: { code: string; message: string },
  blocked = false,
): ToolCallRun {
  return {
    step: {
      step: stepNumber,
      call_id: call.id,
      tool: call.name,
      provider: tool?.provider ?? "unknown",
      category: tool?.category ?? "unknown",
      arguments: args,
      result: null,
      error,
      elapsed_ms: 0,
      ...(blocked ? { blocked: true } : {}),
    },
    content: errorToText(error),
  };
}

export async function runToolCall(options: {
  call: ToolCall;
  step: number;
  tools: ToolSet;
  hooks: readonly ToolHook[];
  context: ToolContext;
  emit: (event: AgentEvent) => void;
  onHookError?: (hook: string, error: unknown) => void;
}): Promise<ToolCallRun> {
  const { call, step, tools, hooks, emit } = options;
  const context: ToolContext = { ...options.context, callId: call.id };
  const tool = tools.get(call.name);
  const parsed = parseArgumentText(call.arguments);
  const shownArguments = parsed.ok ? parsed.value : call.arguments;
  emit({ type: "tool.called", step, call_id: call.id, tool: call.name, arguments: shownArguments });

  let run: ToolCallRun;
  if (!tool) {
    const names = tools
      .active()
      .map((candidate) => candidate.name)
      .join(", ");
    run = failedStep(call, step, undefined, shownArguments, {
      code: "unknown_tool",
      message: `There is no tool "${call.name}". Available: ${names || "none"}`,
    });
  } else if (!parsed.ok) {
    run = failedStep(call, step, tool, shownArguments, { code: "invalid_arguments", message: parsed.message });
  } else {
    const pre = await runPreHooks(hooks, { tool, callId: call.id, step, arguments: parsed.value, context, emit });
    if (pre.blocked) {
      run = failedStep(call, step, tool, pre.arguments, { code: pre.blocked.code, message: pre.blocked.reason }, true);
    } else {
      const invoked: InvokeOutcome = await invokeTool(tool, pre.arguments, context);
      const outcome = await runPostHooks(
        hooks,
        { tool, callId: call.id, step, arguments: pre.arguments, outcome: invoked, context },
        options.onHookError,
      );
      run = {
        step: {
          step,
          call_id: call.id,
          tool: tool.name,
          provider: tool.provider,
          category: tool.category,
          arguments: outcome.arguments ?? pre.arguments,
          result: outcome.ok ? outcome.content : null,
          error: outcome.error,
          elapsed_ms: outcome.receipt.elapsed_ms,
        },
        content: outcome.content,
      };
    }
  }
  emit({
    type: "tool.returned",
    step,
    call_id: call.id,
    tool: call.name,
    ...(run.step.error ? { error: run.step.error } : { result: run.content }),
    elapsed_ms: run.step.elapsed_ms,
    receipt: {
      tool: run.step.tool,
      provider: run.step.provider,
      category: run.step.category,
      parameters: run.step.arguments,
      elapsed_ms: run.step.elapsed_ms,
      error: run.step.error,
    },
  });
  return run;
}
