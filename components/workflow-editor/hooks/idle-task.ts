/** The timers an idle task uses (the browser's by default; tests pass their own). */
export interface IdleTimers {
  /** `window.requestIdleCallback` (absent in Safari: `setTimeout` with `fallbackDelayMs` is used instead). */
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout: (callback: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimeout: (handle: ReturnType<typeof setTimeout>) => void;
}

/** A job run in an idle moment of the browser: `schedule` it, `flush` it now, or `cancel` it. */
export interface IdleTask {
  /** Runs `run` in the next idle moment when no gesture is busy; nothing more when one is already pending. */
  schedule(): void;
  /** Runs a pending `run` now (the page is being hidden or closed), busy or not; nothing when none is pending. */
  flush(): void;
  /** Forgets a pending `run`. */
  cancel(): void;
  /** Whether a `run` is pending. */
  pending(): boolean;
}

/**
 * A job (the editor's local backup of unsaved work) run when the browser is idle, and not while `isBusy()`
 * (a node is being dragged): a drag leaves idle moments between its frames, each shorter than the job
 * (serialising a 1,000-node graph into localStorage is a 15–20 ms task), so the job would drop a frame
 * of the drag. When the idle moment comes during a drag, it looks again every `busyRecheckMs` (a timer, not
 * another idle callback: one of those would run in every frame of the drag), then waits for the next idle
 * moment. `idleTimeoutMs` bounds the wait for an idle moment (requestIdleCallback's `timeout`); where
 * requestIdleCallback is missing the job runs `fallbackDelayMs` after it is scheduled.
 */
export function createIdleTask(
  run: () => void,
  isBusy: () => boolean,
  options: { idleTimeoutMs: number; fallbackDelayMs: number; busyRecheckMs: number },
  timers: IdleTimers = browserTimers(),
): IdleTask {
  let cancelPending: (() => void) | null = null;

  const attempt = () => {
    if (isBusy()) {
      const handle = timers.setTimeout(whenIdle, options.busyRecheckMs);
      cancelPending = () => timers.clearTimeout(handle);
      return;
    }
    cancelPending = null;
    run();
  };
  const whenIdle = () => {
    const { requestIdleCallback, cancelIdleCallback } = timers;
    if (requestIdleCallback && cancelIdleCallback) {
      const handle = requestIdleCallback(attempt, { timeout: options.idleTimeoutMs });
      cancelPending = () => cancelIdleCallback(handle);
    } else {
      const handle = timers.setTimeout(attempt, options.fallbackDelayMs);
      cancelPending = () => timers.clearTimeout(handle);
    }
  };

  const cancel = () => {
    cancelPending?.();
    cancelPending = null;
  };
  return {
    schedule: () => {
      if (!cancelPending) whenIdle();
    },
    flush: () => {
      if (!cancelPending) return;
      cancel();
      run();
    },
    cancel,
    pending: () => cancelPending !== null,
  };
}

function browserTimers(): IdleTimers {
  const idle = typeof window !== "undefined" && typeof window.requestIdleCallback === "function";
  return {
    requestIdleCallback: idle ? (callback, options) => window.requestIdleCallback(callback, options) : undefined,
    cancelIdleCallback: idle ? (handle) => window.cancelIdleCallback(handle) : undefined,
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle),
  };
}
