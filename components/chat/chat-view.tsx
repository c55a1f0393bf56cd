"use client";

import { Bot, Send, Square, User } from "lucide-react";
import { useRouter } from "next/navigation";
import { type FormEvent, useCallback, useEffect, useReducer, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/field";
import { applyChatEvent, type ChatState, type ChatWireEvent, reduceChatEvents } from "./chat-state";
import { ToolStep } from "./tool-step";

const CHAT_EVENT_TYPES = [
  "turn.started",
  "step.started",
  "tool.called",
  "tool.returned",
  "tool.awaiting_confirmation",
  "answer.delta",
  "context.compacted",
  "turn.ended",
];

type Action = { type: "event"; event: ChatWireEvent };

function reducer(state: ChatState, action: Action): ChatState {
  return applyChatEvent(state, action.event);
}

/**
 * One conversation: its turns (rebuilt from stored events), a composer, a stop button while a turn runs,
 * and a live SSE stream that resumes from the last event seen (EventSource sends Last-Event-ID itself).
 */
export function ChatView({
  conversationId,
  agentLabel,
  initialEvents,
  live,
  pendingMessage,
}: {
  conversationId: string;
  agentLabel: string;
  initialEvents: ChatWireEvent[];
  live: boolean;
  /** A first message to send as soon as the view opens (new conversations). */
  pendingMessage?: string;
}) {
  const [state, dispatch] = useReducer(reducer, initialEvents, (events) => {
    const rebuilt = reduceChatEvents(events);
    // a turn with no end and nothing running on the server was cut off (e.g. the server restarted)
    if (live || pendingMessage) return rebuilt;
    return {
      ...rebuilt,
      turns: rebuilt.turns.map((turn) =>
        turn.status === "running"
          ? { ...turn, status: "failed" as const, error: { code: "interrupted", message: "The answer was interrupted" } }
          : turn,
      ),
    };
  });
  const router = useRouter();
  const [streaming, setStreaming] = useState(live);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const sourceRef = useRef<EventSource | null>(null);
  const lastSeqRef = useRef(state.lastSeq);
  const bottomRef = useRef<HTMLDivElement | null>(null);
  const sentPending = useRef(false);
  lastSeqRef.current = state.lastSeq;

  const closeStream = useCallback(() => {
    sourceRef.current?.close();
    sourceRef.current = null;
    setStreaming(false);
  }, []);

  const openStream = useCallback(
    (afterSeq: number) => {
      sourceRef.current?.close();
      setStreaming(true);
      const source = new EventSource(`/api/chat/${conversationId}/stream?after=${afterSeq}`);
      sourceRef.current = source;
      const onEvent = (message: MessageEvent) => {
        const data = JSON.parse(message.data) as Record<string, unknown> & { seq: number; turn_id: string };
        const { seq, turn_id, at: _at, ...rest } = data;
        dispatch({ type: "event", event: { seq, turnId: turn_id, type: message.type, data: rest } });
        if (message.type === "turn.ended") {
          closeStream();
          router.refresh(); // the title and the conversation list
        }
      };
      for (const type of CHAT_EVENT_TYPES) source.addEventListener(type, onEvent as EventListener);
      source.addEventListener("idle", () => closeStream());
      source.addEventListener("error", () => {
        // EventSource reconnects by itself with Last-Event-ID; a closed source means the server refused.
        if (source.readyState === EventSource.CLOSED) closeStream();
      });
    },
    [conversationId, closeStream, router],
  );

  const send = useCallback(
    async (content: string) => {
      setError(null);
      const response = await fetch(`/api/chat/${conversationId}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ content }),
      });
      const body = (await response.json()) as { after_seq?: number; error?: { message: string } };
      if (!response.ok) {
        setError(body.error?.message ?? "The message could not be sent.");
        return false;
      }
      openStream(Math.min(body.after_seq ?? lastSeqRef.current, lastSeqRef.current));
      return true;
    },
    [conversationId, openStream],
  );

  useEffect(() => {
    if (live) openStream(lastSeqRef.current);
    return () => sourceRef.current?.close();
  }, [live, openStream]);

  useEffect(() => {
    if (pendingMessage && !sentPending.current) {
      sentPending.current = true;
      void send(pendingMessage);
      window.history.replaceState(null, "", `/chat/${conversationId}`);
    }
  }, [pendingMessage, send, conversationId]);

  const lastSeq = state.lastSeq;
  useEffect(() => {
    if (lastSeq > 0) bottomRef.current?.scrollIntoView({ block: "end" });
  }, [lastSeq]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const content = draft.trim();
    if (!content || streaming) return;
    if (await send(content)) setDraft("");
  };

  const stop = async () => {
    await fetch(`/api/chat/${conversationId}/stop`, { method: "POST" });
  };

  const confirm = async (callId: string, approved: boolean) => {
    const response = await fetch(`/api/chat/${conversationId}/confirm`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ call_id: callId, approved }),
    });
    if (!response.ok) setError(((await response.json()) as { error?: { message: string } }).error?.message ?? "Could not confirm.");
  };

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex-1 space-y-6 overflow-y-auto px-6 py-6" data-testid="chat-messages">
        {state.turns.length === 0 ? (
          <p className="text-sm text-zinc-500">Ask {agentLabel} anything. Tool calls show as steps you can open.</p>
        ) : null}
        {state.turns.map((turn) => (
          <div key={turn.id} className="space-y-3" data-testid="chat-turn">
            <div className="flex gap-3">
              <User size={18} className="mt-0.5 shrink-0 text-zinc-400" aria-label="You" />
              <p className="whitespace-pre-wrap text-sm font-medium" data-testid="user-message">
                {turn.userMessage}
              </p>
            </div>
            <div className="flex gap-3">
              <Bot size={18} className="mt-0.5 shrink-0 text-brand-600" aria-label={agentLabel} />
              <div className="min-w-0 flex-1 space-y-2">
                {turn.items.map((item, index) =>
                  item.kind === "text" ? (
                    <p key={index} className="whitespace-pre-wrap text-sm leading-6" data-testid="assistant-text">
                      {item.text}
                    </p>
                  ) : (
                    <ToolStep key={item.callId} item={item} onConfirm={confirm} />
                  ),
                )}
                {turn.status === "running" && turn.items.length === 0 ? <p className="text-sm text-zinc-500">Thinking…</p> : null}
                {turn.status === "max_iterations" ? (
                  <p className="text-xs text-amber-700">Stopped at the step limit; this is the best answer so far.</p>
                ) : null}
                {turn.status === "cancelled" ? <p className="text-xs text-zinc-500">Stopped.</p> : null}
                {turn.status === "failed" ? (
                  <p role="alert" className="text-xs text-red-700 dark:text-red-400">
                    The answer failed{turn.error ? ` (${turn.error.code}): ${turn.error.message}` : "."}
                  </p>
                ) : null}
              </div>
            </div>
          </div>
        ))}
        <div ref={bottomRef} />
      </div>
      <form
        onSubmit={onSubmit}
        className="border-t border-zinc-200 bg-white px-6 py-4 dark:border-zinc-800 dark:bg-zinc-900"
        aria-label="Send a message"
      >
        {error ? (
          <p role="alert" className="mb-2 text-xs text-red-600">
            {error}
          </p>
        ) : null}
        <div className="flex items-end gap-3">
          <Textarea
            id="chat-input"
            aria-label="Message"
            placeholder={`Message ${agentLabel}…`}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey) {
                event.preventDefault();
                void onSubmit(event as unknown as FormEvent);
              }
            }}
            className="min-h-12 flex-1 resize-none"
            rows={2}
          />
          {streaming ? (
            <Button type="button" variant="secondary" onClick={stop}>
              <Square size={14} aria-hidden="true" /> Stop
            </Button>
          ) : (
            <Button type="submit" disabled={draft.trim() === ""}>
              <Send size={14} aria-hidden="true" /> Send
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
