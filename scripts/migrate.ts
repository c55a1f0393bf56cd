/**
 * `npm run db:migrate` — apply migrations offline with the WASM schema engine.
 * `npm run db:diff [-- --provider sqlite|postgres] [-- --name NAME]` — write a new migration from the
 * schema snapshot to the current schema, and update the snapshot.
 */
import "dotenv/config";
import { copyFileSync, mkdirSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { applyMigrations, diffSchema, prismaPaths } from "../lib/db/schema-engine";
import { databaseUrl, redactUrl, type DatabaseKind } from "../lib/db/database-url";

const [command, ...rest] = process.argv.slice(2);
const flag = (name: string) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : undefined;
};

async function main() {
  if (command === "deploy") {
    const url = databaseUrl();
    if (url.startsWith("file:")) mkdirSync(path.dirname(path.resolve(url.replace(/^file:/, ""))), { recursive: true });
    try {
      const applied = await applyMigrations(url);
      console.log(applied.length ? `applied ${applied.length} migration(s): ${applied.join(", ")}` : "database is up to date");
    } catch (error) {
      console.error(`migrations failed on ${redactUrl(url)}: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
    return;
  }
  if (command === "diff") {
    const kinds: DatabaseKind[] = flag("provider") ? [flag("provider") as DatabaseKind] : ["sqlite", "postgres"];
    const name = flag("name") ?? "change";
    for (const kind of kinds) {
      const sql = await diffSchema(kind);
      const { migrationsDir, schemaPath, snapshotPath } = prismaPaths(kind);
      if (!sql) {
        console.log(`${kind}: no changes`);
        continue;
      }
      const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
      const dir = path.join(migrationsDir, `${stamp}_${name}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, "migration.sql"), sql);
      const lock = path.join(migrationsDir, "migration_lock.toml");
      if (!existsSync(lock)) writeFileSync(lock, `provider = "${kind === "sqlite" ? "sqlite" : "postgresql"}"\n`);
      copyFileSync(schemaPath, snapshotPath);
      console.log(`${kind}: wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
    }
    return;
  }
  console.error("usage: tsx scripts/migrate.ts deploy | diff [--provider sqlite|postgres] [--name NAME]");
  process.exit(2);
}

main();
