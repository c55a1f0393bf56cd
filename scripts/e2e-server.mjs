#!/usr/bin/env node
// Serves the production build for Playwright on a fresh SQLite database (data/e2e.db), seeded with
// the demo content. Usage: node scripts/e2e-server.mjs PORT
import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const port = process.argv[2] ?? "3100";
const env = {
  ...process.env,
  DATABASE_URL: `file:./data/e2e-${port}.db`,
  NEXT_TELEMETRY_DISABLED: "1",
  SWITCHYARD_BCRYPT_COST: "8",
  SWITCHYARD_ALLOWED_HOSTS: process.env.SWITCHYARD_ALLOWED_HOSTS ?? "127.0.0.1,localhost",
};
for (const suffix of ["", "-wal", "-shm"]) rmSync(path.join(root, `data/e2e-${port}.db${suffix}`), { force: true });
const tsx = path.join(root, "node_modules/.bin/tsx");
execFileSync(tsx, ["scripts/migrate.ts", "deploy"], { cwd: root, env, stdio: "inherit" });
execFileSync(tsx, ["scripts/seed.ts"], { cwd: root, env, stdio: "inherit" });
const server = spawn(path.join(root, "node_modules/.bin/next"), ["start", "-p", port, "-H", "127.0.0.1"], {
  cwd: root,
  env,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
