/** `run`, `runs`, `show`, `export` and `import` through the real CLI against a temporary SQLite database (spec §8). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempDatabase, fixtureWithBaseUrl, runCli, startedRunId, startJsonServer, type TempDatabase } from "./cli-harness";

interface NodeJson {
  id: string;
  type: string;
  status: string;
  attempts: number;
  outputs: unknown;
  error: { code: string; message: string } | null;
}

describe("workflow CLI: run", () => {
  let db: TempDatabase;
  beforeAll(async () => {
    db = await createTempDatabase();
  });
  afterAll(() => db?.cleanup());

  it("runs the branch fixture, prints the run as one JSON object, and reuses its workflow the second time", async () => {
    const first = await runCli(["run", "fixtures/workflows/branch.json", "--inputs", '{"amount": 150}', "--json"], db.env);
    expect(first.code).toBe(0);
    const runId = startedRunId(first.stderr);
    expect(JSON.parse(first.stdout)).toEqual({
      id: runId,
      status: "succeeded",
      outputs: { decision: "review", amount: 150, customer: "anonymous" },
      error: null,
      nodes: [
        { id: "start", type: "START", status: "succeeded", attempts: 1, outputs: { amount: 150, customer: "anonymous" }, error: null },
        { id: "size", type: "CONDITION_BRANCH", status: "succeeded", attempts: 1, outputs: { matched: "large" }, error: null },
        { id: "auto", type: "END", status: "skipped", attempts: 0, outputs: null, error: null },
        {
          id: "review",
          type: "END",
          status: "succeeded",
          attempts: 1,
          outputs: { decision: "review", amount: 150, customer: "anonymous" },
          error: null,
        },
      ],
    });
    const second = await runCli(
      ["run", "fixtures/workflows/branch.json", "--inputs", '{"amount": 20, "customer": "ada"}', "--json"],
      db.env,
    );
    expect(JSON.parse(second.stdout)).toMatchObject({ status: "succeeded", outputs: { decision: "auto", amount: 20, customer: "ada" } });
    const runs = JSON.parse((await runCli(["runs", "--json"], db.env)).stdout) as Array<{
      id: string;
      workflow_id: string;
      status: string;
      trigger: string;
    }>;
    expect(runs.map((run) => [run.id, run.status, run.trigger])).toEqual([
      [startedRunId(second.stderr), "succeeded", "cli"],
      [runId, "succeeded", "cli"],
    ]);
    expect(runs[0].workflow_id).toBe(runs[1].workflow_id);
  }, 300_000);

  it("reports invalid inputs with exit 1 and stores nothing", async () => {
    const result = await runCli(["run", "fixtures/workflows/branch.json", "--inputs", '{"amount": "lots"}'], db.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^workflow: invalid_input: /);
    expect(result.stderr).not.toContain("started");
  }, 120_000);

  it("runs the connector-branch fixture against a local HTTP server under SWITCHYARD_ALLOWED_HOSTS, then exports and imports it", async () => {
    const api = await startJsonServer((request) =>
      request.method === "GET"
        ? { status: 200, body: { id: "o-1", status: "paid", total: 42.5 } }
        : { status: 200, body: { shipped: true } },
    );
    try {
      const file = fixtureWithBaseUrl(db.dir, "connector-branch.json", api.baseUrl);
      const env = { ...db.env, SWITCHYARD_ALLOWED_HOSTS: "127.0.0.1", ORDERS_TOKEN: "tok-orders-1" };
      const result = await runCli(["run", file, "--inputs", '{"order_id": "o-1"}', "--json"], env);
      expect(result.code).toBe(0);
      const run = JSON.parse(result.stdout) as { status: string; outputs: unknown; error: unknown; nodes: NodeJson[] };
      expect(run.status).toBe("succeeded");
      expect(run.error).toBeNull();
      expect(run.outputs).toEqual({ order: { id: "o-1", status: "paid", total: 42.5 }, route: "paid" });
      expect(run.nodes.map(({ id, type, status, attempts, error }) => ({ id, type, status, attempts, error }))).toEqual([
        { id: "start", type: "START", status: "succeeded", attempts: 1, error: null },
        { id: "get_order", type: "CONNECTOR", status: "succeeded", attempts: 1, error: null },
        { id: "route", type: "CONDITION_BRANCH", status: "succeeded", attempts: 1, error: null },
        { id: "refund", type: "CONNECTOR", status: "skipped", attempts: 0, error: null },
        { id: "ship", type: "CONNECTOR", status: "succeeded", attempts: 1, error: null },
        { id: "end", type: "END", status: "succeeded", attempts: 1, error: null },
      ]);
      expect((run.nodes[1].outputs as { status: number; body: unknown }).status).toBe(200);
      expect((run.nodes[4].outputs as { body: unknown }).body).toEqual({ shipped: true });
      expect(api.requests.map((r) => [r.method, r.url, r.authorization, r.body])).toEqual([
        ["GET", "/orders/o-1", "Bearer tok-orders-1", ""],
        ["POST", "/orders/o-1/ship", "Bearer tok-orders-1", '{"order_id":"o-1"}'],
      ]);

      const runs = JSON.parse((await runCli(["runs", "--json", "--status", "succeeded"], db.env)).stdout) as Array<{
        workflow_id: string;
        workflow_name: string;
      }>;
      const workflowId = runs.find((r) => r.workflow_name === "Order status branch")?.workflow_id as string;
      const exported = await runCli(["export", workflowId], db.env);
      expect(exported.code).toBe(0);
      const document = JSON.parse(exported.stdout) as {
        name: string;
        resources: { connectors: Array<{ id: string; base_url: string; auth: unknown; actions: unknown[] }> };
      };
      expect(document.name).toBe("Order status branch");
      expect(document.resources.connectors.map((c) => [c.id, c.base_url, c.auth, c.actions.length])).toEqual([
        ["orders", api.baseUrl, { kind: "bearer", secret: "" }, 3],
      ]);
      const exportedFile = `${db.dir}/exported.json`;
      (await import("node:fs")).writeFileSync(exportedFile, exported.stdout);
      const imported = await runCli(["import", exportedFile, "--publish", "--json"], db.env);
      expect(imported.code).toBe(0);
      const importedJson = JSON.parse(imported.stdout) as { id: string; version: number; resources: unknown };
      expect(importedJson.version).toBe(1);
      expect(importedJson.id).not.toBe(workflowId);
      expect(importedJson.resources).toEqual({ connectors: { orders: "reused" }, mcp_servers: {}, knowledge_bases: {} });
    } finally {
      await api.close();
    }
  }, 600_000);
});
