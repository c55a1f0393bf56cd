/**
 * Reads a response body under a byte cap, streaming, and decodes it (spec §2 CONNECTOR `body`: parsed JSON
 * when the response is JSON, else text).
 */

/** Appended to a text body that was cut at the cap. */
export function truncationMarker(maxBytes: number): string {
  return `\n…[truncated: response exceeded ${maxBytes} bytes]`;
}

/**
 * Reads at most `maxBytes` bytes of a web or Node stream; stops reading (cancels or destroys the stream,
 * closing the connection) once more arrive. Rejects when the stream errors (e.g. aborted).
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null,
  maxBytes: number,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  if (!body) return { bytes: Buffer.alloc(0), truncated: false };
  const chunks: Buffer[] = [];
  let size = 0;
  /** Adds a chunk; true when the cap was passed (the chunk is cut at the cap). */
  const add = (value: Uint8Array): boolean => {
    if (size + value.byteLength > maxBytes) {
      chunks.push(Buffer.from(value.buffer, value.byteOffset, maxBytes - size));
      size = maxBytes;
      return true;
    }
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
    size += value.byteLength;
    return false;
  };
  if (body instanceof ReadableStream) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { bytes: Buffer.concat(chunks, size), truncated: false };
      if (add(value)) {
        await reader.cancel();
        return { bytes: Buffer.concat(chunks, size), truncated: true };
      }
    }
  }
  // leaving a for-await early destroys a Node Readable (closes the connection)
  for await (const value of body) if (add(value)) return { bytes: Buffer.concat(chunks, size), truncated: true };
  return { bytes: Buffer.concat(chunks, size), truncated: false };
}

/** True for `application/json`, `application/problem+json`, `text/json` … */
export function isJsonContentType(contentType: string | null): boolean {
  return !!contentType && /^[^;]*[/+]json\s*(;|$)/i.test(contentType.trim());
}

function decode(bytes: Buffer, contentType: string | null): string {
  const charset = /charset="?([^";\s]+)/i.exec(contentType ?? "")?.[1] ?? "utf-8";
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    decoder = new TextDecoder("utf-8");
  }
  return decoder.decode(bytes);
}

/**
 * Decodes a body: JSON content types are parsed (an empty body is null); text otherwise, or when the JSON
 * does not parse or was truncated. A truncated text gets {@link truncationMarker} appended, with a
 * character split by the cut dropped.
 */
export function decodeBody(bytes: Buffer, contentType: string | null, truncated: boolean, maxBytes: number): unknown {
  const text = decode(bytes, contentType);
  if (truncated) return text.replace(/\uFFFD+$/, "") + truncationMarker(maxBytes);
  if (isJsonContentType(contentType)) {
    if (text.trim() === "") return null;
    try {
      return JSON.parse(text);
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      return text;
    }
  }
  return text;
}
