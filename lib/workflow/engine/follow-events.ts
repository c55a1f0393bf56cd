/**
 * A run's events as one ordered stream: the stored ones after a sequence number, then the live ones
 * (spec §9 "a client that reconnects with Last-Event-ID gets every later event once, then the live ones").
 * Live events come from the in-process bus; the store is polled too, so events written by another
 * process arrive as well.
 */
import type { RunEventRecord, RunStore } from "../run-store";
import type { RunEventBus } from "./events";

/** Yields each event of `runId` with seq > `afterSeq` exactly once, in order, until `run.ended` or `signal` aborts. */
export async function* followRunEvents(
  store: RunStore,
  bus: RunEventBus,
  runId: string,
  options: { afterSeq?: number; signal?: AbortSignal; pollMs?: number } = {},
): AsyncGenerator<RunEventRecord> {
  const { signal, pollMs = 1000 } = options;
  let last = options.afterSeq ?? 0;
  const live: RunEventRecord[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = bus.subscribe(runId, (event) => {
    live.push(event);
    wake?.();
  });
  try {
    for (;;) {
      const pending = live.splice(0, live.length);
      const batch = pending.length > 0 && pending[0].seq <= last + 1 ? pending : await store.listEvents(runId, last);
      let gap = false;
      for (const event of batch) {
        if (event.seq <= last) continue;
        if (event.seq !== last + 1) {
          gap = true;
          break;
        }
        last = event.seq;
        yield event;
        if (event.type === "run.ended") return;
      }
      if (gap) continue;
      if (signal?.aborted) return;
      if (live.length > 0) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollMs);
        function done() {
          clearTimeout(timer);
          signal?.removeEventListener("abort", done);
          wake = null;
          resolve();
        }
        wake = done;
        signal?.addEventListener("abort", done, { once: true });
      });
    }
  } finally {
    unsubscribe();
  }
}
