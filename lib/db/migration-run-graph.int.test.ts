import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { applyMigrations } from "./schema-engine";
import { SqliteRunStore } from "./sqlite-run-store";
import { checkpointWorkerSettled } from "./sqlite-checkpointer";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MIGRATION = "20261130065027_run_graph_snapshots";

describe("migration run_graph_snapshots (SQLite)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "switchyard-migration-"));
  afterAll(async () => {
    await checkpointWorkerSettled();
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  });

  it("moves each stored run's graph snapshot into RunGraph and keeps every column of the run", async () => {
    // a database migrated up to the migration before this one, holding a run with its graph in the row
    const before = path.join(dir, "before");
    mkdirSync(path.join(before, "prisma/migrations"), { recursive: true });
    cpSync(path.join(ROOT, "prisma/schema.prisma"), path.join(before, "prisma/schema.prisma"));
    for (const entry of readdirSync(path.join(ROOT, "prisma/migrations"))) {
      if (entry >= MIGRATION && entry !== "migration_lock.toml" && !entry.endsWith(".prisma")) continue;
      cpSync(path.join(ROOT, "prisma/migrations", entry), path.join(before, "prisma/migrations", entry), { recursive: true });
    }
    const file = path.join(dir, "app.db");
    const url = `file:${file}`;
    expect(await applyMigrations(url, before)).not.toContain(MIGRATION);
    const graph = JSON.stringify({ nodes: [{ id: "start", type: "START", position: { x: 0, y: 0 }, data: {} }], edges: [] });
    const db = new Database(file);
    db.exec(
      `INSERT INTO "User" ("id", "email", "name", "passwordHash", "role", "createdAt", "updatedAt") VALUES ('u1', 'a@example.com', 'A', 'x', 'admin', '2026-01-01T00:00:00.000+00:00', '2026-01-01T00:00:00.000+00:00')`,
    );
    db.exec(
      `INSERT INTO "Workflow" ("id", "ownerId", "name", "draftGraph", "createdAt", "updatedAt") VALUES ('w1', 'u1', 'W', '{}', '2026-01-01T00:00:00.000+00:00', '2026-01-01T00:00:00.000+00:00')`,
    );
    db.prepare(
      `INSERT INTO "Run" ("id", "workflowId", "version", "graph", "status", "inputs", "outputs", "triggerKind", "triggeredById", "lastSeq", "createdAt", "updatedAt") VALUES ('r1', 'w1', 3, ?, 'succeeded', '{"n":1}', '{"ok":true}', 'cli', 'u1', 4, '2026-01-02T00:00:00.000+00:00', '2026-01-02T00:00:01.000+00:00')`,
    ).run(graph);
    db.close();

    expect(await applyMigrations(url, ROOT)).toEqual([MIGRATION]);
    const after = new Database(file);
    expect(after.prepare(`SELECT "id", "workflowId", "graph" FROM "RunGraph"`).all()).toEqual([{ id: "run:r1", workflowId: "w1", graph }]);
    expect(
      after.prepare(`SELECT "graphId", "version", "status", "inputs", "outputs", "lastSeq", "triggeredById" FROM "Run"`).all(),
    ).toEqual([
      { graphId: "run:r1", version: 3, status: "succeeded", inputs: '{"n":1}', outputs: '{"ok":true}', lastSeq: 4, triggeredById: "u1" },
    ]);
    expect(after.pragma("foreign_key_check")).toEqual([]);
    after.close();

    const store = SqliteRunStore.open(file);
    try {
      const run = await store.getRun("r1");
      expect(run?.graph).toEqual(JSON.parse(graph));
      expect(run?.createdAt).toEqual(new Date("2026-01-02T00:00:00.000Z"));
    } finally {
      store.close();
    }
  });
});
