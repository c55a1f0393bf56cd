/**
 * Server time of the runs list and the run detail on 100,000 runs (issue 7 "Performance").
 *
 *   npx tsx bench/runs-list.bench.ts [--runs 100000] [--reseed]
 *
 * Uses BENCH_DATABASE_URL (default file:./data/bench-runs.db; a postgresql:// URL works too): migrates it and
 * seeds it with scripts/seed-runs.ts the first time (or with --reseed on a fresh file), then times the same
 * query functions the pages call — the first page, filtered pages, a deep page, and the detail of a 200-node
 * run — and prints the median and p95 of 20 runs after 3 warm-ups. Targets: list < 100 ms, detail < 300 ms.
 */
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createDb, type Db } from "../lib/db/client";
import { databaseKind, sqliteFilePath } from "../lib/db/database-url";
import { getRunDetail, listRuns, listRunWorkflowOptions, type Viewer } from "../lib/db/queries/runs";
import { applyMigrations } from "../lib/db/schema-engine";
import { seedRuns } from "../scripts/seed-runs";

const { values } = parseArgs({ options: { runs: { type: "string", default: "100000" }, reseed: { type: "boolean", default: false } } });
const url = process.env.BENCH_DATABASE_URL ?? "file:./data/bench-runs.db";
const root = path.resolve(import.meta.dirname, "..");

async function prepare(): Promise<Db> {
  if (databaseKind(url) === "sqlite") {
    const file = sqliteFilePath(url);
    if (values.reseed) for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
    mkdirSync(path.dirname(file), { recursive: true });
    if (!existsSync(file)) console.log(`creating ${file}`);
  }
  await applyMigrations(url, root);
  const db = createDb(url);
  if (databaseKind(url) === "sqlite") {
    await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
    await db.$queryRawUnsafe("PRAGMA synchronous = NORMAL");
  }
  if ((await db.run.count({ where: { id: { endsWith: "_big" } } })) === 0) {
    console.log(`seeding ${Number(values.runs).toLocaleString("en")} runs …`);
    const seeded = await seedRuns(db, { runs: Number(values.runs), log: console.log });
    console.log(
      `seeded ${seeded.runs.toLocaleString("en")} runs, ${seeded.nodeRuns.toLocaleString("en")} node runs in ${(seeded.elapsedMs / 1000).toFixed(1)} s`,
    );
    if (databaseKind(url) === "postgres") await db.$executeRawUnsafe("ANALYZE");
    else await db.$queryRawUnsafe("ANALYZE");
  }
  return db;
}

async function time(label: string, target: number, body: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 3; i++) await body();
  const samples: number[] = [];
  let size = 0;
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    const result = await body();
    samples.push(performance.now() - t0);
    size = Array.isArray((result as { runs?: unknown[] })?.runs) ? (result as { runs: unknown[] }).runs.length : size;
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  const p95 = samples[Math.ceil(samples.length * 0.95) - 1];
  const verdict = median < target ? "ok" : "SLOW";
  console.log(
    `${label.padEnd(58)} median ${median.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms   target < ${target} ms  ${verdict}${size ? `   (${size} rows)` : ""}`,
  );
}

async function main() {
  const db = await prepare();
  const total = await db.run.count();
  const adminRow = await db.user.findFirstOrThrow({ where: { email: { startsWith: "bench-admin-" } }, orderBy: { createdAt: "desc" } });
  const member = await db.user.findFirstOrThrow({ where: { email: { startsWith: "bench-member-1-" } }, orderBy: { createdAt: "desc" } });
  const big = await db.run.findFirstOrThrow({ where: { id: { endsWith: "_big" } }, select: { id: true, workflowId: true } });
  const admin: Viewer = { id: adminRow.id, email: adminRow.email, role: "admin" };
  const memberViewer: Viewer = { id: member.id, email: member.email, role: "member" };
  const workflows = await listRunWorkflowOptions(db, admin);
  const workflowId = workflows[3]?.id ?? big.workflowId;
  const deepCursor = await (async () => {
    let page = await listRuns(db, admin, {}, { limit: 50 });
    for (let i = 0; i < 20 && page.olderCursor; i++) page = await listRuns(db, admin, {}, { cursor: page.olderCursor, limit: 50 });
    return page.olderCursor;
  })();
  const weekAgo = new Date(Date.now() - 7 * 86_400_000);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000);

  console.log(`\n${databaseKind(url)} · ${total.toLocaleString("en")} runs · page size 50\n`);
  await time("runs list, first page (admin, with workflow options)", 100, async () => {
    const [page] = await Promise.all([listRuns(db, admin, {}, { limit: 50 }), listRunWorkflowOptions(db, admin)]);
    return page;
  });
  await time("runs list, first page (member: own + owned + shared)", 100, () => listRuns(db, memberViewer, {}, { limit: 50 }));
  await time("filtered: status=failed", 100, () => listRuns(db, admin, { status: "failed" }, { limit: 50 }));
  await time("filtered: workflow + status=succeeded", 100, () => listRuns(db, admin, { workflowId, status: "succeeded" }, { limit: 50 }));
  await time("filtered: trigger=agent + last 7 days", 100, () =>
    listRuns(db, admin, { triggerKind: "agent", from: weekAgo }, { limit: 50 }),
  );
  await time("filtered: status=waiting + trigger=webhook + 30 days", 100, () =>
    listRuns(db, admin, { status: "waiting", triggerKind: "webhook", from: monthAgo }, { limit: 50 }),
  );
  await time("filtered (member): workflow shared with them", 100, () =>
    listRuns(db, memberViewer, { workflowId: workflows[1]?.id }, { limit: 50 }),
  );
  await time("page 22 (keyset cursor)", 100, () => listRuns(db, admin, {}, { cursor: deepCursor, limit: 50 }));
  await time(`run detail, 200 nodes + ${await db.runEvent.count({ where: { runId: big.id } })} events`, 300, () =>
    getRunDetail(db, admin, big.id),
  );
  await db.$disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
