/**
 * The one invoke envelope every tool call goes through (issue 5): merge the runtime's preset parameters,
 * parse, coerce and validate the arguments (a bad argument is a tool error the model sees, never a
 * crash), time the call, capture errors, normalise the result, and produce the invoke receipt.
 */
import { normalizeResult, resultToText } from "./normalize-result";
import { toToolErrorInfo } from "./tool-error";
import type { InvokeReceipt, Tool, ToolContext, ToolErrorInfo, ToolResult } from "./types";
import { parseArgumentText, validateArguments } from "./validate-arguments";

/** The outcome of one call: the result or the error, the text for the model, and the receipt. */
export interface InvokeOutcome {
  ok: boolean;
  result: ToolResult | null;
  error: ToolErrorInfo | null;
  /** What the model reads as the tool message: the result's text, or `Error (code): message`. */
  content: string;
  /** The arguments the tool ran with, or null when they did not parse/validate. */
  arguments: Record<string, unknown> | null;
  receipt: InvokeReceipt;
}

/** The text the model reads for an error. */
export function errorToText(error: ToolErrorInfo): string {
  return `Error (${error.code}): ${error.message}`;
}

/**
 * Invokes `tool` with the model's argument text (or an object). Never throws: every failure — JSON that
 * does not parse, arguments that do not match the schema (`invalid_arguments`), an exception in the tool
 * (its code kept, else `tool_failed`) — comes back as `ok: false` with the error and its text.
 */
export async function invokeTool(tool: Tool, rawArguments: string | Record<string, unknown>, context: ToolContext): Promise<InvokeOutcome> {
  const started = performance.now();
  const finish = (partial: Pick<InvokeOutcome, "ok" | "result" | "error" | "arguments">): InvokeOutcome => {
    const content = partial.error ? errorToText(partial.error) : resultToText(partial.result ?? { kind: "text", text: "" });
    return {
      ...partial,
      content,
      receipt: {
        tool: tool.name,
        provider: tool.provider,
        category: tool.category,
        parameters: partial.arguments ?? rawArguments,
        elapsed_ms: Math.round(performance.now() - started),
        error: partial.error,
      },
    };
  };

  const parsed = parseArgumentText(rawArguments);
  if (!parsed.ok)
    return finish({ ok: false, result: null, error: { code: "invalid_arguments", message: parsed.message }, arguments: null });
  const merged = { ...parsed.value, ...(tool.presets ?? {}) };
  const checked = validateArguments(tool.parameters, merged);
  if (!checked.ok)
    return finish({ ok: false, result: null, error: { code: "invalid_arguments", message: checked.message }, arguments: null });
  try {
    if (context.signal?.aborted) throw context.signal.reason ?? new Error("Cancelled");
    const output = await tool.run(checked.value, context);
    const result = await normalizeResult(output, context.files);
    return finish({ ok: true, result, error: null, arguments: checked.value });
  } catch (error) {
    return finish({ ok: false, result: null, error: toToolErrorInfo(error), arguments: checked.value });
  }
}
