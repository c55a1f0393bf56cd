/**
 * Capability sources at the database level, on SQLite and (with TEST_POSTGRES_URL) PostgreSQL: secrets
 * encrypted at rest and never in a view; connector calls audited without secrets; MCP server secrets; knowledge
 * upload → chunks → retrieval (also from a second client) → delete; skills visibility; settings.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectorLookupsFor, prismaConnectorLookups } from "@/lib/capabilities/connector-lookups";
import { callConnectorAction, createRunConnectorCaller, isAppDatabase } from "@/lib/capabilities/connectors";
import { contentHash, indexDocument, retrieve } from "@/lib/capabilities/knowledge";
import { isEncryptedSecret } from "@/lib/crypto/secrets";
import { createDb } from "../client";
import { sqliteFilePath } from "../database-url";
import { openSqliteConnection } from "../sqlite-connection";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../test-databases";
import { getConnectorDefinition, getMcpServerDefinition } from "./capability-definitions";
import { createConnector, createConnectorAction, getConnector, type ConnectorInput, listConnectors, updateConnector } from "./connectors";
import { createDocument, createKnowledgeBase, deleteDocument, listDocuments } from "./knowledge";
import { createMcpServer, listMcpServers, updateMcpServer } from "./mcp-servers";
import { getAllowStdio, getNetworkSettings, getSsrfPolicy, saveNetworkSettings, setAllowStdio } from "./settings";
import { createSkill, getSkill, listSkills } from "./skills";

const TOKEN = "tok_live_9f8e7d6c5b4a3210";
const HEADER_SECRET = "Bearer mcp-header-secret-123456";
const FIXTURES = ["refunds-policy.md", "shipping.html", "security-faq.txt", "onboarding.docx", "travel-expenses.pdf"];
const MIME: Record<string, string> = {
  md: "text/markdown",
  html: "text/html",
  txt: "text/plain",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
};

let server: http.Server;
let baseUrl = "";
const savedKey = process.env.SWITCHYARD_ENCRYPTION_KEY;

beforeAll(async () => {
  process.env.SWITCHYARD_ENCRYPTION_KEY ??= "ab".repeat(32);
  server = http.createServer((request, response) => {
    response.writeHead(request.url?.startsWith("/missing") ? 404 : 200, { "content-type": "application/json" });
    response.end(JSON.stringify({ path: request.url, authorization: request.headers.authorization ?? null }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  if (savedKey === undefined) delete process.env.SWITCHYARD_ENCRYPTION_KEY;
});

describe.each(testDatabaseKinds())("capability sources on %s", (kind) => {
  let test: TestDatabase;
  let admin: { id: string; role: string; email: string };
  let member: { id: string; role: string; email: string };

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    const a = await test.db.user.create({ data: { email: "admin@example.com", name: "Admin", passwordHash: "x", role: "admin" } });
    const m = await test.db.user.create({ data: { email: "member@example.com", name: "Member", passwordHash: "x", role: "member" } });
    admin = { id: a.id, role: "admin", email: a.email };
    member = { id: m.id, role: "member", email: m.email };
    // the test API listens on 127.0.0.1: saving a connector to it needs loopback allowed
    await saveNetworkSettings(test.db, { allowedHosts: [], allowLoopback: true });
  });

  afterAll(async () => {
    await test?.cleanup();
  });

  const connectorInput = (overrides: Partial<ConnectorInput> = {}): ConnectorInput => ({
    key: "orders",
    name: "Orders API",
    description: "",
    kind: "http",
    baseUrl,
    authKind: "bearer",
    authConfig: {},
    secret: TOKEN,
    clearSecret: false,
    visibility: "shared",
    ...overrides,
  });

  it("stores a connector's secret encrypted, shows it masked, keeps it when the field is blank", async () => {
    const created = await createConnector(test.db, member, connectorInput());
    const row = await test.db.connector.findUniqueOrThrow({ where: { id: created.id } });
    expect(isEncryptedSecret(row.secretEnc ?? "")).toBe(true);
    expect(row.secretEnc).not.toContain(TOKEN);
    expect(created).toMatchObject({ hasSecret: true, secretMasked: "••••3210", authKind: "bearer" });
    expect(JSON.stringify(await listConnectors(test.db, member))).not.toContain(TOKEN);

    await updateConnector(test.db, member, created.id, connectorInput({ name: "Orders", secret: "" }));
    expect((await getConnectorDefinition(test.db, "orders"))?.auth).toEqual({ kind: "bearer", secret: TOKEN });
    await expect(updateConnector(test.db, { id: "someone-else", role: "member" }, created.id, connectorInput())).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(createConnector(test.db, member, connectorInput())).rejects.toMatchObject({
      code: "invalid_input",
      fields: { key: expect.any(String) },
    });

    const detail = await getConnector(test.db, member, created.id);
    expect(JSON.stringify(detail)).not.toContain(TOKEN);
    expect(detail?.connector.name).toBe("Orders");
  });

  it("calls an action through the connector service and audits it without the token", async () => {
    const connector = (await listConnectors(test.db, admin)).find((c) => c.key === "orders")!;
    await createConnectorAction(test.db, member, connector.id, {
      key: "get_order",
      name: "Get order",
      description: "",
      method: "GET",
      path: "/orders/{{params.order_id}}",
      query: {},
      headers: {},
      body: null,
      parameters: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
      access: "read",
      timeoutMs: 5000,
      maxResponseBytes: 10_000,
    });
    await saveNetworkSettings(test.db, { allowedHosts: [], allowLoopback: true });
    const result = await callConnectorAction(test.db, {
      connectorId: "orders",
      actionId: "get_order",
      parameters: { order_id: "A-1" },
      actor: { userId: member.id, email: member.email, role: "member" },
    });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ path: "/orders/A-1", authorization: "Bearer [REDACTED]" });
    const log = await test.db.auditLog.findFirstOrThrow({ where: { action: "connector.call" } });
    expect(log).toMatchObject({ actorId: member.id, actorEmail: member.email, targetId: "orders" });
    expect(JSON.parse(log.data)).toMatchObject({ action_id: "get_order", method: "GET", status: 200, url: `${baseUrl}/orders/A-1` });
    expect(log.data).not.toContain(TOKEN);
  });

  it("calls a private connector only as its owner or an admin", async () => {
    const created = await createConnector(test.db, member, connectorInput({ key: "private_orders", visibility: "private" }));
    await createConnectorAction(test.db, member, created.id, {
      key: "ping",
      name: "Ping",
      description: "",
      method: "GET",
      path: "/ping",
      query: {},
      headers: {},
      body: null,
      parameters: { type: "object", properties: {} },
      access: "read",
      timeoutMs: 5000,
      maxResponseBytes: 10_000,
    });
    const other = await test.db.user.create({ data: { email: "other@example.com", name: "Other", passwordHash: "x", role: "member" } });
    const call = (actor?: { userId: string; email: string; role: string }) =>
      callConnectorAction(test.db, { connectorId: "private_orders", actionId: "ping", parameters: {}, actor });
    expect((await call({ userId: member.id, email: member.email, role: "member" })).status).toBe(200);
    expect((await call({ userId: admin.id, email: admin.email, role: "admin" })).status).toBe(200);
    await expect(call({ userId: other.id, email: other.email, role: "member" })).rejects.toMatchObject({
      code: "invalid_config",
      message: 'Connector "private_orders" is private to its owner',
    });
    await expect(call()).rejects.toMatchObject({ code: "invalid_config" });
    // the run caller resolves the actor from the run's user
    const asOther = createRunConnectorCaller(test.db, other.id);
    await expect(asOther({ connectorId: "private_orders", actionId: "ping", parameters: {} })).rejects.toMatchObject({
      code: "invalid_config",
    });
    const asOwner = createRunConnectorCaller(test.db, member.id);
    expect((await asOwner({ connectorId: "private_orders", actionId: "ping", parameters: {} })).status).toBe(200);
    const refused = await test.db.auditLog.findMany({ where: { action: "connector.call", targetId: "private_orders", actorId: other.id } });
    expect(refused.map((row) => JSON.parse(row.data).error?.code)).toEqual(["invalid_config", "invalid_config"]);
  });

  it("refuses a database connector that points at Switchyard's own database", async () => {
    await createConnector(
      test.db,
      admin,
      connectorInput({ key: "own_db", kind: "database", baseUrl: "", authKind: "none", secret: test.url, visibility: "shared" }),
    );
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = test.url;
    try {
      await expect(
        callConnectorAction(test.db, {
          connectorId: "own_db",
          actionId: "query",
          parameters: { sql: 'SELECT "passwordHash" FROM "User"' },
          actor: { userId: admin.id, email: admin.email, role: "admin" },
        }),
      ).rejects.toMatchObject({
        code: "invalid_config",
        message: `Connector "own_db" points at Switchyard's own database; connect another database or a copy`,
      });
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
    expect(isAppDatabase("file:/srv/app/data/switchyard.db", "file:/srv/app/data/switchyard.db")).toBe(true);
    expect(isAppDatabase("sqlite:/srv/app/data/other.db", "file:/srv/app/data/switchyard.db")).toBe(false);
    expect(isAppDatabase("postgresql://u:p@db.internal/app", "postgresql://x@db.internal:5432/app")).toBe(true);
    expect(isAppDatabase("postgresql://u:p@db.internal/reports", "postgresql://x@db.internal:5432/app")).toBe(false);
  });

  it("reads the same connector, settings and actor through Prisma and directly on the file", async () => {
    const prisma = prismaConnectorLookups(test.db);
    const lookups = connectorLookupsFor(test.db);
    expect(await lookups.connector("orders")).toEqual(await prisma.connector("orders"));
    expect(await lookups.connector("nope")).toBeNull();
    expect(await lookups.ssrf()).toEqual(await prisma.ssrf());
    expect(await lookups.actor(member.id)).toEqual({ userId: member.id, email: member.email, role: "member" });
    expect(await lookups.actor("gone")).toEqual({ userId: "gone" });
    expect((await lookups.connector("orders"))?.definition).toEqual(await getConnectorDefinition(test.db, "orders"));
  });

  it("sees a connector edited after it was read: by this process's Prisma client, and by another connection", async () => {
    const lookups = connectorLookupsFor(test.db);
    const name = async () => ((await lookups.connector("orders"))?.definition as { name?: string } | undefined)?.name;
    const before = (await test.db.connector.findUniqueOrThrow({ where: { key: "orders" } })).name;
    expect(await name()).toBe(before);
    await test.db.connector.update({ where: { key: "orders" }, data: { name: "Orders v2" } });
    expect(await name()).toBe("Orders v2");
    if (kind === "sqlite") {
      // another process writes through its own connection: seen from the next turn of the event loop
      const other = openSqliteConnection(sqliteFilePath(test.url));
      other.prepare('UPDATE "Connector" SET "name" = ? WHERE "key" = ?').run("Orders v3", "orders");
      other.close();
      await new Promise((resolve) => setImmediate(resolve));
      expect(await name()).toBe("Orders v3");
    }
    await test.db.connector.update({ where: { key: "orders" }, data: { name: before } });
    expect(await name()).toBe(before);
  });

  it("refuses a loopback connector when the workspace does not allow loopback", async () => {
    await saveNetworkSettings(test.db, { allowedHosts: ["10.1.0.0/16"], allowLoopback: false });
    expect(await getNetworkSettings(test.db)).toEqual({ allowedHosts: ["10.1.0.0/16"], allowLoopback: false });
    expect(await getSsrfPolicy(test.db)).toEqual({ allowedHosts: ["10.1.0.0/16"], allowLoopback: false });
    const saved = process.env.SWITCHYARD_ALLOWED_HOSTS;
    delete process.env.SWITCHYARD_ALLOWED_HOSTS;
    try {
      await expect(
        callConnectorAction(test.db, { connectorId: "orders", actionId: "get_order", parameters: { order_id: "1" } }),
      ).rejects.toMatchObject({
        code: "connection_error",
      });
    } finally {
      if (saved !== undefined) process.env.SWITCHYARD_ALLOWED_HOSTS = saved;
    }
  });

  it("stores MCP headers encrypted, masked in views, kept when blank, decrypted for the service", async () => {
    const created = await createMcpServer(test.db, member, {
      key: "everything",
      name: "Everything",
      transport: "streamable_http",
      url: "http://127.0.0.1:9/mcp",
      command: "",
      args: [],
      headers: [{ name: "Authorization", value: HEADER_SECRET }],
      env: [],
      timeoutMs: 5000,
      scope: "personal",
      enabled: true,
    });
    const row = await test.db.mcpServer.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.headersEnc).not.toContain("mcp-header-secret");
    expect(created.headers).toEqual([{ name: "Authorization", masked: "••••3456" }]);
    await updateMcpServer(test.db, member, created.id, { ...created, headers: [{ name: "Authorization", value: "" }], env: [] });
    expect(await getMcpServerDefinition(test.db, "everything")).toMatchObject({
      transport: "streamable_http",
      headers: { Authorization: HEADER_SECRET },
    });
    expect(JSON.stringify(await listMcpServers(test.db, member))).not.toContain("mcp-header-secret");
    // personal servers are their owner's; global ones need an admin
    expect(await listMcpServers(test.db, { id: "other", role: "member" })).toEqual([]);
    await expect(
      createMcpServer(test.db, member, { ...created, key: "global-one", scope: "global", headers: [], env: [] }),
    ).rejects.toMatchObject({ code: "forbidden" });
    expect(await getAllowStdio(test.db)).toBe(false);
    await setAllowStdio(test.db, true);
    expect(await getAllowStdio(test.db)).toBe(true);
  });

  it("indexes uploaded documents into chunks, retrieves the expected document first, also after a restart", async () => {
    const kb = await createKnowledgeBase(test.db, member, {
      key: "policies",
      name: "Policies",
      description: "",
      chunkSize: 60,
      chunkOverlap: 10,
      visibility: "shared",
    });
    for (const name of FIXTURES) {
      const bytes = readFileSync(new URL(`../../knowledge/fixtures/${name}`, import.meta.url));
      const mimeType = MIME[name.split(".").pop()!];
      const document = await createDocument(test.db, kb.id, { name, mimeType, sizeBytes: bytes.length, contentHash: contentHash(bytes) });
      expect(document.status).toBe("pending");
      await indexDocument(test.db, {
        kbId: kb.id,
        documentId: document.id,
        name,
        mimeType,
        bytes,
        chunkSize: kb.chunkSize,
        chunkOverlap: kb.chunkOverlap,
      });
    }
    const documents = await listDocuments(test.db, kb.id);
    expect(documents.map((d) => [d.name, d.status])).toEqual(expect.arrayContaining(FIXTURES.map((name) => [name, "ready"])));
    const refunds = documents.find((d) => d.name === "refunds-policy.md")!;
    expect(refunds.chunkCount).toBeGreaterThan(1);
    expect(await test.db.chunk.count({ where: { documentId: refunds.id } })).toBe(refunds.chunkCount);

    const cases: [string, string][] = [
      ["how long do I have to return an item for a refund", "refunds-policy.md"],
      ["customs duties for international delivery", "shipping.html"],
      ["reset my password two-factor", "security-faq.txt"],
      ["laptop and access badge on the first day", "onboarding.docx"],
      ["daily per diem for meals", "travel-expenses.pdf"],
    ];
    for (const [query, expected] of cases) {
      const hits = await retrieve(test.db, { kbIds: ["policies"], query, topK: 3 });
      expect(hits[0]?.document, query).toBe(expected);
      expect(hits[0].score).toBeGreaterThan(0);
    }
    // the index lives in the database: a new client (a restarted server, the CLI) searches it as is
    const other = createDb(test.url);
    try {
      const afterRestart = await retrieve(other, { kbIds: [kb.id], query: "daily per diem for meals", topK: 1 });
      expect(afterRestart.map((hit) => hit.document)).toEqual(["travel-expenses.pdf"]);
    } finally {
      await other.$disconnect();
    }
    await expect(retrieve(test.db, { kbIds: ["nope"], query: "x", topK: 1 })).rejects.toMatchObject({ code: "invalid_config" });

    await deleteDocument(test.db, kb.id, refunds.id);
    expect(await test.db.chunk.count({ where: { documentId: refunds.id } })).toBe(0);
    const hits = await retrieve(test.db, { kbIds: ["policies"], query: "return an item within 30 days refund", topK: 10 });
    expect(hits.map((hit) => hit.document)).not.toContain("refunds-policy.md");
  });

  it("marks an unreadable upload failed with the reason", async () => {
    const kb = await createKnowledgeBase(test.db, member, {
      key: "broken",
      name: "Broken",
      description: "",
      chunkSize: 200,
      chunkOverlap: 20,
      visibility: "shared",
    });
    const bytes = Buffer.from("not a pdf");
    const document = await createDocument(test.db, kb.id, {
      name: "broken.pdf",
      mimeType: "application/pdf",
      sizeBytes: bytes.length,
      contentHash: contentHash(bytes),
    });
    await indexDocument(test.db, {
      kbId: kb.id,
      documentId: document.id,
      name: "broken.pdf",
      mimeType: "application/pdf",
      bytes,
      chunkSize: 200,
      chunkOverlap: 20,
    });
    const [stored] = await listDocuments(test.db, kb.id);
    expect(stored.status).toBe("failed");
    expect(stored.error).toMatch(/^Cannot read broken\.pdf as pdf/);
  });

  it("shows personal skills to their author only and organisation skills to everyone", async () => {
    await createSkill(test.db, member, {
      name: "Refund SOP",
      description: "How to refund",
      body: "# Steps\n1. Check",
      visibility: "organisation",
    });
    await createSkill(test.db, member, { name: "My notes", description: "", body: "private", visibility: "personal" });
    expect((await listSkills(test.db, member)).map((s) => s.name)).toEqual(["My notes", "Refund SOP"]);
    expect((await listSkills(test.db, { id: "other", role: "member" })).map((s) => s.name)).toEqual(["Refund SOP"]);
    expect((await getSkill(test.db, { id: "other", role: "member" }, "Refund SOP"))?.body).toBe("# Steps\n1. Check");
    expect(await getSkill(test.db, { id: "other", role: "member" }, "My notes")).toBeNull();
    await expect(
      createSkill(test.db, admin, { name: "Refund SOP", description: "", body: "", visibility: "personal" }),
    ).rejects.toMatchObject({ code: "invalid_input" });
  });
});
