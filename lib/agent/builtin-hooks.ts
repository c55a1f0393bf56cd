/**
 * The built-in hooks (issue 5): result truncation, connector call audit logging, and the confirmation gate.
 */
import type { ConfirmationBroker } from "./confirmation-broker";
import type { PostToolUseHook, PreToolUseHook } from "./hooks";

/**
 * PostToolUse: cuts results longer than `maxChars` (default 16 000) and says so, so one huge tool result
 * cannot fill the context window. Runs last among post hooks (priority 1000).
 */
export function truncationHook(options: { maxChars?: number; match?: string } = {}): PostToolUseHook {
  const maxChars = options.maxChars ?? 16_000;
  return {
    kind: "post",
    name: "truncate_results",
    priority: 1000,
    match: options.match,
    run({ outcome }) {
      if (outcome.content.length <= maxChars) return undefined;
      return {
        content: `${outcome.content.slice(0, maxChars)}\n…[truncated: showing ${maxChars} of ${outcome.content.length} characters]`,
      };
    },
  };
}

/** One audit record of an agent's connector call (AuditLog action `agent.connector_call`). Never holds secrets. */
export interface ConnectorCallAudit {
  action: "agent.connector_call";
  actorId: string | null;
  actorEmail: string | null;
  tool: string;
  provider: string;
  arguments: unknown;
  ok: boolean;
  error: { code: string; message: string } | null;
  elapsed_ms: number;
  conversation_id: string | null;
  run_id: string | null;
}

/**
 * PostToolUse on connector tools (category `connector`): hands one record per call to `append`
 * (lib/audit in the app). A failing sink is reported, the call's result is kept.
 */
export function connectorAuditHook(append: (entry: ConnectorCallAudit) => Promise<void>): PostToolUseHook {
  return {
    kind: "post",
    name: "audit_connector_calls",
    priority: 10,
    async run({ tool, arguments: args, outcome, context }) {
      if (tool.category !== "connector") return undefined;
      await append({
        action: "agent.connector_call",
        actorId: context.actor?.userId ?? context.userId ?? null,
        actorEmail: context.actor?.email ?? null,
        tool: tool.name,
        provider: tool.provider,
        arguments: args,
        ok: outcome.ok,
        error: outcome.error,
        elapsed_ms: outcome.receipt.elapsed_ms,
        conversation_id: context.conversationId ?? null,
        run_id: context.run?.runId ?? null,
      });
      return undefined;
    },
  };
}

/**
 * PreToolUse: pauses each matching call (`match`, e.g. `orders__*|web_fetch`) until the user confirms it
 * in the chat. Emits `tool.awaiting_confirmation`; a decline (or timeout, or a turn with no conversation to
 * ask in) blocks the call with `declined`, which the model sees as the tool's error.
 */
export function confirmationGateHook(options: { match: string; broker: ConfirmationBroker; timeoutMs?: number }): PreToolUseHook {
  return {
    kind: "pre",
    name: "confirmation_gate",
    priority: 50,
    match: options.match,
    async run({ tool, callId, step, arguments: args, context, emit }) {
      if (!context.conversationId)
        return { action: "block", code: "declined", reason: `${tool.name} needs the user's confirmation, and there is no chat to ask in` };
      emit({ type: "tool.awaiting_confirmation", step, call_id: callId, tool: tool.name, arguments: args });
      const approved = await options.broker.request(`${context.conversationId}:${callId}`, {
        timeoutMs: options.timeoutMs,
        signal: context.signal,
      });
      return approved ? { action: "allow" } : { action: "block", code: "declined", reason: `The user declined the call to ${tool.name}` };
    },
  };
}
