/**
 * Seeds a database with many runs for the runs list and run detail benchmarks (issue 7 "Performance").
 *
 *   DATABASE_URL=file:./data/bench-runs.db npx tsx scripts/seed-runs.ts [--runs 100000] [--nodes 3]
 *
 * Inserts users (one admin, four members), 20 workflows (one shared with another member), `--runs` runs
 * spread over 90 days with every status and trigger kind, `--nodes` node runs per run, and one run of 200
 * nodes with its events and an approval (printed at the end, for the detail benchmark). Rows go in with
 * `createMany` in batches of 1,000 runs inside transactions. Migrate the database first (`npm run db:migrate`).
 */
import "dotenv/config";
import { parseArgs } from "node:util";
import { createDb, type Db } from "../lib/db/client";

const STATUSES = ["succeeded", "succeeded", "succeeded", "failed", "partial_succeeded", "cancelled", "waiting", "running"];
const TRIGGERS = ["editor", "api", "webhook", "schedule", "mcp", "agent", "parent_run", "cli"];
const DAY_MS = 86_400_000;

export interface SeedRunsResult {
  adminId: string;
  memberIds: string[];
  workflowIds: string[];
  /** The 200-node run. */
  bigRunId: string;
  runs: number;
  nodeRuns: number;
  elapsedMs: number;
}

