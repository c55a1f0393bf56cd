/**
 * `web_fetch`: GETs a URL through lib/net `safeFetch` under the SSRF policy (private, loopback and
 * metadata addresses are refused unless allow-listed; every redirect hop re-checked). HTML becomes text
 * (html-to-text), JSON is parsed, other text is returned as is, binary bodies are stored as files.
 */
import { convert } from "html-to-text";
import { z } from "zod";
import { decodeBody, isJsonContentType, readCapped } from "@/lib/connectors/read-body";
import { safeFetch } from "@/lib/net/safe-fetch";
import type { SsrfPolicy } from "@/lib/net/ssrf";
import { defineTool } from "../define-tool";
import { ToolError } from "../tool-error";
import type { Tool } from "../types";

export interface WebFetchOptions {
  /** Outbound policy (workspace settings `net.allow_loopback`, `net.allowed_hosts`; env SWITCHYARD_ALLOWED_HOSTS). */
  ssrf?: SsrfPolicy;
  /** Bytes read at most (default 2 MiB). */
  maxBytes?: number;
  /** Per request, ms (default 15 000). */
  timeoutMs?: number;
}

function isTextual(contentType: string): boolean {
  return (
    contentType === "" ||
    /^text\//i.test(contentType) ||
    isJsonContentType(contentType) ||
    /(xml|javascript|x-www-form-urlencoded)/i.test(contentType)
  );
}

/** Creates the tool with the workspace's SSRF policy. */
export function createWebFetchTool(options: WebFetchOptions = {}): Tool {
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 15_000;
  return defineTool({
    name: "web_fetch",
    description:
      "Fetch a web page or API response by URL (GET, http/https). HTML is returned as readable text, JSON parsed. Private network addresses are refused.",
    category: "web",
    input: z.object({
      url: z.string().url().describe("An http:// or https:// URL"),
      max_chars: z.number().int().min(100).max(200_000).default(20_000).describe("Cut the returned text after this many characters"),
    }),
    async run({ url, max_chars }, context) {
      if (!/^https?:\/\//i.test(url)) throw new ToolError("invalid_arguments", "Only http:// and https:// URLs can be fetched");
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = context.signal ? AbortSignal.any([context.signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await safeFetch(
          url,
          { method: "GET", headers: { accept: "text/html, application/json;q=0.9, */*;q=0.5" }, signal },
          options.ssrf ?? {},
        );
      } catch (error) {
        if (timeout.aborted) throw new ToolError("timeout", `Fetching ${url} took longer than ${timeoutMs} ms`);
        throw error;
      }
      const contentType = (response.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
      const { bytes, truncated } = await readCapped(response.body, maxBytes);
      if (!isTextual(contentType)) {
        if (response.status >= 400) throw new ToolError("http_status", `HTTP ${response.status} from ${url}`);
        const name = decodeURIComponent(new URL(response.url || url).pathname.split("/").pop() || "download");
        return {
          type: "files",
          files: [{ name, mimeType: contentType || "application/octet-stream", data: new Uint8Array(bytes) }],
          text: `HTTP ${response.status}, ${bytes.byteLength} bytes`,
        };
      }
      const decoded = decodeBody(bytes, response.headers.get("content-type"), truncated, maxBytes);
      let text = typeof decoded === "string" ? decoded : JSON.stringify(decoded);
      if (contentType === "text/html" || contentType === "application/xhtml+xml") {
        text = convert(text, {
          wordwrap: false,
          selectors: [
            { selector: "a", options: { ignoreHref: true } },
            { selector: "img", format: "skip" },
          ],
        });
      }
      if (response.status >= 400)
        throw new ToolError("http_status", `HTTP ${response.status} from ${url}: ${text.slice(0, 500)}`, {
          details: { status: response.status },
        });
      const cut = text.length > max_chars;
      return {
        url: response.url || url,
        status: response.status,
        content_type: contentType,
        ...(typeof decoded !== "string" && !cut
          ? { json: decoded }
          : { text: cut ? `${text.slice(0, max_chars)}\n…[truncated: ${text.length} characters in all]` : text }),
      };
    },
  });
}
