/**
 * Pending tool-call confirmations (the confirmation gate hook): a call waits until the user confirms or
 * declines it in the chat, the turn is cancelled, or the wait times out (declined). In-process: the chat
 * route that runs the turn and the route that receives the decision share one broker.
 */
export interface ConfirmationBroker {
  /** Waits for a decision on `key` (e.g. `conversationId:callId`). Resolves false on timeout or abort. */
  request(key: string, options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<boolean>;
  /** Decides a pending confirmation; false when none is pending under `key`. */
  resolve(key: string, approved: boolean): boolean;
  /** Keys waiting now. */
  pending(): string[];
}

export const DEFAULT_CONFIRMATION_TIMEOUT_MS = 10 * 60_000;

export function createConfirmationBroker(): ConfirmationBroker {
  const waiting = new Map<string, (approved: boolean) => void>();
  return {
    request(key, options = {}) {
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => finish(false), options.timeoutMs ?? DEFAULT_CONFIRMATION_TIMEOUT_MS);
        const onAbort = () => finish(false);
        function finish(approved: boolean) {
          clearTimeout(timer);
          options.signal?.removeEventListener("abort", onAbort);
          waiting.delete(key);
          resolve(approved);
        }
        if (options.signal?.aborted) return finish(false);
        options.signal?.addEventListener("abort", onAbort, { once: true });
        waiting.set(key, finish);
      });
    },
    resolve(key, approved) {
      const finish = waiting.get(key);
      if (!finish) return false;
      finish(approved);
      return true;
    },
    pending: () => [...waiting.keys()],
  };
}
