#!/usr/bin/env node
// Derives prisma/postgres/schema.prisma from prisma/schema.prisma (the one source of truth).
// `--check` exits 1 when the derived file is stale (drift check, run by the tests).
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const source = readFileSync(path.join(root, "prisma/schema.prisma"), "utf8");

export function derivePostgresSchema(text) {
  let out = text
    .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
    .replace('output   = "../lib/db/generated/sqlite"', 'output   = "../../lib/db/generated/postgres"');
  out = out.replace(
    "// Switchyard — the embedded default schema (SQLite).",
    "// Switchyard — PostgreSQL schema. GENERATED from prisma/schema.prisma by scripts/derive-pg-schema.mjs; do not edit.",
  );
  if (out === text || !out.includes('provider = "postgresql"') || !out.includes("generated/postgres")) {
    throw new Error("derive-pg-schema: the SQLite schema no longer has the expected provider/output lines");
  }
  return out;
}

const derived = derivePostgresSchema(source);
const target = path.join(root, "prisma/postgres/schema.prisma");
if (process.argv.includes("--check")) {
  let current = "";
  try {
    current = readFileSync(target, "utf8");
  } catch {
    current = "";
  }
  if (current !== derived) {
    console.error("prisma/postgres/schema.prisma is stale: run `npm run db:derive-pg` and `npm run db:diff -- --provider postgres`");
    process.exit(1);
  }
  console.log("prisma/postgres/schema.prisma is in step with prisma/schema.prisma");
} else {
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, derived);
  console.log(`wrote ${path.relative(root, target)}`);
}
