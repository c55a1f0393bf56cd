/**
 * Tool hooks (issue 5 "Hooks"): PreToolUse may block a call or rewrite its arguments; PostToolUse may
 * rewrite the result. They run outside the model loop on every tool call, in ascending `priority`
 * (default 100; ties keep registration order), for tools whose name matches `match` (glob: `*` any
 * characters, `?` one; several patterns separated by `|`; absent = every tool).
 */
import type { InvokeOutcome } from "@/lib/tools/invoke";
import type { Tool, ToolContext } from "@/lib/tools/types";
import type { AgentEvent } from "./types";

/** What a pre hook sees. */
export interface PreToolUseInput {
  tool: Tool;
  callId: string;
  step: number;
  arguments: Record<string, unknown>;
  context: ToolContext;
  /** Emits a turn event (e.g. `tool.awaiting_confirmation`). */
  emit: (event: AgentEvent) => void;
}

export type PreToolUseDecision =
  | { action: "allow" }
  | { action: "block"; code?: string; reason: string }
  | { action: "rewrite"; arguments: Record<string, unknown> };

/** What a post hook sees: the outcome so far (possibly rewritten by an earlier post hook). */
export interface PostToolUseInput {
  tool: Tool;
  callId: string;
  step: number;
  arguments: Record<string, unknown>;
  outcome: InvokeOutcome;
  context: ToolContext;
}

interface HookBase {
  name: string;
  /** Lower runs first; default 100. */
  priority?: number;
  /** Tool-name glob(s), e.g. `orders__*`, `web_fetch|calculator`. */
  match?: string;
}

export interface PreToolUseHook extends HookBase {
  kind: "pre";
  run(input: PreToolUseInput): Promise<PreToolUseDecision | undefined> | PreToolUseDecision | undefined;
}

export interface PostToolUseHook extends HookBase {
  kind: "post";
  /** Returns a replacement `content` (and optionally flags) or nothing to keep the outcome. */
  run(
    input: PostToolUseInput,
  ): Promise<Partial<Pick<InvokeOutcome, "content">> | undefined> | Partial<Pick<InvokeOutcome, "content">> | undefined;
}

export type ToolHook = PreToolUseHook | PostToolUseHook;

const patternCache = new Map<string, RegExp>();

/** True when `toolName` matches the glob(s). */
export function matchesToolPattern(pattern: string | undefined, toolName: string): boolean {
  if (pattern === undefined || pattern === "" || pattern === "*") return true;
  let regex = patternCache.get(pattern);
  if (!regex) {
    const alternatives = pattern.split("|").map((part) =>
      part
        .trim()
        .replace(/[.+^${}()[\]\\]/g, "\\$&")
        .replace(/\*/g, ".*")
        .replace(/\?/g, "."),
    );
    regex = new RegExp(`^(?:${alternatives.join("|")})$`);
    patternCache.set(pattern, regex);
  }
  return regex.test(toolName);
}

/** Hooks of one kind for a tool, in run order. */
export function hooksFor<K extends ToolHook["kind"]>(
  hooks: readonly ToolHook[],
  kind: K,
  toolName: string,
): Extract<ToolHook, { kind: K }>[] {
  return hooks
    .map((hook, index) => ({ hook, index }))
    .filter(({ hook }) => hook.kind === kind && matchesToolPattern(hook.match, toolName))
    .sort((a, b) => (a.hook.priority ?? 100) - (b.hook.priority ?? 100) || a.index - b.index)
    .map(({ hook }) => hook as Extract<ToolHook, { kind: K }>);
}

/**
 * Runs the pre hooks in order. A `rewrite` replaces the arguments the next hook (and the tool) sees; the
 * first `block` stops the chain. A hook that throws blocks the call with `hook_failed` (fail closed).
 */
export async function runPreHooks(
  hooks: readonly ToolHook[],
  input: PreToolUseInput,
): Promise<{ blocked: { code: string; reason: string } | null; arguments: Record<string, unknown> }> {
  let args = input.arguments;
  for (const hook of hooksFor(hooks, "pre", input.tool.name)) {
    let decision: PreToolUseDecision | undefined;
    try {
      decision = await hook.run({ ...input, arguments: args });
    } catch (error) {
      return {
        blocked: { code: "hook_failed", reason: `Hook ${hook.name} failed: ${error instanceof Error ? error.message : String(error)}` },
        arguments: args,
      };
    }
    if (!decision || decision.action === "allow") continue;
    if (decision.action === "block") return { blocked: { code: decision.code ?? "blocked", reason: decision.reason }, arguments: args };
    args = decision.arguments;
  }
  return { blocked: null, arguments: args };
}

/** Runs the post hooks in order; each may replace `content`. A hook that throws leaves the content as it was and is reported through `onError`. */
export async function runPostHooks(
  hooks: readonly ToolHook[],
  input: PostToolUseInput,
  onError?: (hook: string, error: unknown) => void,
): Promise<InvokeOutcome> {
  let outcome = input.outcome;
  for (const hook of hooksFor(hooks, "post", input.tool.name)) {
    try {
      const change = await hook.run({ ...input, outcome });
      if (change?.content !== undefined) outcome = { ...outcome, content: change.content };
    } catch (error) {
      onError?.(hook.name, error);
    }
  }
  return outcome;
}
