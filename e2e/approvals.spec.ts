/**
 * Approvals inbox and run audit trail (issue 7), as a person uses them: a gated workflow
 * (fixtures/workflows/approval.json) is started with the CLI against the e2e server's database, the approval
 * shows up in the inbox with the count, is decided with a note, the run resumes and its trail shows it.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { type Browser, expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { DEMO, screenshot, signIn } from "./helpers";

const ROOT = path.resolve(import.meta.dirname, "..");
const PORT = process.env.E2E_PORT ?? "3100";
const DB_FILE = path.join(ROOT, `data/e2e-${PORT}.db`);
const run = promisify(execFile);

/** Starts the gated refund workflow with the CLI (it runs until the approval and exits). */
async function startGatedRun(amount: number): Promise<{ id: string; status: string }> {
  const { stdout } = await run(
    path.join(ROOT, "node_modules/.bin/tsx"),
    ["cli/workflow.ts", "run", "fixtures/workflows/approval.json", "--inputs", JSON.stringify({ amount }), "--json"],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: `file:./data/e2e-${PORT}.db` } },
  );
  const result = JSON.parse(stdout) as { id: string; status: string };
  expect(result.status).toBe("waiting");
  return result;
}

function approvalIdOf(runId: string): string {
  const db = new Database(DB_FILE, { readonly: true, timeout: 5000 });
  try {
    return (db.prepare(`SELECT id FROM "Approval" WHERE "runId" = ?`).get(runId) as { id: string }).id;
  } finally {
    db.close();
  }
}

/** Shares the CLI's refund workflow with a user (there is no sharing screen in this scope). */
function shareRunWorkflowWith(runId: string, email: string) {
  const db = new Database(DB_FILE, { timeout: 5000 });
  try {
    const { workflowId } = db.prepare(`SELECT "workflowId" FROM "Run" WHERE id = ?`).get(runId) as { workflowId: string };
    const { id: userId } = db.prepare(`SELECT id FROM "User" WHERE email = ?`).get(email) as { id: string };
    db.prepare(`INSERT OR IGNORE INTO "WorkflowShare" ("workflowId", "userId", "createdAt") VALUES (?, ?, ?)`).run(
      workflowId,
      userId,
      new Date().toISOString(),
    );
  } finally {
    db.close();
  }
}

async function register(page: Page, name: string, email: string) {
  await page.goto("/register");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("member-password-1");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/workflows/);
}

async function memberPage(browser: Browser, name: string, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await register(page, name, email);
  return page;
}

/** The id of a server action from the production build's manifest (to call it the way a crafted request would). */
function serverActionId(file: string, name: string): string {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, ".next/server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { workers: Record<string, unknown>; exportedName?: string; filename?: string }>;
  };
  for (const [id, entry] of Object.entries(manifest.node)) {
    if (entry.exportedName === name && (entry.filename ?? "").includes(file)) return id;
  }
  throw new Error(`no server action ${name} in ${file}`);
}

/** The app scrolls inside <main>, so a full-page shot needs a viewport as tall as the content. */
async function tallScreenshot(page: Page, name: string) {
  const height = await page.evaluate(() => Math.min(6000, (document.querySelector("main")?.scrollHeight ?? 860) + 20));
  await page.setViewportSize({ width: 1360, height });
  await screenshot(page, name);
  await page.setViewportSize({ width: 1360, height: 860 });
}

function card(page: Page, approvalId: string) {
  return page.locator(`[data-testid="approval-card"][data-approval-id="${approvalId}"]`);
}

test.describe.configure({ mode: "serial" });

