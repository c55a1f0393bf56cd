/**
 * The Prisma client, the only way the app reaches the database (STYLE.md: lib/db is the only importer
 * of Prisma). DATABASE_URL picks the driver adapter: `file:` → better-sqlite3 (embedded default),
 * `postgresql://` → pg. Both generated clients come from one schema (prisma/schema.prisma; the
 * PostgreSQL one is derived from it), so they share one TypeScript shape.
 */
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqlitePrismaClient } from "./generated/sqlite/client";
import { PrismaClient as PostgresPrismaClient } from "./generated/postgres/client";
import { databaseKind, databaseUrl, redactUrl, sqliteFilePath } from "./database-url";
import { bindSqliteClient, gateSqliteAdapter, SQLITE_BUSY_TIMEOUT_MS } from "./sqlite-connection";

export type Db = InstanceType<typeof SqlitePrismaClient>;

/** Creates a client for a URL. Callers own it and `$disconnect()` it; the app uses `getDb()`. */
export function createDb(url = databaseUrl()): Db {
  if (databaseKind(url) === "sqlite") {
    // busy timeout 5 s so concurrent writers wait instead of failing with SQLITE_BUSY
    const file = sqliteFilePath(url);
    // the write gate keeps direct better-sqlite3 writers (SqliteRunStore) out of this client's open transactions (sqlite-connection.ts)
    const { factory, binding } = gateSqliteAdapter(new PrismaBetterSqlite3({ url: file, timeout: SQLITE_BUSY_TIMEOUT_MS }), file);
    const client = new SqlitePrismaClient({ adapter: factory });
    bindSqliteClient(client, binding);
    return client;
  }
  const adapter = new PrismaPg({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  return new PostgresPrismaClient({ adapter }) as unknown as Db;
}

const globalForDb = globalThis as unknown as { switchyardDb?: Db; switchyardDbReady?: Promise<void> };

/** The process-wide client (kept across hot reloads in development). */
export function getDb(): Db {
  globalForDb.switchyardDb ??= createDb();
  return globalForDb.switchyardDb;
}

/**
 * Checks that the database answers and, for SQLite, switches it to WAL journaling (readers do not
 * block the writer). Runs once per process.
 * @throws Error with one line naming the URL that failed and how to fix it.
 */
export function ensureDbReady(db: Db = getDb(), url = databaseUrl()): Promise<void> {
  globalForDb.switchyardDbReady ??= (async () => {
    try {
      if (databaseKind(url) === "sqlite") {
        await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
        await db.$queryRawUnsafe("PRAGMA synchronous = NORMAL");
      }
      await db.$queryRawUnsafe('SELECT 1 FROM "User" LIMIT 1');
    } catch (error) {
      globalForDb.switchyardDbReady = undefined;
      const reason = error instanceof Error ? error.message.split("\n").find((l) => l.trim()) : String(error);
      throw new Error(
        `Database ${redactUrl(url)} is not usable (${reason}). Run \`npm run setup\` to create and migrate it, or fix DATABASE_URL in .env.`,
      );
    }
  })();
  return globalForDb.switchyardDbReady;
}

/** Parses a JSON text column; `fallback` for null. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === "") return fallback;
  return JSON.parse(text) as T;
}
