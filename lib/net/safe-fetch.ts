/**
 * `safeFetch`: a fetch-shaped HTTP client that applies the SSRF policy (ssrf.ts) to the URL and to every
 * redirect hop, and connects to exactly the address that was checked (a `lookup` pinned on node:http),
 * so a DNS answer that changes between check and connect (rebinding) cannot reach a refused address.
 * The Host header and TLS SNI keep the original host name.
 */
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { type CheckedTarget, checkOutboundUrl, describeUrl, type SsrfPolicy } from "./ssrf";
import { serviceError } from "./service-error";

/** The subset of RequestInit safeFetch honours. */
export interface SafeFetchInit {
  method?: string;
  headers?: Record<string, string> | Headers;
  /** A string, bytes or URLSearchParams; streams are not supported. */
  body?: string | Uint8Array | URLSearchParams | null;
  signal?: AbortSignal;
  /** `follow` (default, each hop re-checked), `manual` (3xx returned as is) or `error`. */
  redirect?: "follow" | "manual" | "error";
  /** Redirect hops followed at most. Default 5. */
  maxRedirects?: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function pinnedLookup(target: CheckedTarget): LookupFunction {
  const { address, family } = target.address;
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

function toHeaderRecord(headers: SafeFetchInit["headers"]): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  return { ...headers };
}

function bodyBytes(body: SafeFetchInit["body"]): Buffer | null {
  if (body === null || body === undefined) return null;
  if (typeof body === "string") return Buffer.from(body, "utf8");
  if (body instanceof URLSearchParams) return Buffer.from(body.toString(), "utf8");
  return Buffer.from(body);
}

function decodedStream(response: http.IncomingMessage): Readable {
  const encoding = String(response.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  if (encoding === "gzip" || encoding === "x-gzip") return response.pipe(zlib.createGunzip());
  if (encoding === "deflate") return response.pipe(zlib.createInflate());
  if (encoding === "br") return response.pipe(zlib.createBrotliDecompress());
  return response;
}

/**
 * A response of {@link safeRequest}: status, headers and the body as a Node stream (decompressed), without
 * the WHATWG Response and web-stream wrappers of `safeFetch` (~0.1–0.2 ms per call: bench/engine.bench.ts).
 */
export interface SafeResponse {
  /** The HTTP status; one outside 200–599 is reported as 502, as `safeFetch` must. */
  status: number;
  statusText: string;
  headers: Headers;
  /** The URL that answered (after redirects). */
  url: string;
  /** The body, null for statuses without one (204, 304 …). Read it or `destroy()` it. */
  body: Readable | null;
}

function toSafeResponse(response: http.IncomingMessage, url: URL): SafeResponse {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const status = response.statusCode ?? 0;
  let body: Readable | null = null;
  if (NULL_BODY_STATUSES.has(status)) response.resume();
  else {
    body = decodedStream(response);
    if (body !== response) {
      const decoded = body;
      response.on("error", (error) => decoded.destroy(error));
    }
  }
  return {
    status: status < 200 || status > 599 ? 502 : status,
    statusText: response.statusMessage ?? "",
    headers,
    url: url.toString(),
    body,
  };
}

function toWebResponse(response: SafeResponse): Response {
  const body = response.body ? (Readable.toWeb(response.body) as ReadableStream<Uint8Array>) : null;
  const result = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  Object.defineProperty(result, "url", { value: response.url });
  return result;
}

function networkError(error: unknown, url: URL): Error {
  const message = error instanceof Error ? error.message : String(error);
  return serviceError("connection_error", `Request to ${describeUrl(url)} failed: ${message}`, { cause: error });
}

function requestOnce(
  target: CheckedTarget,
  method: string,
  headers: Record<string, string>,
  body: Buffer | null,
  signal?: AbortSignal,
): Promise<SafeResponse> {
  const { url } = target;
  const client = url.protocol === "https:" ? https : http;
  return new Promise<SafeResponse>((resolve, reject) => {
    const outgoing = { ...headers };
    if (body) outgoing["content-length"] = String(body.length);
    if (!Object.keys(outgoing).some((name) => name.toLowerCase() === "accept-encoding")) outgoing["accept-encoding"] = "gzip, deflate, br";
    const request = client.request(url, { method, headers: outgoing, lookup: pinnedLookup(target), signal }, (response) =>
      resolve(toSafeResponse(response, url)),
    );
    request.on("error", (error) => {
      if (signal?.aborted) reject(signal.reason);
      else reject(networkError(error, url));
    });
    request.end(body ?? undefined);
  });
}

/**
 * Fetches a URL under the SSRF policy. Resolves with a standard `Response` for every HTTP status
 * (the body is a stream; read it yourself to cap its size).
 * @throws WorkflowError `connection_error` for a refused or unresolvable target (before any connection),
 *   a network failure, or too many redirects; rethrows `init.signal.reason` when aborted.
 */
export async function safeFetch(input: string | URL, init: SafeFetchInit = {}, policy: SsrfPolicy = {}): Promise<Response> {
  return toWebResponse(await safeRequest(input, init, policy));
}

/**
 * `safeFetch` for callers in this process that read the body as a Node stream (connector calls): the same
 * policy, redirects and errors, without the WHATWG wrappers.
 * @throws as `safeFetch`.
 */
export async function safeRequest(input: string | URL, init: SafeFetchInit = {}, policy: SsrfPolicy = {}): Promise<SafeResponse> {
  let method = (init.method ?? "GET").toUpperCase();
  let headers = toHeaderRecord(init.headers);
  let body = bodyBytes(init.body);
  let current = new URL(input);
  const maxRedirects = init.maxRedirects ?? 5;
  for (let hop = 0; ; hop++) {
    if (init.signal?.aborted) throw init.signal.reason;
    const target = await checkOutboundUrl(current, policy);
    const response = await requestOnce(target, method, headers, body, init.signal);
    const location = response.headers.get("location");
    if (!REDIRECT_STATUSES.has(response.status) || !location || init.redirect === "manual") return response;
    response.body?.destroy();
    if (init.redirect === "error") throw serviceError("connection_error", `Redirect refused from ${describeUrl(current)}`);
    if (hop >= maxRedirects)
      throw serviceError("connection_error", `Too many redirects (more than ${maxRedirects}) from ${describeUrl(new URL(input))}`);
    const next = new URL(location, current);
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
      method = method === "HEAD" ? "HEAD" : "GET";
      body = null;
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !/^content-/i.test(name)));
    }
    if (next.origin !== current.origin) {
      // Fetch standard §4.4 HTTP-redirect fetch: credentials do not follow a cross-origin redirect.
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !/^(authorization|cookie|proxy-authorization)$/i.test(name)));
    }
    current = next;
  }
}

/**
 * A `fetch`-compatible function over {@link safeFetch} for libraries that take one (e.g. the MCP SDK's
 * Streamable HTTP transport), so their requests follow the SSRF policy too. Bodies must be strings, bytes
 * or URLSearchParams (what JSON-RPC clients send).
 */
export function createSafeFetch(policy: SsrfPolicy = {}): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  return async (input, init = {}) => {
    const url = input instanceof Request ? input.url : input;
    const body = init.body;
    if (
      body !== undefined &&
      body !== null &&
      typeof body !== "string" &&
      !(body instanceof Uint8Array) &&
      !(body instanceof URLSearchParams)
    ) {
      throw serviceError("invalid_config", "safeFetch supports string, byte and URLSearchParams bodies only");
    }
    return safeFetch(
      url,
      {
        method: init.method,
        headers: new Headers(init.headers),
        body: body ?? null,
        signal: init.signal ?? undefined,
        redirect: init.redirect === "manual" || init.redirect === "error" ? init.redirect : "follow",
      },
      policy,
    );
  };
}
