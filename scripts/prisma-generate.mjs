#!/usr/bin/env node
// Generates both Prisma clients (SQLite default and PostgreSQL). `prisma generate` never runs the
// schema engine, so PRISMA_SCHEMA_ENGINE_BINARY=/bin/false keeps the offline CLI from downloading one
// (STACK.md "Prisma offline").
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const prismaBin = path.join(root, "node_modules/.bin/prisma");
if (!existsSync(prismaBin)) {
  console.log("prisma CLI not installed yet; skipping client generation");
  process.exit(0);
}
const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: "/bin/false", PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
for (const schema of ["prisma/schema.prisma", "prisma/postgres/schema.prisma"]) {
  execFileSync(prismaBin, ["generate", "--schema", schema], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  console.log(`generated the Prisma client for ${schema}`);
}
