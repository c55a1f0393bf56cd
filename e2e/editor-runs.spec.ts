import { expect, test } from "@playwright/test";
import { EditorPage } from "./editor-page";
import { screenshot, signIn } from "./helpers";

test.use({ viewport: { width: 1600, height: 1000 } });

/** START (q) → LLM → CONDITION_BRANCH (does the answer mention "pinned"?) → END (the answer). */
const debugDocument = {
  format: "switchyard.workflow",
  version: 1,
  name: "E2E pinned outputs",
  description: "",
  graph: {
    nodes: [
      {
        id: "start",
        type: "START",
        position: { x: 0, y: 0 },
        data: {
          variables: [
            { name: "q", type: "string", required: true },
            { name: "order_id", type: "number", default_value: 1001 },
          ],
        },
      },
      {
        id: "llm",
        type: "LLM",
        position: { x: 320, y: 0 },
        data: { title: "Answer", prompt_template: "Answer {{input.q}} about order {{input.order_id}}" },
      },
      {
        id: "check",
        type: "CONDITION_BRANCH",
        position: { x: 640, y: 0 },
        data: { conditions: [{ id: "pinned", rules: [{ variable: "{{llm.text}}", operator: "contains", value: "pinned" }] }] },
      },
      { id: "end", type: "END", position: { x: 960, y: 0 }, data: { output_mapping: { answer: "{{llm.text}}" } } },
    ],
    edges: [
      { id: "e1", source: "start", target: "llm" },
      { id: "e2", source: "llm", target: "check" },
      { id: "e3", source: "check", sourceHandle: "pinned", target: "end" },
      { id: "e4", source: "check", sourceHandle: "default", target: "end" },
    ],
  },
};

