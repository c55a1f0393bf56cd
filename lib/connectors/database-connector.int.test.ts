/**
 * The database connector against a real SQLite file and the test PostgreSQL (TEST_POSTGRES_URL): the three
 * tools, the row cap, read-only enforcement, SQL errors as status 400, timeouts and the SSRF check.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callDatabaseAction, type DatabaseConnectorDefinition } from "./database-connector";

const LOOPBACK = { allowLoopback: true, useEnvAllowList: false };

interface Target {
  name: string;
  definition: () => DatabaseConnectorDefinition;
  count: () => Promise<number>;
}

const targets: Target[] = [];
let sqliteDir = "";
let sqliteFile = "";
const pgAdmin = process.env.TEST_POSTGRES_URL;
const pgName = `switchyard_dbconn_${randomBytes(5).toString("hex")}`;
let pgUrl = "";

beforeAll(async () => {
  sqliteDir = mkdtempSync(path.join(tmpdir(), "switchyard-dbconn-"));
  sqliteFile = path.join(sqliteDir, "shop.db");
  const db = new Database(sqliteFile);
  db.exec(`CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT NOT NULL, total REAL DEFAULT 0);
           CREATE VIEW big_orders AS SELECT * FROM orders WHERE total > 100;`);
  const insert = db.prepare("INSERT INTO orders (customer, total) VALUES (?, ?)");
  for (let i = 1; i <= 250; i++) insert.run(`customer-${i}`, i * 2);
  db.close();
  if (pgAdmin) {
    const admin = new pg.Client({ connectionString: pgAdmin });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pgName}`);
    await admin.end();
    pgUrl = pgAdmin.replace(/\/[^/?]*(\?|$)/, `/${pgName}$1`);
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`CREATE TABLE orders (id serial PRIMARY KEY, customer text NOT NULL, total numeric DEFAULT 0);
                        CREATE VIEW big_orders AS SELECT * FROM orders WHERE total > 100;
                        INSERT INTO orders (customer, total) SELECT 'customer-' || i, i * 2 FROM generate_series(1, 250) i;`);
    await client.end();
  }
});

afterAll(async () => {
  rmSync(sqliteDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  if (pgAdmin) {
    const admin = new pg.Client({ connectionString: pgAdmin });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    await admin.end();
  }
});

targets.push({
  name: "sqlite",
  definition: () => ({ id: "shop", name: "Shop", url: `file:${sqliteFile}` }),
  count: async () => {
    const db = new Database(sqliteFile, { readonly: true });
    const row = db.prepare("SELECT count(*) AS n FROM orders").get() as { n: number };
    db.close();
    return row.n;
  },
});
if (pgAdmin) {
  targets.push({
    name: "postgres",
    definition: () => ({ id: "shop", name: "Shop", url: pgUrl }),
    count: async () => {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      const result = await client.query("SELECT count(*)::int AS n FROM orders");
      await client.end();
      return result.rows[0].n;
    },
  });
}

describe.each(targets)("database connector on $name", (target) => {
  it("lists tables and views", async () => {
    const result = await callDatabaseAction(target.definition(), "list_tables", {}, { ssrf: LOOPBACK });
    expect(result.status).toBe(200);
    const tables = (result.body as { tables: { name: string; type: string }[] }).tables.map((t) => `${t.name}:${t.type}`);
    expect(tables).toEqual(["big_orders:view", "orders:table"]);
  });

  it("describes a table with types, nullability and the primary key", async () => {
    const result = await callDatabaseAction(target.definition(), "describe_table", { table: "orders" }, { ssrf: LOOPBACK });
    expect(result.status).toBe(200);
    const columns = (result.body as { columns: { name: string; nullable: boolean; primary_key: boolean }[] }).columns;
    expect(columns.map((c) => [c.name, c.nullable, c.primary_key])).toEqual([
      ["id", target.name === "sqlite", true],
      ["customer", false, false],
      ["total", true, false],
    ]);
  });

  it("answers an unknown table with status 400", async () => {
    const result = await callDatabaseAction(target.definition(), "describe_table", { table: "nope" }, { ssrf: LOOPBACK });
    expect(result).toMatchObject({ status: 400, body: { code: "unknown_table" } });
  });

  it("caps rows at max_rows and at the limit parameter, marking truncation", async () => {
    const capped = await callDatabaseAction(
      target.definition(),
      "query",
      { sql: "SELECT id, customer FROM orders ORDER BY id;" },
      { ssrf: LOOPBACK },
    );
    expect(capped.status).toBe(200);
    expect(capped.truncated).toBe(true);
    const body = capped.body as { columns: string[]; rows: { id: number }[]; row_count: number; truncated: boolean };
    expect(body.columns).toEqual(["id", "customer"]);
    expect(body.row_count).toBe(100);
    expect(body.rows[99]).toEqual({ id: 100, customer: "customer-100" });

    const limited = await callDatabaseAction(
      target.definition(),
      "query",
      { sql: "SELECT id FROM orders WHERE id <= 3 ORDER BY id", limit: 5 },
      { ssrf: LOOPBACK },
    );
    expect(limited.body).toEqual({ columns: ["id"], rows: [{ id: 1 }, { id: 2 }, { id: 3 }], row_count: 3, truncated: false });
    expect(limited.truncated).toBe(false);
  });

  it("refuses writes through the connection's read-only mode, leaving the data unchanged", async () => {
    for (const sql of [
      "DELETE FROM orders",
      "UPDATE orders SET total = 0",
      "DROP TABLE orders",
      "SELECT 1; DELETE FROM orders",
      "COMMIT; DELETE FROM orders",
    ]) {
      const result = await callDatabaseAction(target.definition(), "query", { sql }, { ssrf: LOOPBACK });
      expect(result.status, sql).toBe(400);
      expect((result.body as { error: string }).error.length).toBeGreaterThan(0);
    }
    expect(await target.count()).toBe(250);
  });

  it("reports a syntax error as status 400 with the database's message", async () => {
    const result = await callDatabaseAction(target.definition(), "query", { sql: "SELEC nonsense" }, { ssrf: LOOPBACK });
    expect(result.status).toBe(400);
    expect((result.body as { error: string }).error).toMatch(/syntax/i);
  });

  it("rejects parameters that do not match the tool's schema", async () => {
    await expect(callDatabaseAction(target.definition(), "query", {}, { ssrf: LOOPBACK })).rejects.toMatchObject({
      code: "invalid_config",
    });
    await expect(callDatabaseAction(target.definition(), "drop_everything", {}, { ssrf: LOOPBACK })).rejects.toMatchObject({
      code: "invalid_config",
    });
  });
});

describe("database connector failures", () => {
  it("refuses a missing SQLite file without creating it", async () => {
    const missing = path.join(sqliteDir, "missing.db");
    await expect(callDatabaseAction({ id: "x", name: "x", url: `file:${missing}` }, "list_tables", {})).rejects.toMatchObject({
      code: "connection_error",
    });
  });

  it("refuses a private PostgreSQL host under the SSRF policy without connecting", async () => {
    const started = Date.now();
    await expect(
      callDatabaseAction(
        { id: "x", name: "x", url: "postgresql://u:p@10.0.0.1:5432/db" },
        "list_tables",
        {},
        { ssrf: { useEnvAllowList: false } },
      ),
    ).rejects.toMatchObject({
      code: "connection_error",
      message: expect.stringMatching(/10\.0\.0\.1 is a private/),
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it.skipIf(!pgAdmin)("times out a slow PostgreSQL query with code timeout", async () => {
    await expect(
      callDatabaseAction(
        { id: "shop", name: "Shop", url: pgUrl, timeout_ms: 500 },
        "query",
        { sql: "SELECT pg_sleep(5)" },
        { ssrf: LOOPBACK },
      ),
    ).rejects.toMatchObject({ code: "timeout" });
  });

  it("stops a long SQLite statement at the timeout without blocking the event loop", async () => {
    const slow = "with recursive r(i) as (select 1 union all select i + 1 from r where i < 1000000000) select count(*) from r";
    let ticks = 0;
    const ticker = setInterval(() => {
      ticks += 1;
    }, 20);
    const started = Date.now();
    try {
      await expect(
        callDatabaseAction({ id: "shop", name: "Shop", url: `file:${sqliteFile}`, timeout_ms: 600 }, "query", { sql: slow }),
      ).rejects.toMatchObject({ code: "timeout", message: "shop.query timed out after 600 ms" });
    } finally {
      clearInterval(ticker);
    }
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(600);
    expect(elapsed).toBeLessThan(3000);
    // the event loop kept turning while the statement ran (a 20 ms interval over ≥ 600 ms)
    expect(ticks).toBeGreaterThanOrEqual(10);
  });

  it("cancels a running SQLite statement when the call's signal aborts", async () => {
    const controller = new AbortController();
    const slow = "with recursive r(i) as (select 1 union all select i + 1 from r where i < 1000000000) select count(*) from r";
    setTimeout(() => controller.abort(), 200);
    await expect(
      callDatabaseAction({ id: "shop", name: "Shop", url: `file:${sqliteFile}` }, "query", { sql: slow }, { signal: controller.signal }),
    ).rejects.toMatchObject({ code: "cancelled" });
  });
});