/** A small deterministic PRNG (mulberry32) so every seed gives the same data. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SMALL_GRAPH = JSON.stringify({
  nodes: [
    { id: "start", type: "START", position: { x: 0, y: 0 }, data: { title: "Start", variables: [] } },
    { id: "llm", type: "LLM", position: { x: 250, y: 0 }, data: { title: "Draft", prompt_template: "Hi" } },
    { id: "end", type: "END", position: { x: 500, y: 0 }, data: { title: "End", output_mapping: { text: "{{llm.text}}" } } },
  ],
  edges: [
    { id: "e1", source: "start", sourceHandle: null, target: "llm", targetHandle: null },
    { id: "e2", source: "llm", sourceHandle: null, target: "end", targetHandle: null },
  ],
  viewport: { x: 0, y: 0, zoom: 1 },
});
const NODE_TYPES = ["START", "LLM", "END"];

type RunRow = Extract<NonNullable<Parameters<Db["run"]["createMany"]>[0]>["data"], unknown[]>[number];
type NodeRunRow = Extract<NonNullable<Parameters<Db["nodeRun"]["createMany"]>[0]>["data"], unknown[]>[number];

/** Inserts the bench data set into `db` (see the module comment). */
export async function seedRuns(
  db: Db,
  options: { runs?: number; nodesPerRun?: number; log?: (line: string) => void } = {},
): Promise<SeedRunsResult> {
  const started = performance.now();
  const total = options.runs ?? 100_000;
  const nodesPerRun = Math.min(3, Math.max(0, options.nodesPerRun ?? 3));
  const log = options.log ?? (() => {});
  const tag = Date.now().toString(36);
  const rand = random(7);

  const admin = await db.user.create({
    data: { email: `bench-admin-${tag}@example.com`, name: "Bench Admin", passwordHash: "x", role: "admin" },
  });
  const members = [];
  for (let i = 0; i < 4; i++) {
    members.push(
      await db.user.create({ data: { email: `bench-member-${i}-${tag}@example.com`, name: `Bench Member ${i}`, passwordHash: "x" } }),
    );
  }
  const people = [admin, ...members];
  const workflowIds: string[] = [];
  // each workflow's runs share one graph snapshot, as runs of one published version do (run-records.ts runGraphRow)
  const graphIds = new Map<string, string>();
  for (let i = 0; i < 20; i++) {
    const wf = await db.workflow.create({
      data: { ownerId: people[i % people.length].id, name: `Bench workflow ${String(i).padStart(2, "0")}`, draftGraph: SMALL_GRAPH },
    });
    workflowIds.push(wf.id);
    const graph = await db.runGraph.create({ data: { id: `bench_${tag}_graph_${i}`, workflowId: wf.id, graph: SMALL_GRAPH } });
    graphIds.set(wf.id, graph.id);
  }
  await db.workflowShare.create({ data: { workflowId: workflowIds[1], userId: members[1].id } });

  const end = Date.now();
  const batch = 1000;
  let nodeRuns = 0;
  for (let offset = 0; offset < total; offset += batch) {
    const runs: RunRow[] = [];
    const nodes: NodeRunRow[] = [];
    for (let i = offset; i < Math.min(total, offset + batch); i++) {
      const id = `bench_${tag}_${String(i).padStart(7, "0")}`;
      const createdAt = new Date(end - Math.floor(rand() * 90 * DAY_MS));
      const status = STATUSES[Math.floor(rand() * STATUSES.length)];
      const final = !["waiting", "running"].includes(status);
      const duration = 200 + Math.floor(rand() * 20_000);
      const workflowIndex = Math.floor(rand() * workflowIds.length);
      const triggeredBy = people[workflowIndex % people.length];
      runs.push({
        id,
        workflowId: workflowIds[workflowIndex],
        version: 1,
        graphId: graphIds.get(workflowIds[workflowIndex]) as string,
        status,
        inputs: `{"n":${i}}`,
        outputs: final ? `{"text":"run ${i}"}` : null,
        error: status === "failed" ? '{"code":"timeout","message":"The node took too long"}' : null,
        errorCode: status === "failed" ? "timeout" : null,
        triggerKind: TRIGGERS[Math.floor(rand() * TRIGGERS.length)],
        trigger: "{}",
        triggeredById: triggeredBy.id,
        createdAt,
        startedAt: createdAt,
        endedAt: final ? new Date(createdAt.getTime() + duration) : null,
        promptTokens: 100 + (i % 400),
        completionTokens: 50 + (i % 200),
        lastSeq: 2 + nodesPerRun * 2,
      });
      for (let n = 0; n < nodesPerRun; n++) {
        const startedAt = new Date(createdAt.getTime() + (n * duration) / nodesPerRun);
        nodes.push({
          runId: id,
          nodeId: ["start", "llm", "end"][n],
          nodeType: NODE_TYPES[n],
          status: "succeeded",
          position: n,
          attempts: 1,
          inputs: "{}",
          outputs: `{"n":${i}}`,
          startedAt,
          endedAt: new Date(startedAt.getTime() + duration / nodesPerRun),
          elapsedMs: Math.round(duration / nodesPerRun),
        });
      }
    }
    // one transaction per batch (a generous timeout: a loaded machine can take seconds per 1,000 runs)
    await db.$transaction(
      async (tx) => {
        await tx.run.createMany({ data: runs });
        await tx.nodeRun.createMany({ data: nodes });
      },
      { timeout: 120_000, maxWait: 30_000 },
    );
    nodeRuns += nodes.length;
    if ((offset / batch) % 10 === 9 || offset + batch >= total) log(`  ${Math.min(total, offset + batch).toLocaleString("en")} runs`);
  }

  const bigRunId = await seedBigRun(db, workflowIds[0], admin.id, tag);
  return {
    adminId: admin.id,
    memberIds: members.map((m) => m.id),
    workflowIds,
    bigRunId,
    runs: total + 1,
    nodeRuns: nodeRuns + 200,
    elapsedMs: Math.round(performance.now() - started),
  };
}

