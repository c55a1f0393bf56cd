/**
 * Issue 8 over HTTP against the production build: API keys (UI lifecycle, 401 after revoking), the REST
 * API v1 (wait / 202, idempotent retry, 413, 429 + Retry-After, 400 naming the field, SSE, approvals, one
 * user's key cannot read another's runs), the OpenAPI document and its rendered reference, webhooks with a
 * rotated secret, schedules in the UI, and the MCP server driven by @modelcontextprotocol/sdk's client.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type APIRequestContext, type APIResponse, expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "../playwright.config";
import { screenshot, signIn } from "./helpers";

interface Seed {
  workflows: { branch: string; approval: string; hooked: string };
  keys: { alice: string; bob: string; limited: string };
}

let seed: Seed;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

test.beforeAll(() => {
  const root = path.resolve(import.meta.dirname, "..");
  const port = process.env.E2E_PORT ?? "3100";
  const out = execFileSync(path.join(root, "node_modules/.bin/tsx"), ["e2e/fixtures/api-seed.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: `file:./data/e2e-${port}.db` },
    encoding: "utf8",
  });
  seed = JSON.parse(out.trim().split("\n").at(-1) ?? "{}");
});

async function startRun(request: APIRequestContext, key: string, workflowId: string, data: unknown, headers: Record<string, string> = {}) {
  return request.post(`/api/v1/workflows/${workflowId}/runs`, { headers: { ...bearer(key), ...headers }, data });
}

async function finalRun(request: APIRequestContext, key: string, runId: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await request.get(`/api/v1/runs/${runId}`, { headers: bearer(key) });
    expect(response.status()).toBe(200);
    const run = await response.json();
    if (!["queued", "running"].includes(run.status)) return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`run ${runId} did not end`);
}

test.describe("API keys", () => {
  test("a key made in Settings works until it is revoked, then gets 401", async ({ page, request }) => {
    await signIn(page);
    await page.goto("/settings/api-keys");
    await page.getByLabel("Key name").fill("lifecycle-e2e");
    await page.getByRole("button", { name: "Create key" }).click();
    const key = (await page.getByTestId("new-api-key-value").textContent())?.trim() ?? "";
    expect(key).toMatch(/^sy_[A-Za-z0-9_-]{32}$/);
    await screenshot(page, "api-keys-created");

    const ok = await request.get("/api/v1/workflows", { headers: bearer(key) });
    expect(ok.status()).toBe(200);
    expect(Array.isArray((await ok.json()).workflows)).toBe(true);

    await page.reload();
    const row = page.getByTestId("api-key-lifecycle-e2e");
    await expect(row).toContainText(key.slice(0, 10));
    await expect(row.getByTestId("api-key-last-used")).not.toHaveText("Never");
    page.once("dialog", (dialog) => dialog.accept());
    await row.getByRole("button", { name: "Revoke lifecycle-e2e" }).click();
    await expect(row).toContainText("Revoked");
    await screenshot(page, "api-keys-revoked");

    const revoked = await request.get("/api/v1/workflows", { headers: bearer(key) });
    expect(revoked.status()).toBe(401);
    expect(revoked.headers()["www-authenticate"]).toBe('Bearer realm="switchyard"');
    expect((await revoked.json()).error.code).toBe("unauthenticated");
    expect((await request.get("/api/v1/workflows", { headers: bearer("sy_unknownunknownunknownunknown00") })).status()).toBe(401);
    expect((await request.get("/api/v1/workflows")).status()).toBe(401);
  });
});

test.describe("REST API v1", () => {
  test("start with wait returns the final run; without it 202 and a status URL", async ({ request }) => {
    const waited = await startRun(request, seed.keys.alice, seed.workflows.branch, { inputs: { amount: 250 }, wait: true });
    expect(waited.status()).toBe(200);
    const run = await waited.json();
    expect(run).toMatchObject({ status: "succeeded", version: 1, outputs: { decision: "review", amount: 250, customer: "anonymous" } });
    expect(run.trigger).toMatchObject({ kind: "api", details: { api_key: "alice-e2e" } });

    const accepted = await startRun(request, seed.keys.alice, seed.workflows.branch, { inputs: { amount: 5, customer: "ada" } });
    expect(accepted.status()).toBe(202);
    const body = await accepted.json();
    expect(body.status_url).toBe(`/api/v1/runs/${body.id}`);
    expect(accepted.headers().location).toBe(body.status_url);
    const final = await finalRun(request, seed.keys.alice, body.id);
    expect(final.outputs).toEqual({ decision: "auto", amount: 5, customer: "ada" });
    expect(final.node_runs.map((node: { node_id: string; status: string }) => [node.node_id, node.status])).toEqual([
      ["start", "succeeded"],
      ["size", "succeeded"],
      ["review", "skipped"],
      ["auto", "succeeded"],
    ]);

    const events = await request.get(`/api/v1/runs/${body.id}/events`, { headers: bearer(seed.keys.alice) });
    expect(events.headers()["content-type"]).toContain("text/event-stream");
    const text = await events.text();
    expect(text).toMatch(/^id: 1\nevent: run\.started\ndata: \{/);
    expect(text).toContain("event: run.ended");
    const resumed = await (
      await request.get(`/api/v1/runs/${body.id}/events`, { headers: { ...bearer(seed.keys.alice), "Last-Event-ID": "1" } })
    ).text();
    expect(resumed).not.toContain("event: run.started");
    expect(resumed).toContain("event: run.ended");
  });

  test("a retried start with the same Idempotency-Key returns the same run", async ({ request }) => {
    const headers = { "Idempotency-Key": `retry-${Date.now()}` };
    const first = await startRun(request, seed.keys.alice, seed.workflows.branch, { inputs: { amount: 1 }, wait: true }, headers);
    const second = await startRun(request, seed.keys.alice, seed.workflows.branch, { inputs: { amount: 1 }, wait: true }, headers);
    expect(first.status()).toBe(200);
    expect(second.status()).toBe(200);
    expect(second.headers()["idempotent-replayed"]).toBe("true");
    expect((await second.json()).id).toBe((await first.json()).id);
    // the same key with other inputs is a mistake, not a retry
    const changed = await startRun(request, seed.keys.alice, seed.workflows.branch, { inputs: { amount: 2 }, wait: true }, headers);
    expect(changed.status()).toBe(409);
    expect((await changed.json()).error).toMatchObject({
      code: "conflict",
      message: "This Idempotency-Key was already used with different inputs; use a new key for a new run.",
    });
    // a retry without `wait` answers 202 as a first start without `wait` does, even when the run is final
    const noWait = await startRun(request, seed.keys.alice, seed.workflows.branch, { inputs: { amount: 1 } }, headers);
    expect(noWait.status()).toBe(202);
    expect((await noWait.json()).id).toBe((await first.json()).id);
    const other = await startRun(
      request,
      seed.keys.alice,
      seed.workflows.branch,
      { inputs: { amount: 1 }, wait: true },
      { "Idempotency-Key": `other-${Date.now()}` },
    );
    expect((await other.json()).id).not.toBe((await first.json()).id);
  });

  test("invalid inputs are 400 naming the field; an oversize body is 413", async ({ request }) => {
    const wrongType = await startRun(request, seed.keys.alice, seed.workflows.branch, { inputs: { amount: "lots" } });
    expect(wrongType.status()).toBe(400);
    expect((await wrongType.json()).error).toMatchObject({
      code: "invalid_input",
      fields: { "inputs.amount": 'Input "amount" must be of type number, got string' },
    });
    const missing = await startRun(request, seed.keys.alice, seed.workflows.branch, { inputs: {} });
    expect((await missing.json()).error.fields).toEqual({ "inputs.amount": 'Input "amount" is required' });
    const unknown = await startRun(request, seed.keys.alice, seed.workflows.branch, { inputs: { amount: 1, colour: "red" } });
    expect((await unknown.json()).error.fields).toEqual({ "inputs.colour": '"colour" is not an input of this workflow' });
    const badWait = await startRun(request, seed.keys.alice, seed.workflows.branch, { inputs: { amount: 1 }, wait: "yes" });
    expect(Object.keys((await badWait.json()).error.fields)).toEqual(["wait"]);

    const huge = await request.post(`/api/v1/workflows/${seed.workflows.branch}/runs`, {
      headers: { ...bearer(seed.keys.alice), "Content-Type": "application/json" },
      data: JSON.stringify({ inputs: { amount: 1, customer: "x".repeat(2 * 1024 * 1024) } }),
    });
    expect(huge.status()).toBe(413);
    expect((await huge.json()).error.code).toBe("payload_too_large");

    // a path no route serves answers in the same JSON shape, not the app's HTML page
    const nowhere = await request.get("/api/v1/nowhere", { headers: bearer(seed.keys.alice) });
    expect(nowhere.status()).toBe(404);
    expect(await nowhere.json()).toEqual({
      error: { code: "not_found", message: "No API route GET /api/v1/nowhere. The reference is at /api/v1/openapi.json." },
    });
  });

  test("one user's key cannot read, cancel or start another user's runs", async ({ request }) => {
    const started = await startRun(request, seed.keys.alice, seed.workflows.branch, { inputs: { amount: 3 }, wait: true });
    const { id } = await started.json();
    for (const response of [
      await request.get(`/api/v1/runs/${id}`, { headers: bearer(seed.keys.bob) }),
      await request.get(`/api/v1/runs/${id}/events`, { headers: bearer(seed.keys.bob) }),
      await request.post(`/api/v1/runs/${id}/cancel`, { headers: bearer(seed.keys.bob) }),
      await startRun(request, seed.keys.bob, seed.workflows.branch, { inputs: { amount: 3 } }),
    ]) {
      expect(response.status()).toBe(404);
      expect((await response.json()).error.code).toBe("not_found");
    }
    expect((await request.get(`/api/v1/runs/${id}`, { headers: bearer(seed.keys.alice) })).status()).toBe(200);
  });

  test("a waiting run lists its approval; deciding it once resumes the run, twice is 409", async ({ request }) => {
    const started = await startRun(request, seed.keys.alice, seed.workflows.approval, { inputs: { amount: 40 }, wait: true });
    const run = await started.json();
    expect(run.status).toBe("waiting");
    expect(run.approvals).toHaveLength(1);
    const inbox = await (await request.get("/api/v1/approvals", { headers: bearer(seed.keys.alice) })).json();
    expect(inbox.approvals.map((approval: { id: string }) => approval.id)).toContain(run.approvals[0].id);
    const decided = await request.post(run.approvals[0].links.decide, {
      headers: bearer(seed.keys.alice),
      data: { decision: "approved", note: "fine" },
    });
    expect(decided.status()).toBe(200);
    const after = await decided.json();
    expect(after.approval).toMatchObject({ status: "approved", note: "fine" });
    expect(after.run).toMatchObject({ status: "succeeded", outputs: { result: "paid", amount: 40, note: "fine" } });
    const again = await request.post(run.approvals[0].links.decide, { headers: bearer(seed.keys.alice), data: { decision: "rejected" } });
    expect(again.status()).toBe(409);
    expect((await again.json()).error.code).toBe("already_decided");

    const cancelled = await startRun(request, seed.keys.alice, seed.workflows.approval, { inputs: { amount: 41 }, wait: true });
    const cancel = await request.post(`/api/v1/runs/${(await cancelled.json()).id}/cancel`, { headers: bearer(seed.keys.alice) });
    expect((await cancel.json()).status).toBe("cancelled");
  });

  test("over the per-key rate limit the API answers 429 with Retry-After", async ({ request }) => {
    const statuses: number[] = [];
    let limited: APIResponse | undefined;
    for (let batch = 0; batch < 13; batch++) {
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => request.get("/api/v1/approvals", { headers: bearer(seed.keys.limited) })),
      );
      for (const response of responses) {
        statuses.push(response.status());
        if (response.status() === 429) limited ??= response;
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(120);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    if (!limited) throw new Error("no 429");
    expect(Number(limited.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
    expect((await limited.json()).error.code).toBe("rate_limited");
    // Another key is not affected.
    expect((await request.get("/api/v1/approvals", { headers: bearer(seed.keys.bob) })).status()).toBe(200);
  });

  test("a method a route does not take is 405 with Allow, in the error shape", async ({ request }) => {
    const wrong = await request.get("/api/v1/runs/no-such-run/cancel", { headers: bearer(seed.keys.alice) });
    expect(wrong.status()).toBe(405);
    expect(wrong.headers().allow).toBe("POST, OPTIONS");
    expect((await wrong.json()).error).toEqual({
      code: "method_not_allowed",
      message: "GET is not allowed on /api/v1/runs/no-such-run/cancel; it takes POST.",
      details: { allow: ["POST", "OPTIONS"] },
    });
    const hook = await request.delete("/api/hooks/any-token");
    expect(hook.status()).toBe(405);
    expect(hook.headers().allow).toBe("POST, OPTIONS");
  });

  test("the OpenAPI 3.1 document is served and rendered as a reference page", async ({ page, request }) => {
    const document = await (await request.get("/api/v1/openapi.json")).json();
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/workflows/{workflowId}/runs",
        "/api/v1/runs/{runId}",
        "/api/v1/runs/{runId}/events",
        "/api/v1/approvals/{approvalId}/decision",
      ]),
    );
    expect(document.components.schemas.StartRunRequest.properties.wait_timeout_ms).toMatchObject({ type: "integer", maximum: 60000 });
    await signIn(page);
    await page.goto("/settings/api-keys/reference");
    await expect(page.getByRole("region", { name: "POST /api/v1/workflows/{workflowId}/runs" })).toContainText(
      "Idempotency-Key".toLowerCase(),
    );
    await screenshot(page, "api-reference");
  });
});

test.describe("webhooks and schedules", () => {
  test("a webhook starts runs with its body as inputs; after rotating, the old URL is 404", async ({ page, request }) => {
    await signIn(page);
    // the list and the editor's toolbar both lead to the Triggers page
    await page.goto("/workflows");
    await expect(page.getByRole("link", { name: /^Triggers of Webhook branch / })).toHaveAttribute(
      "href",
      `/workflows/${seed.workflows.hooked}/triggers`,
    );
    await page.goto(`/workflows/${seed.workflows.hooked}`);
    const triggersLink = page.getByRole("link", { name: "Triggers", exact: true });
    await expect(triggersLink).toBeVisible();
    await screenshot(page, "workflow-editor-toolbar");
    await triggersLink.click();
    await expect(page).toHaveURL(`/workflows/${seed.workflows.hooked}/triggers`);
    // an absolute URL, so the example works when pasted
    const curl = (await page.getByTestId("curl-example").textContent()) ?? "";
    expect(curl).toMatch(/^curl -X POST http:\/\//);
    expect(curl.split(" ")[3]).toBe(`${E2E_BASE_URL}/api/v1/workflows/${seed.workflows.hooked}/runs`);
    await expect(page.getByTestId("webhook-help")).toHaveText(
      "Top-level fields must be START's inputs: any other field is refused with 400, naming it. A sync webhook waits up to 30 s (SWITCHYARD_WEBHOOK_WAIT_MS) for END's outputs, else answers 202 with the run id.",
    );
    await page.getByRole("button", { name: "Create webhook" }).click();
    const firstUrl = (await page.getByTestId("webhook-url-value").textContent())?.trim() ?? "";
    expect(firstUrl).toMatch(new RegExp(`^${E2E_BASE_URL}/api/hooks/wh_[A-Za-z0-9_-]{32}$`));
    const first = await request.post(firstUrl, { data: { amount: 500, customer: "zoe" } });
    expect(first.status()).toBe(200);
    expect(await first.json()).toMatchObject({
      status: "succeeded",
      outputs: { decision: "review", amount: 500, customer: "zoe" },
      error: null,
    });
    const invalid = await request.post(firstUrl, { data: { amount: "many" } });
    expect(invalid.status()).toBe(400);
    expect((await invalid.json()).error.fields).toEqual({ amount: 'Input "amount" must be of type number, got string' });

    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Rotate secret" }).click();
    await expect(page.getByTestId("webhook-url-value")).not.toHaveText(firstUrl);
    const secondUrl = (await page.getByTestId("webhook-url-value").textContent())?.trim() ?? "";
    const old = await request.post(firstUrl, { data: { amount: 1 } });
    expect(old.status()).toBe(404);
    expect((await old.json()).error.code).toBe("not_found");
    const fresh = await request.post(secondUrl, { data: { amount: 1 } });
    expect((await fresh.json()).outputs).toEqual({ decision: "auto", amount: 1, customer: "anonymous" });

    await page.getByLabel("Response").selectOption("async");
    await expect(page.getByLabel("Response")).toHaveValue("async");
    const accepted = await request.post(secondUrl, { data: { amount: 2 } });
    expect(accepted.status()).toBe(202);
    expect((await accepted.json()).run_id).toEqual(expect.any(String));

    await page.getByRole("button", { name: "Add schedule" }).click();
    await page.getByLabel("Cron expression").fill("0 9 * * 1-5");
    await page.getByLabel("Time zone").fill("Europe/Berlin");
    await page.getByLabel("Inputs (JSON)").fill('{"amount": "x"}');
    await page.getByRole("button", { name: "Add schedule" }).click();
    await expect(page.locator("#schedule-inputs-error")).toHaveText('Input "amount" must be of type number, got string');
    await page.getByLabel("Inputs (JSON)").fill('{"amount": 7}');
    await expect(page.getByTestId("schedule-preview")).toContainText("09:00");
    await page.getByRole("button", { name: "Add schedule" }).click();
    await expect(page.getByTestId("schedule")).toContainText("Europe/Berlin");
    await expect(page.getByTestId("schedule-next-runs")).toContainText("09:00");
    await screenshot(page, "workflow-triggers");
  });
});

test.describe("MCP server", () => {
  test("lists the key owner's runnable workflows as tools and runs one, returning END's outputs", async ({ request }) => {
    const client = new Client({ name: "switchyard-e2e", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL("/api/mcp", E2E_BASE_URL), {
      requestInit: { headers: bearer(seed.keys.alice) },
    });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      const branchTool = tools.find((tool) => tool._meta?.["switchyard/workflow_id"] === seed.workflows.branch);
      expect(branchTool).toMatchObject({
        name: "refund_size_branch",
        inputSchema: {
          type: "object",
          properties: { amount: { type: "number" }, customer: { type: "string", default: "anonymous" } },
          required: ["amount"],
        },
      });
      expect(tools.some((tool) => tool._meta?.["switchyard/workflow_id"] === seed.workflows.approval)).toBe(false);

      const result = await client.callTool({ name: "refund_size_branch", arguments: { amount: 120 } });
      expect(result.isError ?? false).toBe(false);
      expect(result.structuredContent).toEqual({ decision: "review", amount: 120, customer: "anonymous" });
      const runId = String(result._meta?.["switchyard/run_id"]);
      const run = await (await request.get(`/api/v1/runs/${runId}`, { headers: bearer(seed.keys.alice) })).json();
      expect(run.trigger).toMatchObject({ kind: "mcp", details: { api_key: "alice-e2e" } });

      const invalid = await client.callTool({ name: "refund_size_branch", arguments: { amount: "lots" } });
      expect(invalid.isError).toBe(true);
      expect(JSON.stringify(invalid.content)).toContain("invalid_input");
      const gated = await client.callTool({ name: "refund_approval", arguments: { amount: 1 } });
      expect(gated.isError).toBe(true);
      expect(JSON.stringify(gated.content)).toContain("contains_human_intervention");
    } finally {
      await client.close();
    }

    const anonymous = await request.post("/api/mcp", { data: { jsonrpc: "2.0", id: 1, method: "tools/list" } });
    expect(anonymous.status()).toBe(401);
  });
});
