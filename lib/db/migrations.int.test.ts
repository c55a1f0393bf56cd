import { afterAll, describe, expect, it } from "vitest";
import { applyMigrations } from "./schema-engine";
import { createTestDatabase, testDatabaseKinds, type TestDatabase, testRunGraph } from "./test-databases";

describe.each(testDatabaseKinds())("migrations on %s", (kind) => {
  let t: TestDatabase;
  afterAll(() => t?.cleanup());

  it("applies every migration once, records them in _prisma_migrations, and is idempotent", async () => {
    t = await createTestDatabase(kind);
    const rows = await t.db.$queryRawUnsafe<{ migration_name: string; finished_at: unknown }[]>(
      `SELECT migration_name, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.every((r) => r.finished_at !== null)).toBe(true);
    // migrations run while the app is stopped (setup), so the client lets go of the file first
    await t.db.$disconnect();
    expect(await applyMigrations(t.url)).toEqual([]);
  });

  it("round-trips a user, a workflow and a run through the generated client", async () => {
    const user = await t.db.user.create({ data: { email: `a-${kind}@example.com`, name: "A", passwordHash: "x" } });
    const wf = await t.db.workflow.create({ data: { ownerId: user.id, name: "W", draftGraph: '{"nodes":[],"edges":[]}' } });
    const run = await t.db.run.create({
      data: { workflowId: wf.id, graphId: await testRunGraph(t.db, wf.id), status: "queued", triggerKind: "cli", inputs: '{"n":1.5}' },
    });
    const loaded = await t.db.run.findUniqueOrThrow({ where: { id: run.id }, include: { workflow: true } });
    expect(loaded.workflow.name).toBe("W");
    expect(JSON.parse(loaded.inputs)).toEqual({ n: 1.5 });
    expect(user.role).toBe("member");
  });
});
