/**
 * Capability sources as a person uses them: a connector to a local HTTP API with actions imported from the
 * Petstore OpenAPI document, tried in the page; an MCP server (server-everything over Streamable HTTP) and its
 * tools; knowledge bases with uploaded documents and test retrieval (keyword, and hybrid with embeddings from
 * aimock); a skill with its preview.
 * The e2e server allows 127.0.0.1 and localhost (SWITCHYARD_ALLOWED_HOSTS, scripts/e2e-server.mjs).
 */
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { LLMock } from "@copilotkit/aimock";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { screenshot, signIn } from "./helpers";

const ROOT = path.resolve(import.meta.dirname, "..");
const TOKEN = "e2e-petstore-token-0123456789";
const seenAuthorization: string[] = [];
let api: http.Server;
let apiUrl = "";
let mcp: ChildProcess | null = null;
let mcpUrl = "";
let sqliteDir = "";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
}

test.beforeAll(async () => {
  api = http.createServer((request, response) => {
    seenAuthorization.push(request.headers.authorization ?? "");
    const match = /^\/api\/v3\/pet\/(\d+)$/.exec(request.url ?? "");
    if (request.method === "GET" && match && match[1] !== "404") {
      response.writeHead(200, { "content-type": "application/json", "x-request-id": "req-42" });
      response.end(JSON.stringify({ id: Number(match[1]), name: "Rex", status: "available" }));
      return;
    }
    response.writeHead(404, { "content-type": "application/json" });
    response.end(JSON.stringify({ error: "not found" }));
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as net.AddressInfo).port}/api/v3`;

  sqliteDir = mkdtempSync(path.join(tmpdir(), "switchyard-e2e-db-"));
  const shop = new Database(path.join(sqliteDir, "shop.db"));
  shop.exec(
    "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT NOT NULL, total REAL); INSERT INTO orders (customer, total) VALUES ('Ada', 120.5), ('Grace', 80);",
  );
  shop.close();

  const port = await freePort();
  mcp = spawn(process.execPath, [path.join(ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js"), "streamableHttp"], {
    env: { ...process.env, PORT: String(port) },
    stdio: "ignore",
  });
  await waitForPort(port, 20_000);
  mcpUrl = `http://127.0.0.1:${port}/mcp`;
});

