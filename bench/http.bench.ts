/**
 * HTTP throughput of webhook-triggered runs on the production build (issue 8 "Performance").
 *
 *   npm run bench:http [-- --duration 30 --concurrency 1,16,64 --port 3190 --no-build]
 *
 * Takes the shared build lock (/tmp/switchyard-e2e.lock) for the whole bench, runs `next build` (skip with
 * --no-build), then `next start` on its own port and a fresh SQLite database (data/bench-http.db, migrated
 * and seeded). It stores a published workflow START → CONDITION_BRANCH → two branches of two light
 * CONDITION_BRANCH nodes → END, gives it a sync webhook, and drives POST /api/hooks/<token> with autocannon
 * at each concurrency for `duration` seconds (bodies alternate between the two branches). Every request is
 * one run persisted with its node runs and events; the answer carries END's outputs.
 *
 * Prints per concurrency: runs/s (2xx answers per second), p50 and p99 latency, errors (non-2xx, socket
 * errors, timeouts), and the server's peak RSS; then checks that the database holds one run per 2xx answer.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { createDb } from "../lib/db/client";
import { createOrRotateWebhook } from "../lib/db/queries/triggers";
import { importWorkflowDocument } from "../lib/db/queries/workflow-documents";

const LOCK = "/tmp/switchyard-e2e.lock";
const root = path.resolve(import.meta.dirname, "..");

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "30" },
    concurrency: { type: "string", default: "1,16,64" },
    port: { type: "string", default: "3190" },
    "no-build": { type: "boolean", default: false },
  },
});

// Hold the shared lock for the build and the measurement (another build would swap .next under the server).
if (process.env.SWITCHYARD_BENCH_LOCKED !== "1") {
  const child = spawnSync("flock", [LOCK, process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, SWITCHYARD_BENCH_LOCKED: "1" },
  });
  process.exit(child.status ?? 1);
}

const port = Number(values.port);
const baseUrl = `http://127.0.0.1:${port}`;
const dbFile = path.join(root, "data/bench-http.db");
const env = {
  ...process.env,
  DATABASE_URL: `file:${dbFile}`,
  NEXT_TELEMETRY_DISABLED: "1",
  NODE_ENV: "production" as const,
  SWITCHYARD_BCRYPT_COST: "8",
};

const light = (id: string, next: string) => ({
  node: {
    id,
    type: "CONDITION_BRANCH",
    position: { x: 0, y: 0 },
    data: {
      title: id,
      conditions: [
        {
          id: "ok",
          label: "Has amount",
          logical_operator: "and",
          rules: [{ variable: "{{input.amount}}", operator: "is_not_empty", value: null }],
        },
      ],
    },
  },
  edge: { id: `e_${id}_${next}`, source: id, sourceHandle: "ok", target: next, targetHandle: null },
});

/** START → route → (high_a → high_b | low_a → low_b) → END. */
function benchDocument() {
  const lights = [light("high_a", "high_b"), light("high_b", "done"), light("low_a", "low_b"), light("low_b", "done")];
  return {
    format: "switchyard.workflow",
    version: 1,
    name: "HTTP bench branch",
    description: "Webhook bench: a branch and two light nodes per side.",
    graph: {
      nodes: [
        {
          id: "start",
          type: "START",
          position: { x: 0, y: 0 },
          data: { title: "Start", variables: [{ name: "amount", type: "number", required: true }] },
        },
        {
          id: "route",
          type: "CONDITION_BRANCH",
          position: { x: 0, y: 0 },
          data: {
            title: "Route",
            conditions: [
              {
                id: "high",
                label: "Over 50",
                logical_operator: "and",
                rules: [{ variable: "{{input.amount}}", operator: "greater_than", value: 50 }],
              },
            ],
          },
        },
        ...lights.map((entry) => entry.node),
        {
          id: "done",
          type: "END",
          position: { x: 0, y: 0 },
          data: { title: "End", output_mapping: { amount: "{{input.amount}}", status: "done" } },
        },
      ],
      edges: [
        { id: "e_start_route", source: "start", sourceHandle: null, target: "route", targetHandle: null },
        { id: "e_route_high", source: "route", sourceHandle: "high", target: "high_a", targetHandle: null },
        { id: "e_route_low", source: "route", sourceHandle: "default", target: "low_a", targetHandle: null },
        ...lights.map((entry) => entry.edge),
      ],
      viewport: { x: 0, y: 0, zoom: 1 },
    },
  };
}

