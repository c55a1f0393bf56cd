/**
 * Request bodies of the API and webhooks: JSON, at most a fixed size (413 past it, before parsing).
 */
import { AppError } from "@/lib/errors";

/** Largest JSON body the API and webhooks accept: SWITCHYARD_API_MAX_BODY_BYTES, default 1 MiB. */
export function maxBodyBytes(): number {
  const value = Number(process.env.SWITCHYARD_API_MAX_BODY_BYTES);
  return Number.isInteger(value) && value > 0 ? value : 1024 * 1024;
}

function tooLarge(limit: number): AppError {
  return new AppError("payload_too_large", `The request body is larger than ${limit} bytes.`, { details: { max_bytes: limit } });
}

/**
 * Reads the body as JSON. An empty body is `emptyValue`. A declared `Content-Length` over the limit is
 * refused before reading; a body that grows past it while streaming is cut off.
 * @throws AppError `payload_too_large` (413); `invalid_input` (400) when the body is not JSON.
 */
export async function readJsonBody(request: Request, options: { maxBytes?: number; emptyValue?: unknown } = {}): Promise<unknown> {
  const limit = options.maxBytes ?? maxBodyBytes();
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        throw tooLarge(limit);
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return options.emptyValue ?? {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError("invalid_input", "The request body is not valid JSON.", { cause: error, fields: { body: "not valid JSON" } });
  }
}