test.afterAll(async () => {
  api?.closeAllConnections();
  await new Promise((resolve) => api?.close(resolve));
  if (mcp?.pid) mcp.kill("SIGTERM");
  rmSync(sqliteDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
});

test.describe("capability sources", () => {
  test("add a connector, import the Petstore OpenAPI document, try an action", async ({ page }) => {
    await signIn(page);
    await page.goto("/settings/connectors");
    await expect(page.getByRole("heading", { name: "Connectors", level: 1 })).toBeVisible();
    await expect(page.getByRole("form", { name: "Network settings" })).toBeVisible();
    await screenshot(page, "connectors-empty");

    const form = page.getByRole("form", { name: "New connector" });
    await form.locator("#name").fill("Petstore");
    await form.locator("#key").fill("petstore");
    await form.locator("#baseUrl").fill(apiUrl);
    await form.locator("#authKind").selectOption("bearer");
    await form.locator("#secret").fill(TOKEN);
    await form.getByRole("button", { name: "Create connector" }).click();
    await expect(page).toHaveURL(/\/settings\/connectors\/[^/]+$/);
    await expect(page.getByRole("heading", { name: "Petstore", level: 1 })).toBeVisible();
    // the token is write-only: only its last four characters are shown
    await expect(page.getByText("Stored: ••••6789. Leave blank to keep it.")).toBeVisible();
    expect(await page.content()).not.toContain(TOKEN);

    await page.getByRole("button", { name: "Import from OpenAPI" }).click();
    await page.locator("#openapi-file").setInputFiles(path.join(ROOT, "lib/connectors/fixtures/petstore.openapi.json"));
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByTestId("openapi-preview");
    await expect(preview).toContainText("19 operation(s)");
    await expect(preview).toContainText("get_pet_by_id");
    await screenshot(page, "connector-openapi-preview");
    await page.getByRole("button", { name: "Import 19 action(s)" }).click();
    await expect(page.getByText("Imported 19 action(s).")).toBeVisible();
    await expect(page.getByTestId("action-get_pet_by_id")).toBeVisible();

    await page.getByRole("button", { name: "Try get_pet_by_id" }).click();
    await page.getByLabel("petId *").fill("7");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByTestId("try-status")).toHaveText("200");
    await expect(page.getByTestId("try-body")).toContainText('"name": "Rex"');
    await expect(page.getByTestId("try-body")).toContainText('"id": 7');
    await screenshot(page, "connector-try-it");
    expect(seenAuthorization).toContain(`Bearer ${TOKEN}`);

    // the form checks types before sending; a 404 is a response, shown with its status and body
    await page.getByLabel("petId *").fill("abc");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByText("petId: enter a number.")).toBeVisible();
    await expect(page.getByTestId("try-result")).toHaveCount(0);
    await page.getByLabel("petId *").fill("404");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByTestId("try-status")).toHaveText("404");
    await expect(page.getByTestId("try-body")).toContainText('"error": "not found"');

    await page.goto("/settings/connectors");
    await expect(page.getByRole("table", { name: "Connectors" })).toContainText("Petstore");
    await expect(page.getByRole("table", { name: "Connectors" })).toContainText("bearer token ••••6789");
    await screenshot(page, "connectors-list");

    // admins edit the SSRF allow-list; a malformed entry is named beside the field
    const network = page.getByRole("form", { name: "Network settings" });
    await network.getByLabel("Allowed private hosts").fill("10.20.0.0/16\nerp.corp.local\nnot a host");
    await network.getByRole("button", { name: "Save network settings" }).click();
    await expect(network.locator("#allowedHosts-error")).toHaveText("Not a host name, IP or CIDR: not a host");
    await network.getByLabel("Allowed private hosts").fill("10.20.0.0/16\nerp.corp.local");
    await network.getByRole("button", { name: "Save network settings" }).click();
    await expect(network.getByRole("status")).toHaveText("Saved.");
    await network.scrollIntoViewIfNeeded();
    await screenshot(page, "connectors-network");
  });

  test("add a read-only SQLite database connector and query it", async ({ page }) => {
    await signIn(page);
    await page.goto("/settings/connectors");
    const form = page.getByRole("form", { name: "New connector" });
    await form.locator("#name").fill("Shop database");
    await form.locator("#key").fill("shop_db");
    await form.locator("#kind").selectOption("database");
    await form.locator("#secret").fill(`file:${path.join(sqliteDir, "shop.db")}`);
    await form.getByRole("button", { name: "Create connector" }).click();
    await expect(page.getByRole("heading", { name: "Shop database", level: 1 })).toBeVisible();

    await page.getByRole("button", { name: "Try query" }).click();
    await page.getByLabel("sql *").fill("SELECT customer, total FROM orders ORDER BY id");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByTestId("try-status")).toHaveText("200");
    await expect(page.getByTestId("try-body")).toContainText('"customer": "Ada"');
    await expect(page.getByTestId("try-body")).toContainText('"row_count": 2');
    await screenshot(page, "connector-database");

    await page.getByLabel("sql *").fill("DELETE FROM orders");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByTestId("try-status")).toHaveText("400");
    await expect(page.getByTestId("try-body")).toContainText("read-only");
  });

  test("test connection with an invalid URL names the URL field and the problem, at once", async ({ page }) => {
    await signIn(page);
    await page.goto("/settings/mcp-servers");
    const form = page.getByRole("form", { name: "New MCP server" });
    await form.getByLabel("Name").fill("Broken");
    await form.getByLabel("Key").fill("broken");
    const problem = "Not a full URL (it needs http:// or https:// and a host), e.g. https://mcp.example.com/mcp.";
    for (const url of ["not a url", "http//x", "http://not a url"]) {
      await form.getByLabel("URL").fill(url);
      await form.getByRole("button", { name: "Test connection" }).click();
      await expect(form.getByTestId("mcp-test-result")).toHaveText(`Not tested: check the form.URL: n${problem.slice(1)}`, {
        timeout: 3000,
      });
      await expect(form.locator("#mcp-new-url-error")).toHaveText(problem);
      await expect(form.getByLabel("URL")).toHaveAttribute("aria-invalid", "true");
      await expect(form.getByRole("button", { name: "Test connection" })).toBeEnabled();
    }
    await screenshot(page, "mcp-server-invalid-url");
  });

  test("add an MCP server over Streamable HTTP and see its tools; a server that is down fails fast", async ({ page }) => {
    await signIn(page);
    await page.goto("/settings/mcp-servers");
    await expect(page.getByRole("heading", { name: "MCP servers", level: 1 })).toBeVisible();
    const form = page.getByRole("form", { name: "New MCP server" });
    await form.getByLabel("Name").fill("Everything");
    await form.getByLabel("Key").fill("everything");
    await form.getByLabel("URL").fill("http://127.0.0.1:9/mcp");
    await form.getByLabel("Per-call timeout (ms)").fill("5000");
    const started = Date.now();
    await form.getByRole("button", { name: "Test connection" }).click();
    await expect(form.getByTestId("mcp-test-result")).toContainText("Connection failed", { timeout: 8000 });
    expect(Date.now() - started).toBeLessThan(8000);
    await expect(form.getByTestId("mcp-test-result")).toContainText("127.0.0.1:9");
    await form.getByTestId("mcp-test-result").scrollIntoViewIfNeeded();
    await screenshot(page, "mcp-server-down");

    await form.getByLabel("URL").fill(mcpUrl);
    await form.getByRole("button", { name: "Add server" }).click();
    const card = page.getByTestId("mcp-server-everything");
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: "Test connection" }).click();
    await expect(card.getByTestId("mcp-tool-echo")).toBeVisible({ timeout: 20_000 });
    await expect(card.getByTestId("mcp-test-result")).toContainText("Connected in");
    await card.getByTestId("mcp-tool-echo").getByText("Input schema").click();
    await expect(card.getByTestId("mcp-tool-echo")).toContainText('"message"');
    await screenshot(page, "mcp-servers");
  });

  test("create a knowledge base, upload documents, watch them index, test retrieval, delete one", async ({ page }) => {
    await signIn(page);
    await page.goto("/settings/knowledge");
    await page.getByLabel("Name").fill("Company policies");
    await expect(page.getByLabel("Key")).toHaveValue("company_policies");
    await page.getByRole("button", { name: "Create knowledge base" }).click();
    await expect(page.getByRole("heading", { name: "Company policies", level: 1 })).toBeVisible();

    const fixtures = ["refunds-policy.md", "security-faq.txt", "travel-expenses.pdf", "shipping.html", "onboarding.docx"];
    await page.locator("#kb-files").setInputFiles(fixtures.map((name) => path.join(ROOT, "lib/knowledge/fixtures", name)));
    await page.getByRole("button", { name: "Upload" }).click();
    for (const name of fixtures) {
      await expect(page.getByTestId(`document-${name}`).getByTestId("document-status")).toHaveText("ready", { timeout: 30_000 });
    }
    await screenshot(page, "knowledge-documents");

    await page.getByLabel("Query").fill("daily per diem for meals");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("hit-document").first()).toHaveText("travel-expenses.pdf");
    await expect(page.getByTestId("retrieval-hit").first()).toContainText("45 euros");
    await expect(page.getByTestId("retrieval-mode")).toHaveText("keyword (bm25)");
    await expect(page.getByTestId("hit-keyword-score").first()).toHaveText(/^bm25 \d+\.\d{3}$/);
    await expect(page.getByTestId("hit-vector-score").first()).toHaveText("vector —");
    await screenshot(page, "knowledge-retrieval");

    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Delete travel-expenses.pdf" }).click();
    await expect(page.getByTestId("document-travel-expenses.pdf")).toHaveCount(0);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("retrieval-results")).not.toContainText("travel-expenses.pdf");

    // the index lives in the database: a reload still finds the other documents
    await page.reload();
    await page.getByLabel("Query").fill("reset my password");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("hit-document").first()).toHaveText("security-faq.txt");
  });

  test("a knowledge base with an embedding model ranks by keywords and vectors fused (RRF) and shows each score", async ({ page }) => {
    // a real OpenAI-compatible server for the embeddings; aimock gives one vector per request (first match wins)
    const mock = new LLMock({ port: 0, host: "127.0.0.1" });
    mock.onEmbedding("per diem", { embedding: [1, 0, 0] });
    mock.onEmbedding(/[\s\S]/, { embedding: [0, 1, 0] });
    await mock.start();
    try {
      await signIn(page);
      await page.goto("/settings/models");
      await page.getByLabel("Base URL").fill(`${mock.url}/v1`);
      await page.getByLabel("Smart model").fill("mock-smart");
      await page.getByLabel("Fast model").fill("mock-fast");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("status")).toHaveText("Saved.");

      await page.goto("/settings/knowledge");
      await page.getByLabel("Name").fill("Travel hybrid");
      await page.getByLabel("Embedding model").fill("mock embed");
      await page.getByRole("button", { name: "Create knowledge base" }).click();
      await expect(page.locator("#kb-embedding-model-error")).toHaveText("A model name has no spaces, e.g. text-embedding-3-small.");
      await page.getByLabel("Embedding model").fill("mock-embed-3");
      await page.getByRole("button", { name: "Create knowledge base" }).click();
      await expect(page.getByRole("heading", { name: "Travel hybrid", level: 1 })).toBeVisible();
      await expect(page.getByText("hybrid ranking with mock-embed-3")).toBeVisible();

      const fixtures = ["travel-expenses.pdf", "security-faq.txt", "refunds-policy.md"];
      await page.locator("#kb-files").setInputFiles(fixtures.map((name) => path.join(ROOT, "lib/knowledge/fixtures", name)));
      await page.getByRole("button", { name: "Upload" }).click();
      for (const name of fixtures) {
        await expect(page.getByTestId(`document-${name}`).getByTestId("document-status")).toHaveText("ready", { timeout: 30_000 });
      }
      await page.getByLabel("Query").fill("daily per diem for meals");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page.getByTestId("retrieval-mode")).toHaveText("hybrid: keyword + vector, fused by RRF (k = 60)");
      const best = page.getByTestId("retrieval-hit").first();
      await expect(best.getByTestId("hit-document")).toHaveText("travel-expenses.pdf");
      await expect(best.getByTestId("hit-keyword-score")).toHaveText(/^bm25 \d+\.\d{3}$/);
      await expect(best.getByTestId("hit-vector-score")).toHaveText("vector 1.000");
      await expect(best.getByTestId("hit-fused-score")).toHaveText(`fused ${(2 / 61).toFixed(4)}`);
      await expect(best.getByTestId("hit-score")).toHaveText("score 1.000");
      // chunks that share no word with the query still rank, by their vector alone
      const byVectorOnly = page.getByTestId("retrieval-hit").filter({ has: page.getByTestId("hit-keyword-score").getByText("bm25 —") });
      await expect(byVectorOnly).toHaveCount(2);
      await expect(byVectorOnly.getByTestId("hit-vector-score")).toHaveText(["vector 0.000", "vector 0.000"]);
      expect(mock.getRequests().filter((entry) => entry.path === "/v1/embeddings").length).toBeGreaterThanOrEqual(4);
      await screenshot(page, "knowledge-retrieval-hybrid");
    } finally {
      await mock.stop();
    }
  });

  test("write a skill and preview its Markdown safely", async ({ page }) => {
    await signIn(page);
    await page.goto("/settings/skills");
    await page.getByLabel("Name").fill("Refund approval");
    await page.getByLabel("Description").fill("How to approve a refund above 500 euros");
    await page
      .getByLabel("Body (Markdown)")
      .fill(
        "# Refund approval\n\n1. Check the **order** with `get_order`\n2. Ask finance (see snake_case_name below)\n\n" +
          "| Field | Limit |\n| --- | ---: |\n| max_refund_eur | 500 |\n| approval_timeout_h | 48 |\n\n<script>alert(1)</script>",
      );
    await page.getByRole("tab", { name: "Preview" }).click();
    const preview = page.getByTestId("markdown-preview");
    await expect(preview.getByRole("heading", { name: "Refund approval" })).toBeVisible();
    await expect(preview.locator("strong")).toHaveText("order");
    // underscores inside words stay (no italics), and GFM tables render
    await expect(preview.getByText("Ask finance (see snake_case_name below)")).toBeVisible();
    await expect(preview.locator("em")).toHaveCount(0);
    await expect(preview.getByRole("table").getByRole("row")).toHaveText(["FieldLimit", "max_refund_eur500", "approval_timeout_h48"]);
    await expect(preview).toContainText("<script>alert(1)</script>");
    await expect(preview.locator("script")).toHaveCount(0);
    await screenshot(page, "skills-preview");
    // a skill's name is what agents call read_skill with: lowercase, digits, - and _ only
    await page.getByRole("button", { name: "Create skill" }).click();
    await expect(page.locator("#skill-name-error")).toHaveText(
      "A skill name uses lowercase letters, digits, - and _ only (agents call read_skill with it); try refund-approval.",
    );
    await page.getByLabel("Name").fill("refund-approval");
    await page.getByRole("button", { name: "Create skill" }).click();
    await expect(page.getByRole("link", { name: /refund-approval/ })).toBeVisible();
    await screenshot(page, "skills");
  });
});
