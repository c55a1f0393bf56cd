/**
 * The connector service over the wire against a node:http server on a random loopback port.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnectorService } from "./connector-service";
import type { ConnectorAuditEntry, ConnectorDefinition } from "./types";

const TOKEN = "tok_live_S3cr3tValue";
const API_KEY = "key_Q9x8y7z6";
const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let server: http.Server;
let baseUrl = "";

function json(response: http.ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(value));
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      seen.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body });
      const url = new URL(request.url ?? "/", "http://x");
      if (url.pathname === "/orders" && request.method === "GET") {
        json(response, 200, { query: Object.fromEntries(url.searchParams), auth_echo: request.headers.authorization ?? null });
      } else if (url.pathname === "/orders" && request.method === "POST") {
        json(response, 201, { received: JSON.parse(body), content_type: request.headers["content-type"] });
      } else if (url.pathname.startsWith("/orders/")) {
        json(response, 200, { raw_path: url.pathname });
      } else if (url.pathname === "/refunds") {
        json(response, 422, { errors: [{ field: "amount", message: "must be positive" }] });
      } else if (url.pathname === "/slow") {
        setTimeout(() => json(response, 200, { late: true }), 3000).unref();
      } else if (url.pathname === "/stall") {
        // headers and the first bytes at once, the rest never (within the test)
        response.writeHead(200, { "content-type": "application/json" });
        response.write('{"partial": ');
        setTimeout(() => response.end("true}"), 3000).unref();
      } else if (url.pathname === "/page") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end("<html><body><h1>Status</h1><p>All good</p></body></html>");
      } else if (url.pathname === "/big") {
        response.writeHead(200, { "content-type": "text/plain" });
        for (let i = 0; i < 50; i++) response.write("0123456789".repeat(10));
        response.end();
      } else if (url.pathname === "/keyed") {
        json(response, 200, { api_key: url.searchParams.get("api_key"), header_key: request.headers["x-api-key"] ?? null });
      } else if (url.pathname === "/whoami") {
        json(response, 200, { authorization: request.headers.authorization });
      } else {
        json(response, 404, { error: "not found", path: url.pathname });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function ordersConnector(): ConnectorDefinition {
  return {
    id: "orders",
    name: "Orders API",
    base_url: `${baseUrl}/`,
    auth: { kind: "bearer", secret: TOKEN },
    actions: [
      {
        id: "list_orders",
        name: "List",
        method: "GET",
        path: "/orders",
        query: { status: "{{params.status}}", limit: "{{params.limit}}", tag: "{{params.tags}}" },
        parameters: {
          type: "object",
          properties: { status: { type: "string" }, limit: { type: "integer" }, tags: { type: "array" } },
          required: ["status"],
        },
      },
      { id: "get_order", name: "Get", method: "GET", path: "/orders/{{params.order_id}}" },
      {
        id: "create_order",
        name: "Create",
        method: "POST",
        path: "/orders",
        access: "write",
        body: {
          note: "{{params.note}}",
          amount: "{{params.amount}}",
          lines: "{{params.lines}}",
          label: "Order {{params.amount}}",
          coupon: "{{params.coupon}}",
        },
      },
      {
        id: "create_raw",
        name: "Create raw",
        method: "POST",
        path: "/orders",
        access: "write",
        headers: { "Content-Type": "application/json" },
        body: '{"note": "{{params.note}}", "amount": {{params.amount}}}',
      },
      { id: "refund", name: "Refund", method: "POST", path: "/refunds", access: "write", body: { amount: "{{params.amount}}" } },
      { id: "missing", name: "Missing", method: "GET", path: "/nope" },
      { id: "slow", name: "Slow", method: "GET", path: "/slow", timeout_ms: 300 },
      { id: "stall", name: "Stall", method: "GET", path: "/stall", timeout_ms: 300 },
      { id: "page", name: "Page", method: "GET", path: "/page" },
      { id: "big", name: "Big", method: "GET", path: "/big", max_response_bytes: 1000 },
      { id: "purge", name: "Purge", method: "DELETE", path: "/orders", access: "admin" },
      { id: "whoami", name: "Who am I", method: "GET", path: "/whoami" },
    ],
  };
}

function setup(connectors: ConnectorDefinition[] = [ordersConnector()], ssrf = { allowedHosts: ["127.0.0.1"], useEnvAllowList: false }) {
  const audit: ConnectorAuditEntry[] = [];
  const service = createConnectorService({
    resolveConnector: async (id) => connectors.find((connector) => connector.id === id) ?? null,
    audit: async (entry) => {
      audit.push(entry);
    },
    ssrf,
  });
  return { service, audit };
}

const member = { userId: "u1", email: "m@example.com", role: "member" };

describe("connector service", () => {
  it("GETs with templated query, injects the bearer token and never returns or audits it", async () => {
    const { service, audit } = setup();
    const result = await service.call({
      connectorId: "orders",
      actionId: "list_orders",
      parameters: { status: "open & paid", limit: "2", tags: ["a", "b"] },
      actor: member,
    });
    expect(result.status).toBe(200);
    expect(result.truncated).toBe(false);
    expect(result.body).toEqual({ query: { status: "open & paid", limit: "2", tag: "b" }, auth_echo: "Bearer [REDACTED]" });
    expect(seen.at(-1)?.url).toBe("/orders?status=open+%26+paid&limit=2&tag=a&tag=b");
    expect(seen.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(result.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.stringify(result)).not.toContain(TOKEN);
    expect(audit).toEqual([
      {
        action: "connector.call",
        at: expect.any(String),
        actor: member,
        connector_id: "orders",
        action_id: "list_orders",
        method: "GET",
        url: `${baseUrl}/orders?status=open+%26+paid&limit=2&tag=a&tag=b`,
        status: 200,
        elapsed_ms: expect.any(Number),
        truncated: false,
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain(TOKEN);
  });

  it("leaves out an optional query parameter that was not given", async () => {
    const { service } = setup();
    await service.call({ connectorId: "orders", actionId: "list_orders", parameters: { status: "open" } });
    expect(seen.at(-1)?.url).toBe("/orders?status=open");
  });

  it("URL-encodes path parameters", async () => {
    const { service } = setup();
    const result = await service.call({ connectorId: "orders", actionId: "get_order", parameters: { order_id: "a/b c" } });
    expect(result.body).toEqual({ raw_path: "/orders/a%2Fb%20c" });
  });

  it("POSTs an object body with types kept and a value containing quotes", async () => {
    const { service } = setup();
    const note = 'He said "refund me" \\ now';
    const result = await service.call({
      connectorId: "orders",
      actionId: "create_order",
      parameters: { note, amount: 12.5, lines: [{ sku: "A1", qty: 2 }] },
      actor: member,
    });
    expect(result.status).toBe(201);
    expect(result.body).toEqual({
      received: { note, amount: 12.5, lines: [{ sku: "A1", qty: 2 }], label: "Order 12.5" },
      content_type: "application/json",
    });
  });

  it("POSTs a JSON string body with references escaped", async () => {
    const { service } = setup();
    const note = 'quote " and newline\n end';
    const result = await service.call({ connectorId: "orders", actionId: "create_raw", parameters: { note, amount: 7 }, actor: member });
    expect(result.body).toEqual({ received: { note, amount: 7 }, content_type: "application/json" });
  });

  it("resolves 404 and 422 with their bodies kept", async () => {
    const { service, audit } = setup();
    const missing = await service.call({ connectorId: "orders", actionId: "missing", parameters: {} });
    expect(missing).toMatchObject({ status: 404, body: { error: "not found", path: "/nope" }, truncated: false });
    const refused = await service.call({ connectorId: "orders", actionId: "refund", parameters: { amount: -5 }, actor: member });
    expect(refused).toMatchObject({ status: 422, body: { errors: [{ field: "amount", message: "must be positive" }] } });
    expect(audit.map((entry) => entry.status)).toEqual([404, 422]);
  });

  it("times out a slow response with `timeout`", async () => {
    const { service, audit } = setup();
    const started = Date.now();
    await expect(service.call({ connectorId: "orders", actionId: "slow", parameters: {} })).rejects.toMatchObject({
      code: "timeout",
      message: "orders.slow timed out after 300 ms",
    });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(audit[0]).toMatchObject({ status: null, error: { code: "timeout", message: "orders.slow timed out after 300 ms" } });
  });

  it("times out a body that stalls after the headers, with the status in the audit entry", async () => {
    const { service, audit } = setup();
    const started = Date.now();
    await expect(service.call({ connectorId: "orders", actionId: "stall", parameters: {} })).rejects.toMatchObject({
      code: "timeout",
      message: "orders.stall timed out after 300 ms",
    });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(audit[0]).toMatchObject({ status: 200, error: { code: "timeout", message: "orders.stall timed out after 300 ms" } });
  });

  it("maps a cancelled run to `cancelled`", async () => {
    const { service } = setup();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(
      service.call({ connectorId: "orders", actionId: "slow", parameters: {}, signal: controller.signal }),
    ).rejects.toMatchObject({ code: "cancelled" });
  });

  it("returns HTML as text", async () => {
    const { service } = setup();
    const result = await service.call({ connectorId: "orders", actionId: "page", parameters: {} });
    expect(result.body).toBe("<html><body><h1>Status</h1><p>All good</p></body></html>");
  });

  it("cuts an oversize body at max_response_bytes with a marker", async () => {
    const { service, audit } = setup();
    const result = await service.call({ connectorId: "orders", actionId: "big", parameters: {} });
    expect(result.truncated).toBe(true);
    expect(result.body).toBe(`${"0123456789".repeat(100)}\n…[truncated: response exceeded 1000 bytes]`);
    expect(audit[0].truncated).toBe(true);
  });

  it("redacts an API key sent in the query from results and the audit URL", async () => {
    const connector: ConnectorDefinition = {
      id: "keyed",
      name: "Keyed",
      base_url: baseUrl,
      auth: { kind: "api_key_query", query_name: "api_key", secret: API_KEY },
      actions: [{ id: "get", name: "Get", method: "GET", path: "/keyed", query: { q: "{{params.q}}" } }],
    };
    const { service, audit } = setup([connector]);
    const result = await service.call({ connectorId: "keyed", actionId: "get", parameters: { q: "x" } });
    expect(seen.at(-1)?.url).toBe(`/keyed?q=x&api_key=${API_KEY}`);
    expect(result.body).toEqual({ api_key: "[REDACTED]", header_key: null });
    expect(audit[0].url).toBe(`${baseUrl}/keyed?q=x&api_key=[REDACTED]`);
  });

  it("sends api_key_header and basic credentials", async () => {
    const keyed: ConnectorDefinition = {
      id: "h",
      name: "H",
      base_url: baseUrl,
      auth: { kind: "api_key_header", header_name: "X-Api-Key", secret: API_KEY },
      actions: [{ id: "get", name: "Get", method: "GET", path: "/keyed" }],
    };
    const basic: ConnectorDefinition = {
      id: "b",
      name: "B",
      base_url: baseUrl,
      auth: { kind: "basic", username: "ann", secret: "pa:ss-word" },
      actions: [{ id: "who", name: "Who", method: "GET", path: "/whoami" }],
    };
    const { service } = setup([keyed, basic]);
    expect((await service.call({ connectorId: "h", actionId: "get", parameters: {} })).body).toEqual({
      api_key: null,
      header_key: "[REDACTED]",
    });
    expect(seen.at(-1)?.headers["x-api-key"]).toBe(API_KEY);
    expect((await service.call({ connectorId: "b", actionId: "who", parameters: {} })).body).toEqual({ authorization: "Basic [REDACTED]" });
    expect(seen.at(-1)?.headers.authorization).toBe(`Basic ${Buffer.from("ann:pa:ss-word").toString("base64")}`);
  });

  it("checks access: members hold read+write, admins everything, other roles read", async () => {
    const { service, audit } = setup();
    await expect(service.call({ connectorId: "orders", actionId: "purge", parameters: {}, actor: member })).rejects.toMatchObject({
      code: "invalid_config",
      message: 'orders.purge needs admin access; role "member" holds write access',
    });
    await expect(
      service.call({
        connectorId: "orders",
        actionId: "create_order",
        parameters: { note: "n", amount: 1, lines: [] },
        actor: { role: "viewer" },
      }),
    ).rejects.toMatchObject({
      code: "invalid_config",
      message: 'orders.create_order needs write access; role "viewer" holds read access',
    });
    const purged = await service.call({ connectorId: "orders", actionId: "purge", parameters: {}, actor: { role: "admin" } });
    expect(purged.status).toBe(404);
    expect(audit.map((entry) => [entry.method, entry.status, entry.error?.code ?? null])).toEqual([
      ["DELETE", null, "invalid_config"],
      ["POST", null, "invalid_config"],
      ["DELETE", 404, null],
    ]);
  });

  it("refuses a loopback connector under the default policy before any request", async () => {
    const { service, audit } = setup([ordersConnector()], { allowedHosts: [], useEnvAllowList: false });
    const before = seen.length;
    await expect(service.call({ connectorId: "orders", actionId: "list_orders", parameters: { status: "open" } })).rejects.toMatchObject({
      code: "connection_error",
      message: `Refused outbound request to ${baseUrl}/orders: 127.0.0.1 is a loopback address (SSRF policy). Add the host to SWITCHYARD_ALLOWED_HOSTS or the workspace allow-list to permit it.`,
    });
    expect(seen.length).toBe(before);
    expect(audit[0].error?.code).toBe("connection_error");
  });

  it("reports unknown connectors/actions, bad parameters and absent parameters", async () => {
    const { service } = setup();
    await expect(service.call({ connectorId: "nope", actionId: "x", parameters: {} })).rejects.toMatchObject({
      code: "invalid_config",
      message: 'Unknown connector "nope"',
    });
    await expect(service.call({ connectorId: "orders", actionId: "x", parameters: {} })).rejects.toMatchObject({
      code: "invalid_config",
      message: 'Connector "orders" has no action "x"',
    });
    await expect(service.call({ connectorId: "orders", actionId: "list_orders", parameters: { limit: "many" } })).rejects.toMatchObject({
      code: "invalid_config",
      message: "Parameters for orders.list_orders do not match its schema: / must have required property 'status'; /limit must be integer",
    });
    await expect(service.call({ connectorId: "orders", actionId: "get_order", parameters: {} })).rejects.toMatchObject({
      code: "unresolved_reference",
    });
  });

  it("maps a refused connection to connection_error without the token", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { service } = setup([{ ...ordersConnector(), base_url: `http://127.0.0.1:${port}` }]);
    await expect(service.call({ connectorId: "orders", actionId: "whoami", parameters: {} })).rejects.toMatchObject({
      code: "connection_error",
      message: `Request to http://127.0.0.1:${port}/whoami failed: connect ECONNREFUSED 127.0.0.1:${port}`,
    });
  });
});
