import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skillSchema } from "../app/(app)/settings/skills/schema";
import { createTestDatabase, type TestDatabase } from "../lib/db/test-databases";
import { seedDemoContent } from "./seed-demo-content";

describe("demo content", () => {
  let t: TestDatabase;
  let ownerId: string;
  beforeAll(async () => {
    t = await createTestDatabase("sqlite");
    ownerId = (await t.db.user.create({ data: { email: "demo@example.com", name: "Demo", passwordHash: "x", role: "admin" } })).id;
  });
  afterAll(() => t?.cleanup());

  it("seeds five published workflows covering all nine node types, their resources, a skill and an agent — once", async () => {
    await seedDemoContent(t.db, ownerId, "3999");
    await seedDemoContent(t.db, ownerId, "3999");
    const workflows = await t.db.workflow.findMany({ where: { ownerId }, include: { activeVersion: true }, orderBy: { name: "asc" } });
    expect(workflows.map((w) => [w.name, w.status, w.activeVersion?.version])).toEqual([
      ["MCP tool call", "active", 1],
      ["Order follow-up", "active", 1],
      ["Policy answer (retrieval + LLM)", "active", 1],
      ["Refund approval", "active", 1],
      ["Support triage (agent)", "active", 1],
    ]);
    const types = new Set(workflows.flatMap((w) => (JSON.parse(w.draftGraph).nodes as { type: string }[]).map((n) => n.type)));
    expect([...types].sort()).toEqual([
      "AGENT",
      "CONDITION_BRANCH",
      "CONNECTOR",
      "END",
      "HUMAN_INTERVENTION",
      "KNOWLEDGE_RETRIEVAL",
      "LLM",
      "MCP",
      "START",
    ]);
    expect((await t.db.connector.findUniqueOrThrow({ where: { key: "demo_orders" } })).baseUrl).toBe("http://127.0.0.1:3999/api/demo");
    expect(await t.db.document.count()).toBe(3);
    expect(await t.db.skill.count()).toBe(1);
    // the demo skill passes the form's rules (its name is what agents call read_skill with)
    for (const skill of await t.db.skill.findMany()) {
      expect(skillSchema.safeParse(skill).error?.issues ?? []).toEqual([]);
    }
    expect(await t.db.agent.count()).toBe(1);
    expect(await t.db.setting.findMany({ orderBy: { key: "asc" }, select: { key: true, value: true } })).toEqual([
      { key: "mcp.allow_stdio", value: "true" },
      { key: "net.allow_loopback", value: "true" },
    ]);
  });

  it("re-points the demo connector when set up again on another port, but not an address someone changed", async () => {
    await seedDemoContent(t.db, ownerId, "4001");
    expect((await t.db.connector.findUniqueOrThrow({ where: { key: "demo_orders" } })).baseUrl).toBe("http://127.0.0.1:4001/api/demo");
    await t.db.connector.update({ where: { key: "demo_orders" }, data: { baseUrl: "https://orders.example.com/api" } });
    await seedDemoContent(t.db, ownerId, "4002");
    expect((await t.db.connector.findUniqueOrThrow({ where: { key: "demo_orders" } })).baseUrl).toBe("https://orders.example.com/api");
  });
});
