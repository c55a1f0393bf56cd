import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../test-databases";
import { createApiKey, findApiKeyOwner, hashApiKey, LAST_USED_WRITE_INTERVAL_MS, listApiKeys, revokeApiKey } from "./api-keys";

describe.each(testDatabaseKinds())("API keys (%s)", (kind) => {
  let database: TestDatabase;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    alice = (await database.db.user.create({ data: { email: "alice@example.com", name: "Alice", passwordHash: "!" } })).id;
    bob = (await database.db.user.create({ data: { email: "bob@example.com", name: "Bob", passwordHash: "!" } })).id;
  });
  afterAll(() => database?.cleanup());

  it("stores only the hash and the prefix, authenticates, records the last use, and stops at revocation", async () => {
    const { key, view } = await createApiKey(database.db, alice, "ci");
    expect(key).toMatch(/^sy_[A-Za-z0-9_-]{32}$/);
    expect(view).toMatchObject({ name: "ci", prefix: key.slice(0, 10), lastUsedAt: null, revokedAt: null });
    const row = await database.db.apiKey.findUniqueOrThrow({ where: { id: view.id } });
    expect(row.hash).toBe(hashApiKey(key));
    expect(JSON.stringify(row)).not.toContain(key);

    const t0 = new Date("2030-01-01T00:00:00Z");
    expect(await findApiKeyOwner(database.db, key, t0)).toEqual({
      keyId: view.id,
      keyName: "ci",
      user: { id: alice, email: "alice@example.com", name: "Alice", role: "member" },
    });
    await findApiKeyOwner(database.db, key, new Date(t0.getTime() + 1000));
    expect((await listApiKeys(database.db, alice))[0].lastUsedAt).toBe(t0.toISOString());
    await findApiKeyOwner(database.db, key, new Date(t0.getTime() + LAST_USED_WRITE_INTERVAL_MS));
    expect((await listApiKeys(database.db, alice))[0].lastUsedAt).toBe(new Date(t0.getTime() + LAST_USED_WRITE_INTERVAL_MS).toISOString());

    await expect(revokeApiKey(database.db, bob, view.id)).rejects.toMatchObject({ code: "not_found" });
    const revoked = await revokeApiKey(database.db, alice, view.id);
    expect(revoked.revokedAt).not.toBeNull();
    expect(await findApiKeyOwner(database.db, key)).toBeNull();
    expect(await findApiKeyOwner(database.db, `${key}x`)).toBeNull();
    expect(await listApiKeys(database.db, bob)).toEqual([]);
  });
});
