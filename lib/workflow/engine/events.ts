/**
 * Run events (spec §9): the data of each type, the wire shape streamed over SSE, and the in-process bus
 * the engine publishes to after each event is stored.
 */
import type { RunErrorInfo, NewRunEvent, RunEventRecord, RunEventType, RunStatus, RunTrigger } from "../run-store";
import type { TokenUsage } from "../services";

/** An error as events carry it: `{code, message}` plus the node and details when known. */
export interface WireError {
  code: string;
  message: string;
  node_id?: string;
  details?: unknown;
}

/** The fields of each event type besides `run_id`, `seq`, `at` (spec §9 table). */
export interface RunEventDataMap {
  "run.started": { workflow_id: string; version: number | null; inputs: Record<string, unknown>; trigger: RunTrigger };
  "node.started": { node_id: string; node_type: string; attempt: number; inputs: unknown };
  "node.delta": { node_id: string; text: string };
  /** `attempt` is the attempt that failed; the next one is `attempt + 1`, after `delay_ms`. */
  "node.retrying": { node_id: string; attempt: number; error: WireError; delay_ms: number };
  "node.waiting": { node_id: string; approval_id: string; assignee: string; title: string; description: string };
  "node.ended": {
    node_id: string;
    status: "succeeded" | "failed";
    outputs: unknown;
    error: WireError | null;
    elapsed_ms: number;
    usage: TokenUsage | null;
  };
  "node.skipped": { node_id: string };
  "approval.decided": {
    approval_id: string;
    node_id: string;
    decision: "approved" | "rejected";
    decided_by: string | null;
    note: string | null;
  };
  "run.waiting": { approval_ids: string[] };
  "run.ended": {
    status: RunStatus;
    outputs: Record<string, unknown> | null;
    error: WireError | null;
    elapsed_ms: number;
    usage: TokenUsage;
  };
}

/** An event as streamed: type, run id, seq, ISO-8601 UTC time and the type's fields. */
export type WireRunEvent = { type: RunEventType; run_id: string; seq: number; at: string } & Record<string, unknown>;

/** Builds a typed event to append. */
export function makeEvent<T extends RunEventType>(type: T, data: RunEventDataMap[T], at: Date): NewRunEvent {
  return { type, data: data as unknown as Record<string, unknown>, at };
}

/** `RunErrorInfo` as events and reports carry it. */
export function toWireError(error: RunErrorInfo | null | undefined): WireError | null {
  if (!error) return null;
  return {
    code: error.code,
    message: error.message,
    ...(error.nodeId !== undefined ? { node_id: error.nodeId } : {}),
    ...(error.details !== undefined ? { details: error.details } : {}),
  };
}

/** A stored event in the shape the API and SSE send (spec §9). */
export function toWireEvent(event: RunEventRecord): WireRunEvent {
  return { type: event.type, run_id: event.runId, seq: event.seq, at: event.at.toISOString(), ...event.data };
}

/** Receives stored events, in seq order. */
export type RunEventListener = (event: RunEventRecord) => void;

/**
 * In-process fan-out of stored events, per run and for all runs. A listener that throws does not stop
 * delivery to the others; its error goes to `onListenerError`.
 */
export class RunEventBus {
  private readonly byRun = new Map<string, Set<RunEventListener>>();
  private readonly all = new Set<RunEventListener>();

  constructor(private readonly onListenerError: (error: unknown) => void = (error) => console.error("run event listener failed", error)) {}

  /** Listens to one run's events; returns the unsubscribe function. */
  subscribe(runId: string, listener: RunEventListener): () => void {
    let set = this.byRun.get(runId);
    if (!set) {
      set = new Set();
      this.byRun.set(runId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byRun.get(runId) === set) this.byRun.delete(runId);
    };
  }

  /** Listens to every run's events; returns the unsubscribe function. */
  subscribeAll(listener: RunEventListener): () => void {
    this.all.add(listener);
    return () => this.all.delete(listener);
  }

  /** Delivers stored events, in order. */
  publish(events: readonly RunEventRecord[]): void {
    if (events.length === 0 || (this.all.size === 0 && this.byRun.size === 0)) return;
    for (const event of events) {
      const listeners = this.byRun.get(event.runId);
      if (listeners) for (const listener of [...listeners]) this.deliver(listener, event);
      for (const listener of [...this.all]) this.deliver(listener, event);
    }
  }

  private deliver(listener: RunEventListener, event: RunEventRecord): void {
    try {
      listener(event);
    } catch (error) {
      this.onListenerError(error);
    }
  }
}
