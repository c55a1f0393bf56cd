/**
 * Server-sent events (HTML Living Standard §9.2): `id:`, `event:`, `data:` lines, a blank line per
 * event, and a keep-alive comment every 15 s (spec §9).
 */
export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
} as const;

export const KEEP_ALIVE_MS = 15_000;

/** Formats one event; `data` is JSON-encoded on one line. */
export function formatSseEvent(event: { id?: number | string; event?: string; data: unknown }): string {
  let out = "";
  if (event.id !== undefined) out += `id: ${event.id}\n`;
  if (event.event) out += `event: ${event.event}\n`;
  out += `data: ${JSON.stringify(event.data)}\n\n`;
  return out;
}

/**
 * Builds an SSE Response. `start` receives `send` and resolves when the stream should close; the
 * request's abort signal ends it too. Keep-alives are sent automatically.
 */
export function sseResponse(
  signal: AbortSignal,
  start: (send: (event: { id?: number | string; event?: string; data: unknown }) => void, signal: AbortSignal) => Promise<void>,
): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(keepAlive);
        try {
          controller.close();
        } catch (error) {
          if (!(error instanceof TypeError)) throw error; // already closed by the client
        }
      };
      const keepAlive = setInterval(() => {
        if (!closed) controller.enqueue(encoder.encode(": keep-alive\n\n"));
      }, KEEP_ALIVE_MS);
      signal.addEventListener("abort", close);
      const send = (event: { id?: number | string; event?: string; data: unknown }) => {
        if (!closed) controller.enqueue(encoder.encode(formatSseEvent(event)));
      };
      try {
        await start(send, signal);
      } catch (error) {
        console.error("[sse]", error);
        send({ event: "error", data: { code: "internal", message: "The stream failed." } });
      } finally {
        close();
      }
    },
  });
  return new Response(stream, { headers: SSE_HEADERS });
}
