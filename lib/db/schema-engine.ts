/**
 * Offline migrations with Prisma's WebAssembly schema engine (STACK.md "Prisma offline").
 *
 * The Prisma CLI's `migrate` commands download a native schema engine, which air-gapped machines
 * cannot do. `@prisma/schema-engine-wasm` is the same engine compiled to WebAssembly; it talks to the
 * database through the app's own driver adapter (better-sqlite3 or pg), applies
 * `prisma/migrations/<name>/migration.sql` in order and records them in Prisma's own
 * `_prisma_migrations` table, so `prisma migrate deploy` on a connected machine agrees with it.
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { databaseKind, sqliteFilePath, type DatabaseKind } from "./database-url";

const require = createRequire(import.meta.url);

type EngineModule = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");
type SchemaEngine = Awaited<ReturnType<EngineModule["SchemaEngine"]["new"]>>;

let enginePromise: Promise<EngineModule> | undefined;

/** Instantiates the WebAssembly module once per process (the package targets bundlers, so by hand). */
function loadEngineModule(): Promise<EngineModule> {
  enginePromise ??= (async () => {
    const glue: EngineModule = await import("@prisma/schema-engine-wasm/schema_engine_bg");
    const wasmPath = path.join(path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {
      "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports,
    });
    (glue as unknown as { __wbg_set_wasm(exports: WebAssembly.Exports): void }).__wbg_set_wasm(instance.exports);
    (instance.exports as unknown as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    return glue;
  })();
  return enginePromise;
}

/** Paths of the schema and migrations folder for a database kind. */
export function prismaPaths(kind: DatabaseKind, root = process.cwd()) {
  const dir = kind === "sqlite" ? path.join(root, "prisma") : path.join(root, "prisma/postgres");
  return {
    schemaPath: path.join(dir, "schema.prisma"),
    migrationsDir: path.join(dir, "migrations"),
    snapshotPath: path.join(dir, "migrations/schema.snapshot.prisma"),
  };
}

type Connection = Awaited<ReturnType<SqlMigrationAwareDriverAdapterFactory["connect"]>>;

/**
 * The driver adapter factory for a URL, wrapped so every connection the engine opens can be disposed
 * afterwards: `engine.free()` does not close them, and an open SQLite connection keeps the file locked.
 */
function adapterFactoryFor(url: string): { factory: SqlMigrationAwareDriverAdapterFactory; dispose(): Promise<void> } {
  const inner = (databaseKind(url) === "sqlite"
    ? new PrismaBetterSqlite3({ url: sqliteFilePath(url) })
    : new PrismaPg({ connectionString: url })) as unknown as SqlMigrationAwareDriverAdapterFactory;
  const opened: Connection[] = [];
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async () => {
      const connection = await inner.connect();
      opened.push(connection);
      return connection;
    },
    connectToShadowDb: async () => {
      const connection = await inner.connectToShadowDb();
      opened.push(connection);
      return connection;
    },
  };
  return { factory, dispose: async () => void (await Promise.all(opened.splice(0).map((c) => c.dispose()))) };
}

async function openEngine(url: string, schemaText: string, schemaPath: string): Promise<{ engine: SchemaEngine; close(): Promise<void> }> {
  const glue = await loadEngineModule();
  const { factory, dispose } = adapterFactoryFor(url);
  const log = (line: string) => {
    if (process.env.SWITCHYARD_DEBUG_MIGRATIONS) console.error(line);
  };
  const engine = await glue.SchemaEngine.new({ datamodels: [[schemaPath, schemaText]] }, log, bindMigrationAwareSqlAdapterFactory(factory));
  return {
    engine,
    async close() {
      engine.free();
      await dispose();
    },
  };
}

function listMigrations(migrationsDir: string) {
  const names = existsSync(migrationsDir)
    ? readdirSync(migrationsDir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort()
    : [];
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: names.map((name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok" as const, value: readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8") },
      },
    })),
  };
}

const noFilters = { externalTables: [], externalEnums: [] };

/**
 * Applies every migration not yet recorded in `_prisma_migrations`.
 * @returns the names of the migrations applied now (empty when the database was up to date).
 * @throws the engine's error (with the failing migration's name) when a migration fails.
 */
export async function applyMigrations(url: string, root = process.cwd()): Promise<string[]> {
  const kind = databaseKind(url);
  const { schemaPath, migrationsDir } = prismaPaths(kind, root);
  const { engine, close } = await openEngine(url, readFileSync(schemaPath, "utf8"), schemaPath);
  try {
    const out = await engine.applyMigrations({ migrationsList: listMigrations(migrationsDir), filters: noFilters });
    return out.appliedMigrationNames;
  } finally {
    await close();
  }
}

/**
 * Computes the SQL that takes a database from the schema snapshot of the last migration (or from empty)
 * to the current schema file. There is no shadow database in WASM, so the snapshot stands in for it.
 * @returns the SQL script ("" when nothing changed).
 */
export async function diffSchema(
  kind: DatabaseKind,
  root = process.cwd(),
  postgresUrl = process.env.POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:54329/postgres",
): Promise<string> {
  const { schemaPath, snapshotPath } = prismaPaths(kind, root);
  const schemaText = readFileSync(schemaPath, "utf8");
  // The engine connects on start-up even for a datamodel-to-datamodel diff; nothing is written.
  const url = kind === "sqlite" ? "file:./data/.diff.db" : postgresUrl;
  const { engine, close } = await openEngine(url, schemaText, schemaPath);
  try {
    const from = existsSync(snapshotPath)
      ? { tag: "schemaDatamodel" as const, files: [{ path: snapshotPath, content: readFileSync(snapshotPath, "utf8") }] }
      : { tag: "empty" as const };
    const result = await engine.diff({
      from,
      to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: schemaText }] },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    const sql = result.stdout ?? "";
    return /^\s*(--[^\n]*\n\s*)*(-- This is an empty migration\.)?\s*$/.test(sql) ? "" : sql;
  } finally {
    await close();
  }
}
