/**
 * The demo workspace: five workflows that use every node type (fixtures/demo/*.json, published), the
 * resources they need (the built-in demo Orders API connector, the reference MCP server over stdio, a
 * Policies knowledge base), a skill and an agent. Idempotent: a workflow whose name exists is kept.
 *
 * So that the demo runs out of the box on one machine, seeding also allows loopback addresses for
 * connectors (`net.allow_loopback`, the demo API is the app itself) and MCP servers over stdio
 * (`mcp.allow_stdio`). An administrator can turn both off under Settings.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "../lib/db/client";
import { getSetting, SETTING_KEYS, setSetting } from "../lib/db/queries/settings";
import { importWorkflowDocument } from "../lib/db/queries/workflow-documents";

const root = path.resolve(import.meta.dirname, "..");

interface DemoDocument {
  name: string;
  resources?: {
    connectors?: { base_url: string }[];
  };
}

/**
 * Points the demo connector at this app's port. (The MCP server's `node node_modules/…` command stays
 * relative: the app and the CLI both run from the checkout, and an unchanged document lets
 * `npm run workflow -- run fixtures/demo/mcp-echo.json` reuse the seeded server.)
 */
function localise(document: DemoDocument, port: string): DemoDocument {
  for (const connector of document.resources?.connectors ?? []) {
    connector.base_url = connector.base_url.replace("http://127.0.0.1:3000", `http://127.0.0.1:${port}`);
  }
  return document;
}

/** The demo connector's address as seeded for some port. */
const SEEDED_DEMO_URL = /^http:\/\/127\.0\.0\.1:\d+\/api\/demo$/;

/**
 * A later setup on another port (`PORT=3300 npm run demo` after a first run on 3000) re-points the demo
 * connector at this port; an address someone changed to anything else is left alone.
 */
async function followPort(db: Db, port: string): Promise<void> {
  const connector = await db.connector.findUnique({ where: { key: "demo_orders" }, select: { id: true, baseUrl: true } });
  const wanted = `http://127.0.0.1:${port}/api/demo`;
  if (!connector || connector.baseUrl === wanted || !SEEDED_DEMO_URL.test(connector.baseUrl)) return;
  await db.connector.update({ where: { id: connector.id }, data: { baseUrl: wanted } });
  console.log(`✓ demo connector now at ${wanted} (was ${connector.baseUrl})`);
}

export async function seedDemoContent(db: Db, ownerId: string, port = process.env.PORT ?? "3000"): Promise<void> {
  if (!(await getSetting(db, SETTING_KEYS.allowLoopback, false))) await setSetting(db, SETTING_KEYS.allowLoopback, true);
  if (!(await getSetting(db, SETTING_KEYS.allowStdio, false))) await setSetting(db, SETTING_KEYS.allowStdio, true);

  const dir = path.join(root, "fixtures/demo");
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const document = localise(JSON.parse(readFileSync(path.join(dir, file), "utf8")) as DemoDocument, port);
    if (await db.workflow.findFirst({ where: { ownerId, name: document.name }, select: { id: true } })) continue;
    await importWorkflowDocument(db, document, { ownerId, publish: true });
    console.log(`✓ demo workflow "${document.name}"`);
  }

  await followPort(db, port);

  if (!(await db.skill.findUnique({ where: { name: "refund-handling" } }))) {
    await db.skill.create({
      data: {
        ownerId,
        name: "refund-handling",
        description: "How to handle a refund request step by step.",
        body: "# Refund handling\n\n1. Look up the order.\n2. Check the refund policy (30 days, 100 EUR automatic limit).\n3. Above the limit, start the Refund approval workflow.\n4. Tell the customer when to expect the money (5 business days).",
        visibility: "organisation",
      },
    });
    console.log('✓ demo skill "refund-handling"');
  }

  if (!(await db.agent.findFirst({ where: { ownerId, name: "Support assistant" } }))) {
    const [connector, kb] = await Promise.all([
      db.connector.findUnique({ where: { key: "demo_orders" }, select: { id: true } }),
      db.knowledgeBase.findUnique({ where: { key: "policies" }, select: { id: true } }),
    ]);
    await db.agent.create({
      data: {
        ownerId,
        name: "Support assistant",
        description: "Answers order and policy questions with the demo Orders API and the Policies knowledge base.",
        instructions:
          "You help customers with orders and refunds. Look orders up with your tools, follow the policies, and answer briefly.",
        knowledgeBaseIds: JSON.stringify(kb ? [kb.id] : []),
        connectorIds: JSON.stringify(connector ? [connector.id] : []),
        visibility: "shared",
        maxIterations: 10,
      },
    });
    console.log('✓ demo agent "Support assistant"');
  }
}
