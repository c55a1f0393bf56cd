import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../test-databases";
import { ensureDocumentWorkflow, exportWorkflowDocument, importWorkflowDocument } from "./workflow-documents";
import { getConnectorDefinition, getMcpServerDefinition } from "./capability-definitions";

process.env.SWITCHYARD_ENCRYPTION_KEY ??= randomBytes(32).toString("hex");

const document = {
  format: "switchyard.workflow",
  version: 1,
  name: "Order lookup",
  description: "Looks an order up",
  graph: {
    nodes: [
      {
        id: "start",
        type: "START",
        position: { x: 0, y: 0 },
        data: { title: "Start", variables: [{ name: "order_id", type: "string", required: true }] },
      },
      {
        id: "get",
        type: "CONNECTOR",
        position: { x: 200, y: 0 },
        data: { connector_id: "orders", action_id: "get_order", parameters: { order_id: "{{input.order_id}}" } },
      },
      {
        id: "kb",
        type: "KNOWLEDGE_RETRIEVAL",
        position: { x: 400, y: 0 },
        data: { kb_ids: ["policies"], query_template: "refund {{get.body}}" },
      },
      {
        id: "tool",
        type: "MCP",
        position: { x: 500, y: 0 },
        data: { server_id: "everything", tool_name: "echo", parameters: { message: "{{kb.output}}" } },
      },
      { id: "end", type: "END", position: { x: 600, y: 0 }, data: { output_mapping: { status: "{{get.status}}" } } },
    ],
    edges: [
      { id: "e1", source: "start", sourceHandle: null, target: "get", targetHandle: null },
      { id: "e2", source: "get", sourceHandle: null, target: "kb", targetHandle: null },
      { id: "e3", source: "kb", sourceHandle: null, target: "tool", targetHandle: null },
      { id: "e4", source: "tool", sourceHandle: null, target: "end", targetHandle: null },
    ],
    viewport: { x: 0, y: 0, zoom: 1 },
  },
  resources: {
    connectors: [
      {
        id: "orders",
        name: "Orders API",
        base_url: "http://127.0.0.1:4010",
        auth: { kind: "bearer", secret: "{{env.ORDERS_TOKEN}}" },
        actions: [
          {
            id: "get_order",
            name: "Get order",
            method: "GET",
            path: "/orders/{{params.order_id}}",
            parameters: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
          },
        ],
      },
    ],
    mcp_servers: [
      {
        id: "everything",
        name: "Everything",
        transport: "stdio",
        command: "npx",
        args: ["mcp-server-everything", "stdio"],
        env: { TOKEN: "{{env.MCP_TOKEN}}" },
      },
    ],
    knowledge_bases: [
      {
        id: "policies",
        name: "Policies",
        documents: [{ name: "refunds.md", content: "Refunds are granted within 30 days.\n\nAfter 30 days a manager decides." }],
      },
    ],
  },
};

const env = { ORDERS_TOKEN: "tok-123", MCP_TOKEN: "mcp-456" };

describe.each(testDatabaseKinds())("workflow documents on %s", (kind) => {
  let t: TestDatabase;
  let ownerId: string;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    ownerId = (await t.db.user.create({ data: { email: "o@example.com", name: "O", passwordHash: "x", role: "admin" } })).id;
  });
  afterAll(() => t?.cleanup());

  it("imports a document with its resources, secrets from the environment stored encrypted", async () => {
    const imported = await importWorkflowDocument(t.db, document, { ownerId, publish: true, env });
    expect(imported.version).toBe(1);
    expect(imported.resources).toEqual({
      connectors: { orders: "created" },
      mcp_servers: { everything: "created" },
      knowledge_bases: { policies: "created" },
    });
    const row = await t.db.connector.findUniqueOrThrow({ where: { key: "orders" } });
    expect(row.secretEnc?.startsWith("v1:")).toBe(true);
    expect(row.secretEnc).not.toContain("tok-123");
    expect((await getConnectorDefinition(t.db, "orders"))?.auth).toEqual({ kind: "bearer", secret: "tok-123" });
    expect(await getMcpServerDefinition(t.db, "everything")).toEqual({
      id: "everything",
      name: "Everything",
      transport: "stdio",
      command: "npx",
      args: ["mcp-server-everything", "stdio"],
      env: { TOKEN: "mcp-456" },
      timeout_ms: 30000,
    });
    const workflow = await t.db.workflow.findUniqueOrThrow({ where: { id: imported.workflowId } });
    expect(workflow.status).toBe("active");
    expect(await t.db.chunk.count({ where: { knowledgeBase: { key: "policies" } } })).toBe(1);
  });

  it("exports with blank secrets, and the export imports again reusing every resource", async () => {
    const first = await t.db.workflow.findFirstOrThrow({ where: { name: "Order lookup" } });
    const exported = await exportWorkflowDocument(t.db, first.id);
    expect(exported.resources.connectors[0].auth).toEqual({ kind: "bearer", secret: "" });
    expect(exported.resources.mcp_servers[0]).toMatchObject({ id: "everything", env: { TOKEN: "" } });
    expect(exported.resources.knowledge_bases[0].documents).toEqual([
      { name: "refunds.md", content: "Refunds are granted within 30 days.\n\nAfter 30 days a manager decides." },
    ]);
    const again = await importWorkflowDocument(t.db, exported, { ownerId, env: {} });
    expect(again.resources).toEqual({
      connectors: { orders: "reused" },
      mcp_servers: { everything: "reused" },
      knowledge_bases: { policies: "reused" },
    });
    expect(again.version).toBeNull();
    expect((await getConnectorDefinition(t.db, "orders"))?.auth).toEqual({ kind: "bearer", secret: "tok-123" });
  });

  it("refuses a resource id that exists with other content and imports nothing", async () => {
    const changed = structuredClone(document);
    changed.name = "Changed";
    changed.resources.connectors[0].base_url = "http://127.0.0.1:9999";
    await expect(importWorkflowDocument(t.db, changed, { ownerId, env })).rejects.toMatchObject({
      code: "conflict",
      details: { kind: "Connector", id: "orders", fields: ["base_url"] },
    });
    expect(await t.db.workflow.count({ where: { name: "Changed" } })).toBe(0);
    const secret = structuredClone(document);
    await expect(importWorkflowDocument(t.db, secret, { ownerId, env: { ...env, ORDERS_TOKEN: "other" } })).rejects.toMatchObject({
      code: "conflict",
      details: { fields: ["auth.secret"] },
    });
  });

  it("reuses the workflow of a document run again, and refuses a missing env secret for a new resource", async () => {
    const doc = structuredClone(document);
    doc.name = "Run me";
    const a = await ensureDocumentWorkflow(t.db, doc, { ownerId, env });
    const b = await ensureDocumentWorkflow(t.db, structuredClone(doc), { ownerId, env });
    expect(a.reused).toBe(false);
    expect(b.reused).toBe(true);
    expect(b.workflowId).toBe(a.workflowId);
    const fresh = structuredClone(document);
    fresh.resources.connectors[0].id = "orders2";
    await expect(importWorkflowDocument(t.db, fresh, { ownerId, env: {} })).rejects.toMatchObject({
      code: "invalid_document",
      message: expect.stringContaining("{{env.ORDERS_TOKEN}}"),
    });
  });

  it("rejects what is not a workflow document", async () => {
    await expect(importWorkflowDocument(t.db, { format: "other" }, { ownerId })).rejects.toMatchObject({ code: "invalid_document" });
  });
});
