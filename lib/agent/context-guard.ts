/**
 * The context guard (issue 5): keeps every model call inside a token budget. Tokens are counted with
 * gpt-tokenizer (o200k_base, the GPT-4o family's encoding; other models' counts differ a little, hence
 * the margin). Over the threshold, older turns are compacted into one summary by the fast model;
 * leading system messages, pinned messages and the most recent messages survive. A failed summary falls
 * back to dropping the older turns with a marker, so the call still fits.
 */
import { countTokens } from "gpt-tokenizer";
import type { AgentMessage, ModelCaller } from "./types";

export interface ContextGuardOptions {
  /** Prompt budget in tokens (messages + tool definitions). Default 32 000. */
  maxTokens?: number;
  /** Compact when the prompt exceeds this share of the budget. Default 0.8. */
  threshold?: number;
  /** Most recent messages always kept verbatim. Default 6. */
  keepRecent?: number;
}

export const DEFAULT_CONTEXT_TOKENS = 32_000;

/** Per-message framing tokens (role, separators), as OpenAI's cookbook counts them. */
const MESSAGE_OVERHEAD = 4;

/** Tokens of one message. */
export function countMessageTokens(message: AgentMessage): number {
  let tokens = MESSAGE_OVERHEAD + countTokens(message.content ?? "");
  if (message.role === "assistant")
    for (const call of message.tool_calls ?? []) tokens += countTokens(call.name) + countTokens(call.arguments) + 3;
  return tokens;
}

/** Tokens of a prompt: messages plus the tool definitions' JSON. */
export function countPromptTokens(messages: readonly AgentMessage[], tools?: readonly unknown[]): number {
  let total = 3;
  for (const message of messages) total += countMessageTokens(message);
  if (tools?.length) total += countTokens(JSON.stringify(tools));
  return total;
}

export interface GuardResult {
  messages: AgentMessage[];
  compaction: { removed: number; tokensBefore: number; tokensAfter: number; summarised: boolean } | null;
}

function render(message: AgentMessage): string {
  if (message.role === "assistant") {
    const calls = (message.tool_calls ?? []).map((call) => `called ${call.name}(${call.arguments})`).join("; ");
    return `assistant: ${[message.content ?? "", calls].filter(Boolean).join(" — ")}`;
  }
  if (message.role === "tool") return `tool result: ${message.content}`;
  return `${message.role}: ${message.content}`;
}

/** The first index of the recent tail: `keepRecent` from the end, moved back so no tool result loses its call. */
function tailStart(messages: readonly AgentMessage[], from: number, keepRecent: number): number {
  let start = Math.max(from, messages.length - keepRecent);
  while (start > from && messages[start]?.role === "tool") start--;
  return start;
}

/**
 * Returns `messages` unchanged when they fit, else a compacted copy.
 * @param summarise the fast model (`model: "fast"`); absent = drop older turns without a summary.
 */
export async function guardContext(
  messages: AgentMessage[],
  tools: readonly unknown[] | undefined,
  options: ContextGuardOptions & { model?: ModelCaller; signal?: AbortSignal },
): Promise<GuardResult> {
  const budget = options.maxTokens ?? DEFAULT_CONTEXT_TOKENS;
  const limit = Math.floor(budget * (options.threshold ?? 0.8));
  const before = countPromptTokens(messages, tools);
  if (before <= limit) return { messages, compaction: null };

  let head = 0;
  while (head < messages.length && messages[head].role === "system" && !(messages[head].content ?? "").startsWith(SUMMARY_PREFIX)) head++;
  const start = tailStart(messages, head, options.keepRecent ?? 6);
  const older = messages.slice(head, start);
  if (older.length === 0) return { messages, compaction: null };
  // pinned messages survive in order; a pinned tool result cannot stand without its call, so it is summarised
  const pinned = older.filter(
    (message) => message.pinned && message.role !== "tool" && !(message.role === "assistant" && message.tool_calls?.length),
  );
  const summarisedPart = older.filter((message) => !pinned.includes(message));

  let summary: string | null = null;
  if (options.model && summarisedPart.length > 0) {
    try {
      const transcript = summarisedPart.map(render).join("\n");
      const response = await options.model({
        model: "fast",
        messages: [
          {
            role: "system",
            content:
              "Summarise this earlier part of a conversation between a user, an assistant and its tools. Keep every fact, number, name, decision, tool result and open question needed to continue; drop pleasantries. Write at most 300 words.",
          },
          { role: "user", content: transcript.length > 200_000 ? transcript.slice(-200_000) : transcript },
        ],
        maxTokens: 600,
        signal: options.signal,
      });
      summary = response.text.trim() || null;
    } catch (error) {
      if (options.signal?.aborted) throw error;
      summary = null;
    }
  }
  const note: AgentMessage = summary
    ? { role: "system", content: `${SUMMARY_PREFIX}\n${summary}` }
    : { role: "system", content: `${SUMMARY_PREFIX}\n[${summarisedPart.length} earlier messages were removed to fit the context window.]` };
  const compacted = [...messages.slice(0, head), note, ...pinned, ...messages.slice(start)];
  return {
    messages: compacted,
    compaction: {
      removed: summarisedPart.length,
      tokensBefore: before,
      tokensAfter: countPromptTokens(compacted, tools),
      summarised: summary !== null,
    },
  };
}

/** First line of a compaction summary message. */
export const SUMMARY_PREFIX = "Summary of the earlier conversation:";