/** One finished run of 200 nodes (a fan-out of 198 LLM nodes between START and END) with its 402 events. */
async function seedBigRun(db: Db, workflowId: string, userId: string, tag: string): Promise<string> {
  const id = `bench_${tag}_big`;
  const t0 = Date.now() - 60_000;
  const middle = Array.from({ length: 198 }, (_, i) => `n${String(i).padStart(3, "0")}`);
  const graph = {
    nodes: [
      { id: "start", type: "START", position: { x: 0, y: 0 }, data: { title: "Start", variables: [] } },
      ...middle.map((nodeId, i) => ({
        id: nodeId,
        type: "LLM",
        position: { x: 300 + (i % 10) * 220, y: Math.floor(i / 10) * 120 },
        data: { title: nodeId },
      })),
      { id: "end", type: "END", position: { x: 2700, y: 0 }, data: { title: "End", output_mapping: {} } },
    ],
    edges: [
      ...middle.map((nodeId) => ({ id: `s_${nodeId}`, source: "start", sourceHandle: null, target: nodeId, targetHandle: null })),
      ...middle.map((nodeId) => ({ id: `e_${nodeId}`, source: nodeId, sourceHandle: null, target: "end", targetHandle: null })),
    ],
    viewport: { x: 0, y: 0, zoom: 1 },
  };
  const ids = ["start", ...middle, "end"];
  const nodes = ids.map((nodeId, position) => {
    const startedAt = new Date(t0 + (position === 0 ? 0 : position === ids.length - 1 ? 50_000 : 100 + (position % 8) * 6000));
    const elapsedMs = position === 0 || position === ids.length - 1 ? 5 : 5000;
    return {
      runId: id,
      nodeId,
      nodeType: position === 0 ? "START" : position === ids.length - 1 ? "END" : "LLM",
      status: "succeeded",
      position,
      attempts: position % 17 === 0 ? 2 : 1,
      inputs: JSON.stringify({ prompt: `Summarise item ${position}`.repeat(5) }),
      outputs: JSON.stringify({ text: `Summary ${position} `.repeat(40), usage: { prompt_tokens: 120, completion_tokens: 80 } }),
      model: position === 0 || position === ids.length - 1 ? null : "gpt-bench",
      promptTokens: 120,
      completionTokens: 80,
      cost: 0.0004,
      startedAt,
      endedAt: new Date(startedAt.getTime() + elapsedMs),
      elapsedMs,
    };
  });
  const events: { type: string; data: Record<string, unknown> }[] = [
    { type: "run.started", data: { workflow_id: workflowId, version: 1, inputs: {}, trigger: { kind: "editor" } } },
  ];
  for (const node of nodes)
    events.push({
      type: "node.started",
      data: { node_id: node.nodeId, node_type: node.nodeType, attempt: 1, inputs: JSON.parse(node.inputs) },
    });
  for (const node of nodes)
    events.push({
      type: "node.ended",
      data: { node_id: node.nodeId, status: "succeeded", outputs: JSON.parse(node.outputs), elapsed_ms: node.elapsedMs },
    });
  events.push({ type: "run.ended", data: { status: "succeeded", outputs: {}, error: null, elapsed_ms: 50_005 } });
  const snapshot = await db.runGraph.create({ data: { id: `bench_${tag}_big_graph`, workflowId, graph: JSON.stringify(graph) } });
  await db.run.create({
    data: {
      id,
      workflowId,
      version: 1,
      graphId: snapshot.id,
      status: "succeeded",
      inputs: "{}",
      outputs: "{}",
      triggerKind: "editor",
      triggeredById: userId,
      createdAt: new Date(t0),
      startedAt: new Date(t0),
      endedAt: new Date(t0 + 50_005),
      promptTokens: 200 * 120,
      completionTokens: 200 * 80,
      lastSeq: events.length,
    },
  });
  await db.nodeRun.createMany({ data: nodes });
  await db.runEvent.createMany({
    data: events.map((e, i) => ({
      runId: id,
      seq: i + 1,
      type: e.type,
      data: JSON.stringify({ run_id: id, seq: i + 1, ...e.data }),
      at: new Date(t0 + i * 100),
    })),
  });
  return id;
}

async function main() {
  const { values } = parseArgs({ options: { runs: { type: "string", default: "100000" }, nodes: { type: "string", default: "3" } } });
  const db = createDb();
  const result = await seedRuns(db, { runs: Number(values.runs), nodesPerRun: Number(values.nodes), log: console.log });
  console.log(
    `✓ seeded ${result.runs.toLocaleString("en")} runs and ${result.nodeRuns.toLocaleString("en")} node runs in ${(result.elapsedMs / 1000).toFixed(1)} s; 200-node run ${result.bigRunId}`,
  );
  await db.$disconnect();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(`seed-runs failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
