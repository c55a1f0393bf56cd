import { statSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CHECKPOINT_INTERVAL_MS, DIRECT_AUTOCHECKPOINT_FRAMES } from "./sqlite-checkpointer";
import { sqliteFilePath } from "./database-url";
import { DirectSqlite } from "./sqlite-direct";
import { createTestDatabase, type TestDatabase } from "./test-databases";

describe("DirectSqlite group commit", () => {
  let t: TestDatabase;
  let direct: DirectSqlite;

  beforeEach(async () => {
    t = await createTestDatabase("sqlite");
    direct = DirectSqlite.open(sqliteFilePath(t.url));
  });
  afterEach(async () => {
    direct.close();
    await t.cleanup();
  });

  const insertSetting = (key: string) => () => {
    direct.run('INSERT INTO "Setting" ("key", "value", "updatedAt") VALUES (?, ?, ?)', [key, '"v"', new Date("2025-01-01T00:00:00Z")]);
    return key;
  };

  it("commits the writes of one turn together; a failing write rolls back alone and rejects alone", async () => {
    const results = await Promise.allSettled([
      direct.write(insertSetting("a")),
      direct.write(() => {
        insertSetting("b")();
        throw new Error("write b failed after its insert");
      }),
      direct.write(insertSetting("c")),
      direct.write(insertSetting("a")), // duplicate primary key
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected"]);
    expect((results[0] as PromiseFulfilledResult<string>).value).toBe("a");
    expect(((results[1] as PromiseRejectedResult).reason as Error).message).toBe("write b failed after its insert");
    expect(((results[3] as PromiseRejectedResult).reason as { code: string }).code).toBe("SQLITE_CONSTRAINT_PRIMARYKEY");
    expect(direct.stats).toEqual({ commits: 1, writes: 4 });
    const keys = await t.db.setting.findMany({ select: { key: true }, orderBy: { key: "asc" } });
    expect(keys.map((row) => row.key)).toEqual(["a", "c"]);
  });

  it("commits writes requested while a group is committing in the next group, in order", async () => {
    const first = direct.write(insertSetting("one"));
    await first;
    const second = direct.write(insertSetting("two"));
    const third = direct.write(insertSetting("three"));
    expect(await Promise.all([second, third])).toEqual(["two", "three"]);
    expect(direct.stats).toEqual({ commits: 2, writes: 3 });
    const rowids = direct.prepare('SELECT "key" FROM "Setting" ORDER BY rowid').all() as Array<{ key: string }>;
    expect(rowids.map((row) => row.key)).toEqual(["one", "two", "three"]);
  });

  it("a closed connection rejects queued writes instead of hanging", async () => {
    const pending = direct.write(insertSetting("late"));
    direct.close();
    await expect(pending).rejects.toThrow(/not open/);
  });

  it("leaves WAL checkpoints to the worker thread: the database file grows without a checkpoint on this connection", async () => {
    expect(direct.connection.pragma("wal_autocheckpoint", { simple: true })).toBe(DIRECT_AUTOCHECKPOINT_FRAMES);
    const file = sqliteFilePath(t.url);
    const before = statSync(file).size;
    const value = JSON.stringify("x".repeat(4000));
    await direct.write(() => {
      for (let i = 0; i < 500; i++)
        direct.run('INSERT INTO "Setting" ("key", "value", "updatedAt") VALUES (?, ?, ?)', [`k${i}`, value, new Date()]);
    });
    // ~2 MB committed to the WAL; only a checkpoint moves it into the database file
    expect(statSync(file).size - before).toBeLessThan(100_000);
    await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_INTERVAL_MS * 4));
    expect(statSync(file).size - before).toBeGreaterThan(2_000_000);
  });

  it("keeps the WAL bounded under commits without pause: a checkpoint on commit once it passes DIRECT_AUTOCHECKPOINT_FRAMES", async () => {
    const wal = `${sqliteFilePath(t.url)}-wal`;
    const value = JSON.stringify("x".repeat(3000));
    let largest = 0;
    let written = 0;
    // ~48,000 pages (about 200 MB) in commits of 80 rows, one per turn of the event loop, no pause between
    for (let commit = 0; commit < 600; commit++) {
      await direct.write(() => {
        for (let i = 0; i < 80; i++)
          direct.run('INSERT OR REPLACE INTO "Setting" ("key", "value", "updatedAt") VALUES (?, ?, ?)', [`w${i}`, value, new Date()]);
      });
      written += 80;
      largest = Math.max(largest, statSync(wal).size);
    }
    expect(written).toBe(48_000);
    // with automatic checkpoints off the WAL held every frame written since the start (~200 MB)
    expect(largest).toBeLessThan(DIRECT_AUTOCHECKPOINT_FRAMES * 4096 * 1.5);
  });
});
