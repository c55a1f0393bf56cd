/**
 * Turns an action and its parameters into an HTTP request (spec §1: `path`, `query`, `headers` and `body`
 * are templates over `{{params.NAME}}`), with the connector's auth injected.
 *
 * - Path references are URL-encoded (`/orders/{{params.id}}` with `a/b` → `/orders/a%2Fb`).
 * - A query or header entry that is exactly one reference to a parameter that was not given is left out
 *   (optional parameters); any other missing reference is `unresolved_reference`.
 * - An object body is rendered with `renderValue` (single references keep their type; keys whose value is
 *   a single reference to an absent parameter are dropped) and sent as JSON.
 * - A string body is rendered for its content type: JSON (`application/json`, `+json`) with
 *   `renderJsonString`, `application/x-www-form-urlencoded` with form-encoded values, else as text.
 */
import {
  formatTemplateValue,
  parseSingleReference,
  parseTemplate,
  renderJsonString,
  renderText,
  renderValue,
  resolvePath,
  type TemplateScope,
} from "@/lib/workflow/template";
import { serviceError } from "@/lib/net/service-error";
import type { ConnectorActionDefinition, ConnectorAuth, ConnectorDefinition } from "./types";

export interface BuiltRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

function isAbsent(template: unknown, scope: TemplateScope): boolean {
  if (typeof template !== "string") return false;
  const reference = parseSingleReference(template);
  return reference !== null && resolvePath(scope, reference, { lenient: true }) === undefined;
}

function renderEncoded(template: string, scope: TemplateScope, encode: (text: string) => string): string {
  let out = "";
  for (const segment of parseTemplate(template)) {
    out += segment.kind === "text" ? segment.text : encode(formatTemplateValue(resolvePath(scope, segment.reference)));
  }
  return out;
}

function dropAbsent(template: unknown, scope: TemplateScope): unknown {
  if (Array.isArray(template)) return template.map((item) => dropAbsent(item, scope));
  if (template !== null && typeof template === "object") {
    return Object.fromEntries(
      Object.entries(template)
        .filter(([, value]) => !isAbsent(value, scope))
        .map(([key, value]) => [key, dropAbsent(value, scope)]),
    );
  }
  return template;
}

function joinUrl(baseUrl: string, path: string): URL {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith("//")) {
    throw serviceError("invalid_config", `Action path must be relative to the connector's base URL, got ${path.slice(0, 100)}`);
  }
  const base = baseUrl.replace(/\/+$/, "");
  const tail = path === "" ? "" : path.startsWith("/") || path.startsWith("?") ? path : `/${path}`;
  try {
    return new URL(base + tail);
  } catch (error) {
    throw serviceError("invalid_config", `Invalid connector URL: ${base}${tail}`, { cause: error });
  }
}

function findHeader(headers: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : headers[key];
}

function applyAuth(auth: ConnectorAuth, url: URL, headers: Record<string, string>): void {
  switch (auth.kind) {
    case "none":
      return;
    case "bearer":
      headers.authorization = `Bearer ${auth.secret}`;
      return;
    case "api_key_header":
      headers[auth.header_name.toLowerCase()] = auth.secret;
      return;
    case "api_key_query":
      url.searchParams.set(auth.query_name, auth.secret);
      return;
    case "basic":
      headers.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.secret}`).toString("base64")}`;
      return;
  }
}

/**
 * Builds the request for `action` with `parameters`.
 * @throws WorkflowError `unresolved_reference` (a template names a parameter that was not given),
 *   `invalid_config` (absolute path, bad base URL).
 */
export function buildConnectorRequest(
  connector: ConnectorDefinition,
  action: ConnectorActionDefinition,
  parameters: Record<string, unknown>,
): BuiltRequest {
  const scope: TemplateScope = { params: parameters };
  const url = joinUrl(connector.base_url, renderEncoded(action.path, scope, encodeURIComponent));
  for (const [name, template] of Object.entries(action.query ?? {})) {
    if (isAbsent(template, scope)) continue;
    const value = renderValue(template, scope);
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, formatTemplateValue(item));
  }
  const headers: Record<string, string> = {};
  for (const [name, template] of Object.entries(action.headers ?? {})) {
    if (isAbsent(template, scope)) continue;
    headers[name.toLowerCase()] = renderText(template, scope).replace(/[\r\n]+/g, " ");
  }
  const method = action.method.toUpperCase();
  let body: string | null = null;
  if (action.body !== null && action.body !== undefined && method !== "GET" && method !== "HEAD") {
    if (typeof action.body === "string") {
      const contentType = (findHeader(headers, "content-type") ?? "text/plain; charset=utf-8").toLowerCase();
      if (/[/+]json\b/.test(contentType)) body = renderJsonString(action.body, scope);
      else if (contentType.startsWith("application/x-www-form-urlencoded")) body = renderEncoded(action.body, scope, encodeURIComponent);
      else body = renderText(action.body, scope);
      if (!findHeader(headers, "content-type")) headers["content-type"] = contentType;
    } else {
      body = JSON.stringify(renderValue(dropAbsent(action.body, scope), scope));
      if (!findHeader(headers, "content-type")) headers["content-type"] = "application/json";
    }
  }
  if (!findHeader(headers, "accept")) headers.accept = "application/json, text/plain;q=0.9, */*;q=0.8";
  applyAuth(connector.auth, url, headers);
  return { url, method, headers, body };
}
