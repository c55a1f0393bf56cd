/**
 * A run's events as an SSE stream (spec §9): every stored event after `afterSeq` once, in order, then the
 * live ones as the engine stores them; each sent with `id: <seq>`, `event: <type>` and the JSON wire shape
 * (`run_id`, `seq`, `at` and the type's fields). The stream ends after `run.ended` or `run.waiting`.
 */
import { toWireEvent } from "@/lib/workflow/engine";
import type { Runtime } from "./types";

/** What lib/sse.ts `sseResponse` hands its producer. */
export type SseSend = (event: { id?: number | string; event?: string; data: unknown }) => void;

/**
 * The sequence number a client resumes after: `Last-Event-ID` (a reconnect), else the `after` query
 * parameter (a first connection that already has some events), else 0. Anything not a whole number ≥ 0 is 0.
 */
export function resumeSeq(request: Request): number {
  const text = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after") ?? "0";
  const seq = Number(text.trim());
  return Number.isInteger(seq) && seq > 0 ? seq : 0;
}

/** Sends the events of `runId` after `afterSeq` until the run ends or waits, or `signal` aborts. Returns the last seq sent. */
export async function streamRunEvents(
  runtime: Runtime,
  runId: string,
  afterSeq: number,
  send: SseSend,
  signal: AbortSignal,
): Promise<number> {
  let last = afterSeq;
  for await (const event of runtime.engine.followEvents(runId, { afterSeq, signal })) {
    send({ id: event.seq, event: event.type, data: toWireEvent(event) });
    last = event.seq;
    if (event.type === "run.ended" || event.type === "run.waiting") break;
  }
  return last;
}