/** Resident set of the server's process tree (kB), from /proc. */
function treeRssKb(pid: number): number {
  let total = 0;
  const visit = (id: number) => {
    try {
      const status = readFileSync(`/proc/${id}/status`, "utf8");
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      for (const task of readFileSync(`/proc/${id}/task/${id}/children`, "utf8").trim().split(/\s+/).filter(Boolean)) visit(Number(task));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error; // the process ended between reads
    }
  };
  visit(pid);
  return total;
}

async function waitForHealth(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch (error) {
      if (!(error instanceof TypeError)) throw error; // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not become healthy in 120 s");
}

async function main() {
  if (!values["no-build"]) {
    console.log("next build …");
    execFileSync(path.join(root, "node_modules/.bin/next"), ["build"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  }
  for (const suffix of ["", "-wal", "-shm"]) rmSync(dbFile + suffix, { force: true });
  const tsx = path.join(root, "node_modules/.bin/tsx");
  execFileSync(tsx, ["scripts/migrate.ts", "deploy"], { cwd: root, env, stdio: "ignore" });
  execFileSync(tsx, ["scripts/seed.ts"], { cwd: root, env, stdio: "ignore" });

  const db = createDb(env.DATABASE_URL);
  const owner = await db.user.findFirstOrThrow({ where: { role: "admin" }, orderBy: { createdAt: "asc" } });
  const { workflowId } = await importWorkflowDocument(db, benchDocument(), { ownerId: owner.id, publish: true });
  const { token } = await createOrRotateWebhook(db, workflowId, "sync");

  const server = spawn(path.join(root, "node_modules/.bin/next"), ["start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () => server.kill("SIGTERM");
  process.on("exit", stop);
  try {
    await waitForHealth(server);
    const url = `${baseUrl}/api/hooks/${token}`;
    const requests = [75, 10].map((amount) => ({
      method: "POST" as const,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ amount }),
    }));
    // Warm-up: compile paths, fill caches.
    await autocannon({ url, connections: 4, amount: 200, requests });
    const rows: string[] = [];
    let okTotal = 0;
    for (const connections of values.concurrency.split(",").map(Number)) {
      let peakKb = treeRssKb(server.pid ?? 0);
      const sampler = setInterval(() => {
        peakKb = Math.max(peakKb, treeRssKb(server.pid ?? 0));
      }, 200);
      const result = await autocannon({ url, connections, duration: Number(values.duration), requests, timeout: 30 });
      clearInterval(sampler);
      const ok = result["2xx"];
      okTotal += ok;
      const errors = result.non2xx + result.errors + result.timeouts;
      const row = `c=${String(connections).padStart(3)}  runs/s ${(ok / Number(values.duration)).toFixed(1).padStart(7)}  p50 ${String(result.latency.p50).padStart(5)} ms  p99 ${String(result.latency.p99).padStart(5)} ms  errors ${errors} (non-2xx ${result.non2xx}, socket ${result.errors}, timeouts ${result.timeouts})  peak RSS ${(peakKb / 1024).toFixed(0)} MB`;
      console.log(row);
      rows.push(row);
    }
    const runs = await db.run.count({ where: { workflowId } });
    const nodeRuns = await db.nodeRun.count({ where: { run: { workflowId } } });
    const failed = await db.run.count({ where: { workflowId, status: { not: "succeeded" } } });
    console.log(
      `\nstored: ${runs} runs (${okTotal} 2xx in the measured phases + 200 warm-up), ${nodeRuns} node runs, ${failed} not succeeded`,
    );
    console.log(`\nwebhook bench, ${values.duration} s per step, production build, SQLite (${dbFile}):\n${rows.join("\n")}`);
  } finally {
    await db.$disconnect();
    stop();
  }
}

await main();
