import "dotenv/config";
import { defineConfig } from "prisma/config";

/**
 * Prisma CLI configuration for the embedded default (SQLite). Offline machines cannot run the CLI's
 * migrate commands (they download a native schema engine); `npm run db:migrate` applies migrations with
 * the WebAssembly schema engine instead (scripts/migrate.ts). The PostgreSQL variant lives in
 * prisma/postgres/ and is selected at run time by DATABASE_URL.
 */
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
