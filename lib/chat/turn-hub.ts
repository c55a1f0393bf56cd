/**
 * Live chat turns of this process: each running turn keeps its events in memory (numbered per
 * conversation, continuing the stored ones) while they are written to ConversationEvent in small batches.
 * A stream reads stored events first, then the turn's in-memory events, then live ones — each once, in
 * order (spec §9: a client reconnecting with Last-Event-ID gets every later event once, then the live ones).
 */
export interface ChatEvent {
  seq: number;
  turnId: string;
  type: string;
  data: Record<string, unknown>;
  at: string;
}

export interface ActiveTurn {
  conversationId: string;
  turnId: string;
  /** Seq of the turn's first event. */
  firstSeq: number;
  events: ChatEvent[];
  controller: AbortController;
  done: boolean;
  listeners: Set<(event: ChatEvent | null) => void>;
}

const globalForHub = globalThis as unknown as { switchyardChatTurns?: Map<string, ActiveTurn> };

function turns(): Map<string, ActiveTurn> {
  globalForHub.switchyardChatTurns ??= new Map();
  return globalForHub.switchyardChatTurns;
}

/** The running turn of a conversation, if any. */
export function activeTurn(conversationId: string): ActiveTurn | undefined {
  return turns().get(conversationId);
}

/** Registers a turn. @returns null when the conversation already has one running. */
export function beginTurn(conversationId: string, turnId: string, firstSeq: number): ActiveTurn | null {
  if (turns().has(conversationId)) return null;
  const turn: ActiveTurn = {
    conversationId,
    turnId,
    firstSeq,
    events: [],
    controller: new AbortController(),
    done: false,
    listeners: new Set(),
  };
  turns().set(conversationId, turn);
  return turn;
}

/** Adds an event to the turn and tells the listeners. */
export function publish(turn: ActiveTurn, event: ChatEvent): void {
  turn.events.push(event);
  for (const listener of turn.listeners) listener(event);
}

/** Ends the turn (after its events are stored): listeners get `null`, the hub forgets it. */
export function endTurn(turn: ActiveTurn): void {
  turn.done = true;
  for (const listener of turn.listeners) listener(null);
  turn.listeners.clear();
  if (turns().get(turn.conversationId) === turn) turns().delete(turn.conversationId);
}

/**
 * Every event after `afterSeq`: stored ones (`readStored(after, before)`), then the running turn's, then
 * live ones until the turn ends or `signal` aborts.
 */
export async function* followConversation(
  conversationId: string,
  afterSeq: number,
  readStored: (after: number, before?: number) => Promise<ChatEvent[]>,
  signal: AbortSignal,
): AsyncGenerator<ChatEvent> {
  let last = afterSeq;
  const turn = activeTurn(conversationId);
  if (!turn) {
    for (const event of await readStored(last)) {
      last = event.seq;
      yield event;
    }
    return;
  }
  const queue: (ChatEvent | null)[] = [];
  let wake: (() => void) | null = null;
  const listener = (event: ChatEvent | null) => {
    queue.push(event);
    wake?.();
  };
  turn.listeners.add(listener);
  const onAbort = () => wake?.();
  signal.addEventListener("abort", onAbort);
  try {
    if (last < turn.firstSeq - 1) {
      for (const event of await readStored(last, turn.firstSeq)) {
        last = event.seq;
        yield event;
      }
    }
    for (const event of [...turn.events]) {
      if (event.seq <= last) continue;
      last = event.seq;
      yield event;
    }
    if (turn.done) return;
    while (!signal.aborted) {
      const next = queue.shift();
      if (next === undefined) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
        continue;
      }
      if (next === null) return;
      if (next.seq <= last) continue;
      last = next.seq;
      yield next;
    }
  } finally {
    turn.listeners.delete(listener);
    signal.removeEventListener("abort", onAbort);
  }
}
