/**
 * Fresh, migrated databases for integration tests (`*.int.test.ts`): a temporary SQLite file, or a new
 * database on the PostgreSQL server named by TEST_POSTGRES_URL (started by scripts/test-all.sh and CI).
 * Without TEST_POSTGRES_URL PostgreSQL suites are skipped locally — and fail when REQUIRE_POSTGRES=1 (CI).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { createDb, type Db } from "./client";
import type { DatabaseKind } from "./database-url";
import { applyMigrations } from "./schema-engine";
import { checkpointWorkerSettled } from "./sqlite-checkpointer";

export interface TestDatabase {
  kind: DatabaseKind;
  url: string;
  db: Db;
  /** Disconnects and deletes the database. */
  cleanup(): Promise<void>;
}

/** The kinds the current environment can test: always sqlite, postgres when TEST_POSTGRES_URL is set. */
export function testDatabaseKinds(): DatabaseKind[] {
  if (process.env.TEST_POSTGRES_URL) return ["sqlite", "postgres"];
  if (process.env.REQUIRE_POSTGRES === "1")
    throw new Error("REQUIRE_POSTGRES=1 but TEST_POSTGRES_URL is not set: start scripts/pg-server.sh");
  return ["sqlite"];
}

/**
 * The id of a RunGraph row of `workflowId` holding `graph` (JSON text), created when missing: what a Run
 * row made with Prisma in a test refers to as its graph snapshot (`graphId`).
 */
export async function testRunGraph(db: Db, workflowId: string, graph = "{}"): Promise<string> {
  const id = `test:${workflowId}:${graph}`;
  await db.runGraph.upsert({ where: { id }, create: { id, workflowId, graph }, update: {} });
  return id;
}

/** Creates and migrates a fresh database of the given kind. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const root = path.resolve(import.meta.dirname, "../..");
  if (kind === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "switchyard-test-"));
    const url = `file:${path.join(dir, "test.db")}`;
    await applyMigrations(url, root);
    const db = createDb(url);
    await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
    return {
      kind,
      url,
      db,
      async cleanup() {
        await db.$disconnect();
        // the checkpoint worker closes its connection to this file asynchronously (sqlite-checkpointer.ts)
        await checkpointWorkerSettled();
        rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
      },
    };
  }
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) throw new Error("TEST_POSTGRES_URL is not set");
  const name = `switchyard_test_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
  await applyMigrations(url, root);
  const db = createDb(url);
  return {
    kind,
    url,
    db,
    async cleanup() {
      await db.$disconnect();
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