test.describe("approvals inbox and run trail", () => {
  test.setTimeout(180_000);

  test("a gated run appears live in the inbox with the count; approving with a note completes it and the trail shows everything", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/approvals");
    await expect(page.getByRole("heading", { name: "Approvals", level: 1 })).toBeVisible();

    const started = await startGatedRun(42);
    const approvalId = approvalIdOf(started.id);
    // no reload: the inbox stream brings the card in
    const approval = card(page, approvalId);
    await expect(approval).toBeVisible({ timeout: 20_000 });
    await expect(approval.getByRole("heading", { name: "Refund 42?" })).toBeVisible();
    await expect(approval.getByTestId("approval-description")).toHaveText("Customer asks for 42 back.");
    await expect(approval.getByText("Refund approval")).toBeVisible();
    await expect(approval.getByText(/started by Demo Admin via CLI/)).toBeVisible();
    await expect(approval.locator('[data-label="run inputs"] pre')).toHaveText(/"amount": 42/);
    const cards = await page.getByTestId("approval-card").count();
    await expect(page.getByTestId("approvals-count")).toHaveText(new RegExp(`^${cards}`), { timeout: 10_000 });
    await screenshot(page, "approvals-inbox");

    await approval.getByLabel(/Note/).fill("Receipt checked, refund is fine");
    await approval.getByRole("button", { name: "Approve" }).click();
    const result = approval.getByTestId("decision-result");
    await expect(result).toContainText("Approved by demo@switchyard.local");
    await expect(result).toContainText("Receipt checked, refund is fine");
    await expect(result.getByTestId("run-status-after")).toHaveText("Succeeded");
    await screenshot(page, "approvals-decided-card");

    await result.getByRole("link", { name: "Open the run" }).click();
    await expect(page).toHaveURL(new RegExp(`/runs/${started.id}$`));
    await expect(page.getByTestId("run-status")).toHaveText("Succeeded");
    await expect(page.getByTestId("run-trigger")).toContainText("CLI · Demo Admin (demo@switchyard.local)");
    const approvalRecord = page.getByTestId("run-approval");
    await expect(approvalRecord.getByTestId("approval-decided-by")).toHaveText("demo@switchyard.local");
    await expect(approvalRecord.getByTestId("approval-note")).toHaveText("Receipt checked, refund is fine");
    // every node that ran, with its outputs
    await expect(page.locator('[data-testid="node-run"]')).toHaveCount(4);
    await expect(page.locator('[data-label="outputs of start"] pre')).toHaveText(/"amount": 42/);
    await expect(page.locator('[data-label="outputs of gate"] pre')).toContainText('"decision": "approved"');
    await expect(page.locator('[data-label="outputs of gate"] pre')).toContainText('"note": "Receipt checked, refund is fine"');
    await expect(page.locator('[data-label="outputs of paid"] pre')).toContainText('"approved_by": "demo@switchyard.local"');
    await expect(page.locator('[data-testid="node-run"][data-node-id="refused"]').getByTestId("status")).toHaveAttribute(
      "data-status",
      "skipped",
    );
    await expect(page.locator('[data-label="Run outputs"] pre')).toContainText('"result": "paid"');
    // the timeline and the graph
    await expect(page.getByTestId("run-timeline").getByTestId("timeline-row")).toHaveCount(4);
    await expect(page.getByTestId("run-timeline").getByTestId("timeline-wait")).toHaveCount(1);
    await expect(page.locator('[data-testid="graph-node"][data-node-id="paid"]')).toHaveAttribute("data-status", "succeeded");
    await expect(page.locator('[data-testid="graph-node"][data-node-id="refused"]')).toHaveAttribute("data-status", "skipped");
    // the event log, in order
    const types = await page.getByTestId("event").evaluateAll((items) => items.map((i) => i.getAttribute("data-type")));
    expect(types[0]).toBe("run.started");
    expect(types).toContain("approval.decided");
    expect(types[types.length - 1]).toBe("run.ended");
    await tallScreenshot(page, "run-detail-approved");

    // export the whole trail
    const exported = await page.request.get(`/api/runs/${started.id}/export`);
    expect(exported.status()).toBe(200);
    const trail = await exported.json();
    expect(trail.run.status).toBe("succeeded");
    expect(trail.approvals[0]).toMatchObject({
      decidedByName: "demo@switchyard.local",
      note: "Receipt checked, refund is fine",
      status: "approved",
    });
    expect(trail.events.map((e: { seq: number }) => e.seq)).toEqual(trail.events.map((_: unknown, i: number) => i + 1));

    // the decided tab has it
    await page.goto("/approvals?tab=decided");
    const row = page.locator(`[data-testid="decided-approvals"] tr[data-approval-id="${approvalId}"]`);
    await expect(row).toContainText("Receipt checked, refund is fine");
    await expect(row).toContainText("demo@switchyard.local");
  });

  test("rejecting with a note takes the rejected branch", async ({ page }) => {
    await signIn(page);
    const started = await startGatedRun(9000);
    const approvalId = approvalIdOf(started.id);
    await page.goto("/approvals");
    const approval = card(page, approvalId);
    await approval.getByLabel(/Note/).fill("Over the limit");
    await approval.getByRole("button", { name: "Reject" }).click();
    await expect(approval.getByTestId("decision-result")).toContainText("Rejected by demo@switchyard.local");
    await expect(approval.getByTestId("run-status-after")).toHaveText("Succeeded");
    await page.goto(`/runs/${started.id}`);
    await expect(page.locator('[data-label="outputs of gate"] pre')).toContainText('"decision": "rejected"');
    await expect(page.locator('[data-label="Run outputs"] pre')).toContainText('"result": "refused"');
    await expect(page.locator('[data-label="Run outputs"] pre')).toContainText('"note": "Over the limit"');
    await expect(page.locator('[data-testid="graph-node"][data-node-id="paid"]')).toHaveAttribute("data-status", "skipped");
    await tallScreenshot(page, "run-detail-rejected");
  });

  test("two people deciding the same approval at once: one wins, the other sees who decided", async ({ page, browser }) => {
    await signIn(page);
    const started = await startGatedRun(77);
    const approvalId = approvalIdOf(started.id);
    const other = await memberPage(browser, "Rita Reviewer", "rita@example.com");
    shareRunWorkflowWith(started.id, "rita@example.com");

    await page.goto(`/approvals/${approvalId}`);
    await other.goto(`/approvals/${approvalId}`);
    await card(page, approvalId).getByLabel(/Note/).fill("Admin says yes");
    await card(other, approvalId).getByLabel(/Note/).fill("Rita says no");
    await Promise.all([
      card(page, approvalId).getByRole("button", { name: "Approve" }).click(),
      card(other, approvalId).getByRole("button", { name: "Reject" }).click(),
    ]);
    const outcomes = await Promise.all(
      [page, other].map(async (p) => {
        const c = card(p, approvalId);
        await expect(c).not.toHaveAttribute("data-state", "pending", { timeout: 30_000 });
        return c.getAttribute("data-state");
      }),
    );
    expect([...outcomes].sort()).toEqual(["already_decided", "decided"]);
    const loser = outcomes[0] === "already_decided" ? page : other;
    const winnerName = loser === page ? "rita@example.com" : "demo@switchyard.local";
    await expect(card(loser, approvalId).getByTestId("already-decided")).toContainText(
      new RegExp(`Already decided \\((approved|rejected)\\) by ${winnerName} at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} UTC`),
    );
    await screenshot(loser, "approvals-already-decided");
    await other.context().close();
  });

  test("a member cannot open another member's run or approval, by URL or by server action", async ({ page, browser }) => {
    await signIn(page);
    const started = await startGatedRun(5);
    const approvalId = approvalIdOf(started.id);
    const member = await memberPage(browser, "Mo Member", "mo@example.com");

    expect((await member.goto(`/runs/${started.id}`))?.status()).toBe(404);
    expect((await member.goto(`/approvals/${approvalId}`))?.status()).toBe(404);
    expect((await member.request.get(`/api/runs/${started.id}/export`)).status()).toBe(404);
    expect((await member.request.get(`/api/runs/${started.id}/events`)).status()).toBe(404);
    await member.goto("/approvals");
    await expect(card(member, approvalId)).toHaveCount(0);
    await member.goto("/runs");
    await expect(member.locator(`[data-run-id="${started.id}"]`)).toHaveCount(0);

    // crafted server-action calls with the real action ids
    const call = async (file: string, name: string, args: unknown[]) => {
      const response = await member.request.post("/approvals", {
        headers: { "Next-Action": serverActionId(file, name), Accept: "text/x-component", "Content-Type": "text/plain;charset=UTF-8" },
        data: JSON.stringify(args),
      });
      return response.text();
    };
    expect(
      await call("app/(app)/approvals/actions.ts", "decideApprovalAction", [{ approvalId, decision: "approved", note: "sneaky" }]),
    ).toContain('"code":"not_found"');
    expect(await call("app/(app)/runs/actions.ts", "cancelRunAction", [started.id])).toContain('"code":"not_found"');
    expect(await call("app/(app)/runs/actions.ts", "rerunAction", [started.id])).toContain('"code":"not_found"');

    // nothing happened to the run: the admin still finds it waiting and can cancel it
    await page.goto(`/runs/${started.id}`);
    await expect(page.getByTestId("run-status")).toHaveText("Waiting");
    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Cancel run" }).click();
    await expect(page.getByTestId("run-status")).toHaveText("Cancelled");
    await expect(page.getByTestId("run-approval").getByTestId("status")).toHaveAttribute("data-status", "cancelled");
    await member.context().close();
  });

  test("the runs list filters by status and trigger and opens a run", async ({ page }) => {
    await signIn(page, DEMO.email, DEMO.password);
    await page.goto("/runs");
    await expect(page.getByTestId("runs-table")).toBeVisible();
    await page.getByLabel("Status").selectOption("cancelled");
    await page.getByLabel("Trigger").selectOption("cli");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/status=cancelled/);
    const rows = page.locator("[data-testid=runs-table] tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId("status")).toHaveAttribute("data-status", "cancelled");
    await screenshot(page, "runs-list-filtered");
    await rows.first().getByRole("link", { name: "Refund approval" }).click();
    await expect(page.getByTestId("run-status")).toHaveText("Cancelled");
  });
});