test.describe("workflow editor: runs", () => {
  test("run the draft: a form from START's variables, node colours from the run's events, node details", async ({ page }) => {
    const document = {
      format: "switchyard.workflow",
      version: 1,
      name: "E2E run watch",
      description: "",
      graph: {
        nodes: [
          {
            id: "start",
            type: "START",
            position: { x: 0, y: 0 },
            data: { title: "Start", variables: [{ name: "amount", type: "number", required: true }] },
          },
          {
            id: "big",
            type: "CONDITION_BRANCH",
            position: { x: 320, y: 0 },
            data: {
              title: "Big amount?",
              conditions: [
                { id: "big", label: "Over 100", rules: [{ variable: "{{input.amount}}", operator: "greater_than", value: 100 }] },
              ],
            },
          },
          { id: "approve", type: "HUMAN_INTERVENTION", position: { x: 640, y: -80 }, data: { title: "Approve {{input.amount}}" } },
          { id: "done", type: "END", position: { x: 960, y: 0 }, data: { output_mapping: { amount: "{{input.amount}}" } } },
        ],
        edges: [
          { id: "e1", source: "start", target: "big" },
          { id: "e2", source: "big", sourceHandle: "big", target: "approve" },
          { id: "e3", source: "big", sourceHandle: "default", target: "done" },
          { id: "e4", source: "approve", sourceHandle: "approved", target: "done" },
        ],
      },
    };
    await signIn(page);
    const editor = new EditorPage(page);
    await editor.importWorkflow(document);
    await expect(editor.node("approve")).toBeVisible();

    // a small amount takes the default branch and the run succeeds
    await page.getByRole("button", { name: "Run", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Run the draft" });
    await dialog.getByRole("button", { name: "Start run" }).click();
    await expect(dialog.getByText("Required.")).toBeVisible();
    // only decimal numbers: "0x10" is refused with a field error and nothing starts
    await dialog.getByLabel("amount *").fill("0x10");
    await dialog.getByRole("button", { name: "Start run" }).click();
    await expect(page.locator("#run-input-amount-error")).toHaveText("Enter a decimal number, like 42 or -3.5.");
    await expect(page.getByTestId("run-banner")).toHaveCount(0);
    await dialog.getByLabel("amount *").fill("5");
    await dialog.getByRole("button", { name: "Start run" }).click();
    await expect(page.getByTestId("run-banner")).toContainText("Succeeded");
    await expect(editor.node("done").getByTestId("node-run-status")).toContainText("succeeded");
    await expect(editor.node("start").locator("[data-run-status]")).toHaveAttribute("data-run-status", "succeeded");
    await expect(editor.node("approve").locator("[data-run-status]")).toHaveAttribute("data-run-status", "skipped");
    await editor.select("big");
    await expect(editor.panel().getByTestId("node-run-panel")).toContainText('"matched": "default"');

    // a big amount waits for an approval
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await dialog.getByLabel("amount *").fill("500");
    await dialog.getByRole("button", { name: "Start run" }).click();
    await expect(page.getByTestId("run-banner")).toContainText("Waiting");
    await expect(editor.node("approve").locator("[data-run-status]")).toHaveAttribute("data-run-status", "waiting");
    await expect(editor.node("big").locator("[data-run-status]")).toHaveAttribute("data-run-status", "succeeded");
    await editor.select("approve");
    await expect(editor.panel().getByTestId("node-run-panel")).toContainText("Waiting for anyone to decide");
    await screenshot(page, "editor-run-waiting");

    // reloading the page while the run is still going shows it again, painted from its events
    await page.reload();
    await expect(page.getByTestId("run-banner")).toContainText("Waiting");
    await expect(editor.node("approve").locator("[data-run-status]")).toHaveAttribute("data-run-status", "waiting");
    await expect(editor.node("big").locator("[data-run-status]")).toHaveAttribute("data-run-status", "succeeded");
    await expect(editor.node("done").locator("[data-run-status]")).toHaveAttribute("data-run-status", "pending");

    // approved in the inbox in another tab: the editor follows the run on to its end
    const inbox = await page.context().newPage();
    await inbox.goto("/approvals");
    const approval = inbox.getByTestId("approval-card").filter({ has: inbox.getByRole("heading", { name: "Approve 500" }) });
    await approval.getByRole("button", { name: "Approve" }).click();
    await expect(approval.getByTestId("decision-result")).toContainText("Approved by demo@switchyard.local");
    await inbox.close();
    await expect(page.getByTestId("run-banner")).toContainText("Succeeded", { timeout: 20_000 });
    await expect(editor.node("approve").locator("[data-run-status]")).toHaveAttribute("data-run-status", "succeeded");
    await expect(editor.node("done").locator("[data-run-status]")).toHaveAttribute("data-run-status", "succeeded");
    // decided: the node's details give the decision, and no longer say that it waits
    await editor.select("approve");
    const approvePanel = editor.panel().getByTestId("node-run-panel");
    await expect(approvePanel).toContainText('"decision": "approved"');
    await expect(approvePanel).not.toContainText("Waiting for");
  });

  test("resource id fields suggest the workspace's connectors and actions, and say when one does not exist", async ({ page }) => {
    await signIn(page);
    await new EditorPage(page).importWorkflow({
      format: "switchyard.workflow",
      version: 1,
      name: "E2E connector ids",
      description: "",
      graph: {
        nodes: [
          { id: "start", type: "START", position: { x: 0, y: 0 }, data: { variables: [] } },
          {
            id: "call",
            type: "CONNECTOR",
            position: { x: 320, y: 0 },
            data: { connector_id: "demo_orders", action_id: "get_order", parameters: { order_id: "1001" } },
          },
          { id: "end", type: "END", position: { x: 640, y: 0 }, data: { output_mapping: { order: "{{call.body}}" } } },
        ],
        edges: [
          { id: "e1", source: "start", target: "call" },
          { id: "e2", source: "call", target: "end" },
        ],
      },
    });
    const editor = new EditorPage(page);
    await editor.select("call");
    const panel = editor.panel();
    const connector = panel.getByLabel(/^Connector ID/);
    const action = panel.getByLabel(/^Action ID/);
    const options = async (input: typeof connector) =>
      page
        .locator(`datalist[id="${await input.getAttribute("list")}"] option`)
        .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
    expect(await options(connector)).toContain("demo_orders");
    expect(await options(action)).toEqual(["get_order", "refund_order", "ship_order"]);
    await expect(panel.getByTestId("resource-unknown")).toHaveCount(0);

    await action.fill("get_orders");
    await expect(panel.getByTestId("resource-unknown")).toHaveText(
      'No action "get_orders" of connector "demo_orders"; a run would fail. Known: get_order, refund_order, ship_order.',
    );
    await connector.fill("demo_orderz");
    await expect(panel.getByTestId("resource-unknown")).toContainText('No connector "demo_orderz" in this workspace; a run would fail.');
    await screenshot(page, "editor-unknown-connector");
    // run as it is: the call fails, and END, which the run never reached, says so instead of "pending"
    await editor.expectSaved();
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await page.getByRole("dialog", { name: "Run the draft" }).getByRole("button", { name: "Start run" }).click();
    await expect(page.getByTestId("run-banner")).toContainText("Failed");
    // the banner's elapsed time stays on one line (text-xs: 16 px) next to the error, figure and unit together
    const elapsed = page.getByTestId("run-banner").getByText(/^\d+\.\d{2} s$/);
    expect(await elapsed.evaluate((element) => element.getBoundingClientRect().height)).toBe(16);
    await expect(editor.node("call").locator("[data-run-status]")).toHaveAttribute("data-run-status", "failed");
    await expect(editor.node("end").locator("[data-run-status]")).toHaveAttribute("data-run-status", "not_reached");
    await expect(editor.node("end").getByTestId("node-run-status")).toHaveText("not reached");
    await connector.fill("demo_orders");
    await action.fill("get_order");
    await expect(panel.getByTestId("resource-unknown")).toHaveCount(0);
  });

  test("pinned outputs stand in for a node in draft runs; a single node runs on its own with sample values", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const editor = new EditorPage(page);
    await editor.importWorkflow(debugDocument);
    await expect(editor.node("llm")).toBeVisible();

    // pin the LLM's outputs: draft runs then take them and do not call a model
    await editor.select("llm");
    await editor.panel().getByRole("button", { name: "Pin outputs" }).click();
    await editor.panel().getByLabel("Pinned outputs (JSON)").fill("[1]");
    await editor.panel().getByRole("button", { name: "Save pins" }).click();
    await expect(editor.panel().getByRole("alert")).toHaveText('Enter a JSON object, like {"text": "…"}.');
    await editor.panel().getByLabel("Pinned outputs (JSON)").fill('{"text": "a pinned answer"}');
    await editor.panel().getByRole("button", { name: "Save pins" }).click();
    await expect(editor.node("llm").getByTestId("node-pinned")).toBeVisible();
    await expect(editor.panel().getByTestId("pinned-outputs")).toContainText('"text": "a pinned answer"');
    await editor.expectSaved();

    await page.getByRole("button", { name: "Run", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Run the draft" });
    await dialog.getByLabel("q *").fill("why?");
    await dialog.getByRole("button", { name: "Start run" }).click();
    await expect(page.getByTestId("run-banner")).toContainText("Succeeded");
    await expect(editor.node("llm").locator("[data-run-status]")).toHaveAttribute("data-run-status", "succeeded");
    await expect(editor.panel().getByTestId("node-run-panel")).toContainText('"pinned_outputs": true');
    await editor.select("check");
    await expect(editor.panel().getByTestId("node-run-panel")).toContainText('"matched": "pinned"');
    // the side panel narrows the canvas: close it so END is in view again
    await page.getByRole("button", { name: "Close node settings" }).click();
    await editor.select("end");
    await expect(editor.panel().getByTestId("node-run-panel")).toContainText('"answer": "a pinned answer"');

    // the pin is saved with the draft
    await page.reload();
    await expect(editor.node("llm").getByTestId("node-pinned")).toBeVisible();

    // test the condition alone: the LLM it reads is stood in for by the sample, START by the sample input
    await editor.select("check");
    await editor.panel().getByRole("button", { name: "Test this node" }).click();
    const sample = editor.panel().getByLabel("Sample values by template root (JSON)");
    await expect(sample).toHaveValue(JSON.stringify({ llm: { text: "" } }, null, 2));
    await sample.fill('{"llm": {"text": "nothing special"}}');
    await editor.panel().getByRole("button", { name: "Run test" }).click();
    await expect(page.getByTestId("run-banner")).toContainText("Succeeded");
    await expect(editor.node("check").locator("[data-run-status]")).toHaveAttribute("data-run-status", "succeeded");
    await expect(editor.panel().getByTestId("node-run-panel")).toContainText('"matched": "default"');
    await expect(editor.node("end").locator("[data-run-status]")).toHaveCount(0);
    await screenshot(page, "editor-node-test");

    // unpinning takes the pin off the node
    await editor.select("llm");
    await editor.panel().getByRole("button", { name: "Unpin" }).click();
    await expect(editor.node("llm").getByTestId("node-pinned")).toHaveCount(0);

    // a test of the LLM starts from START's defaults, typed, as the run dialog does; "" where there is none
    await editor.panel().getByRole("button", { name: "Test this node" }).click();
    await expect(editor.panel().getByLabel("Sample values by template root (JSON)")).toHaveValue(
      JSON.stringify({ input: { q: "", order_id: 1001 } }, null, 2),
    );
    await editor.panel().getByRole("button", { name: "Cancel" }).click();
  });

  test("a single-node test is not the workflow's last run in the list", async ({ page }) => {
    await signIn(page);
    const editor = new EditorPage(page);
    const name = `E2E node test only ${Date.now()}`;
    await editor.importWorkflow({ ...debugDocument, name });
    await editor.select("check");
    await editor.panel().getByRole("button", { name: "Test this node" }).click();
    await editor.panel().getByLabel("Sample values by template root (JSON)").fill('{"llm": {"text": "pinned"}}');
    await editor.panel().getByRole("button", { name: "Run test" }).click();
    await expect(page.getByTestId("run-banner")).toContainText("Succeeded");
    await page.goto("/workflows");
    const row = page.getByTestId("workflow-row").filter({ hasText: name });
    await expect(row).toContainText("never run");
  });
});
