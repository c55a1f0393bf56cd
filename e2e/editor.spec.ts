import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { generateDocument } from "./bench/bench-workflow";
import { geometryFor } from "@/components/workflow-editor/node-geometry";
import { EditorPage } from "./editor-page";
import { screenshot, signIn } from "./helpers";

test.use({ viewport: { width: 1600, height: 1000 } });

test.describe("workflow editor", () => {
  test("build a workflow from an empty canvas, validate, save, reload, export, import a copy, publish", async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page);
    await page.goto("/workflows");
    await page.getByRole("button", { name: "New workflow" }).click();
    await page.getByRole("dialog").getByLabel("Name", { exact: true }).fill("E2E refund check");
    await page.getByRole("button", { name: "Create and open" }).click();
    await page.waitForURL(/\/workflows\/[^/]+$/);
    const editor = new EditorPage(page);
    await expect(page.getByText("An empty canvas.")).toBeVisible();
    await expect(page.getByTestId("problems-count")).toHaveText("2 problems");

    // drag five node types from the palette; the first lands where it was dropped (the view stays at
    // zoom 1: the node is centred on the pointer, 30 px below its top edge)
    await editor.drop("START", 320, 120);
    await expect(editor.node("start")).toBeVisible();
    const canvasBox = await editor.canvas.boundingBox();
    const startBox = await editor.node("start").boundingBox();
    expect(startBox && canvasBox && [startBox.x - canvasBox.x, startBox.y - canvasBox.y, startBox.width]).toEqual([200, 90, 240]);
    await expect(page.getByTestId("palette-START")).toBeDisabled();
    await editor.drop("LLM", 620, 120);
    // a new condition asks for what to test instead of naming a variable the workflow does not have
    await editor.drop("CONDITION_BRANCH", 320, 380);
    await expect(page.getByTestId("problems-list")).toContainText(
      'Node "condition_branch" (CONDITION_BRANCH): conditions.0.rules.0.variable: Required: choose what to test with the variable picker, e.g. {{input.amount}}.',
    );
    await expect(page.getByTestId("problems-list")).not.toContainText('Node "condition_branch", conditions.0.rules.0.variable');
    await editor.drop("HUMAN_INTERVENTION", 620, 420);
    await editor.drop("END", 720, 300);
    // the problems list is current in the frame the new node appears in (not one change behind)
    await expect(editor.node("end")).toBeVisible();
    const atOnce = await page.getByTestId("problems-count").textContent();
    await page.waitForTimeout(600);
    expect(atOnce).toBe(await page.getByTestId("problems-count").textContent());
    expect(atOnce).toBe("6 problems");
    for (const id of ["start", "llm", "condition_branch", "human_intervention", "end"]) await expect(editor.node(id)).toBeVisible();
    await expect(editor.node("human_intervention").locator('[data-handleid="approved"]')).toBeVisible();
    await expect(editor.node("human_intervention").locator('[data-handleid="rejected"]')).toBeVisible();
    await expect(editor.node("condition_branch").locator('[data-handleid="if_1"]')).toBeVisible();
    await expect(editor.node("condition_branch").locator('[data-handleid="default"]')).toBeVisible();
    await page.getByRole("button", { name: "Close node settings" }).click();

    // connect them
    await editor.connect("start", "llm");
    await editor.connect("llm", "condition_branch");
    await editor.connect("condition_branch", "human_intervention", "if_1");
    await editor.connect("condition_branch", "end", "default");
    await editor.connect("human_intervention", "end", "approved");
    await expect(page.locator(".react-flow__edge")).toHaveCount(5);

    // a connection that would make a loop is refused with a hint
    await editor.connect("human_intervention", "llm", "rejected");
    await expect(page.getByTestId("connection-hint")).toContainText("loop");
    await expect(page.locator(".react-flow__edge")).toHaveCount(5);

    await editor.autoLayout();

    // START: one required input variable; the side panel narrows the canvas, so fit the view to what is left
    // (END, laid out at the right edge, is out of sight under it)
    await editor.select("start");
    await editor.fitView();
    await expect(editor.panel().getByText("Error handling and retries")).toHaveCount(0);
    await editor.panel().getByRole("button", { name: "Add variable" }).click();
    await editor.panel().getByLabel("Name *").fill("question");
    await editor.panel().getByLabel("Required").check();
    await expect(editor.node("start")).toContainText("Inputs: question");

    // LLM: the prompt from the variable picker, which lists only what is upstream
    await editor.select("llm");
    await expect(editor.panel().getByText("Error handling and retries")).toBeVisible();
    const prompt = editor.panel().getByLabel("Prompt template *");
    await prompt.fill("Is this a refund request? ");
    await editor.panel().getByRole("button", { name: "Insert variable into Prompt template" }).click();
    await expect(page.getByRole("option", { name: /^input\.question/ })).toBeVisible();
    await expect(page.getByRole("option", { name: /^llm\./ })).toHaveCount(0);
    await page.getByRole("option", { name: /^input\.question/ }).click();
    await expect(prompt).toHaveValue("Is this a refund request? {{input.question}}");
    // a reference to something that does not exist is flagged as you type
    await prompt.fill("Is this a refund request? {{input.question}} {{nope.text}}");
    await expect(editor.panel().getByTestId("reference-problems")).toContainText("there is no node “nope”");
    await prompt.fill("Is this a refund request? {{input.question}}");
    await expect(editor.panel().getByTestId("reference-problems")).toHaveCount(0);

    // CONDITION_BRANCH: its rule is a problem until it is filled right (badge + problems list)
    await expect(editor.node("condition_branch").getByTestId("node-issues")).toBeVisible();
    // a click on the problem selects the node and centres it in the canvas the side panel leaves
    await editor.panel().getByRole("button", { name: "Close node settings" }).click();
    await page
      .getByTestId("problems-list")
      .getByRole("button", { name: /conditions\.0\.rules\.0\.variable/ })
      .click();
    await expect(editor.panel().getByLabel(/^Node ID/)).toHaveValue("condition_branch");
    await expect(async () => {
      const canvas = await editor.canvas.boundingBox();
      const node = await editor.node("condition_branch").boundingBox();
      if (!canvas || !node) throw new Error("canvas or node not laid out");
      expect(Math.abs(node.x + node.width / 2 - (canvas.x + canvas.width / 2))).toBeLessThan(2);
      expect(Math.abs(node.y + node.height / 2 - (canvas.y + canvas.height / 2))).toBeLessThan(2);
    }).toPass({ timeout: 5000 });
    await screenshot(page, "editor-problem-focus");
    await editor.panel().getByLabel("Variable *").fill("");
    await expect(page.locator("#node-condition_branch-conditions-0-rules-0-variable-error")).toHaveText(
      "Required: choose what to test with the variable picker, e.g. {{input.amount}}.",
    );
    await expect(editor.node("condition_branch").getByTestId("node-issues")).toBeVisible();
    await editor.pickVariable("Variable", "llm.text");
    await expect(editor.panel().getByLabel("Variable *")).toHaveValue("{{llm.text}}");
    await editor.panel().getByLabel("Operator *").selectOption("contains");
    await editor.panel().getByLabel("Value", { exact: true }).fill("yes");
    await expect(editor.node("condition_branch").getByTestId("node-issues")).toHaveCount(0);

    // HUMAN_INTERVENTION: who decides (back to the whole workflow first: the problem's focus zoomed in)
    await editor.fitView();
    await editor.select("human_intervention");
    await editor.panel().getByLabel("Assignee", { exact: true }).fill("demo@switchyard.local");
    await expect(editor.node("human_intervention")).toContainText("Decided by demo@switchyard.local");

    // END: an output from the picker; END does no work that can fail, so its form has no error handling
    await editor.select("end");
    await expect(editor.panel().getByText("Error handling and retries")).toHaveCount(0);
    await editor.panel().getByRole("button", { name: "Add output" }).click();
    await editor.panel().getByLabel("Output mapping 1 name").fill("answer");
    await editor.pickVariable("Output mapping 1 value", "llm.text");
    await expect(editor.node("end")).toContainText("Outputs: answer");

    await expect(page.getByTestId("problems-count")).toHaveText("No problems: ready to publish");
    await editor.expectSaved();
    await editor.fitView();
    await screenshot(page, "editor-light");

    // the minimap is small, bottom-right above the zoom controls (not over the nodes), and can be hidden
    const minimap = page.getByRole("img", { name: "Minimap" }).locator("xpath=..");
    const miniBox = await minimap.boundingBox();
    const controlsBox = await page.locator(".react-flow__controls").boundingBox();
    const canvasNow = await editor.canvas.boundingBox();
    expect(miniBox && [miniBox.width, miniBox.height]).toEqual([150, 96]);
    expect(miniBox && controlsBox && canvasNow && miniBox.y + miniBox.height <= controlsBox.y).toBe(true);
    expect(miniBox && canvasNow && Math.round(canvasNow.x + canvasNow.width - (miniBox.x + miniBox.width))).toBe(15);
    await page.getByRole("button", { name: "Hide minimap" }).click();
    await expect(page.locator(".react-flow__minimap")).toHaveCount(0);
    await page.getByRole("button", { name: "Show minimap" }).click();
    await expect(page.locator(".react-flow__minimap")).toHaveCount(1);

    // everything is still there after a reload
    await page.reload();
    for (const id of ["start", "llm", "condition_branch", "human_intervention", "end"]) await expect(editor.node(id)).toBeVisible();
    await expect(page.locator(".react-flow__edge")).toHaveCount(5);
    await expect(page.getByTestId("problems-count")).toHaveText("No problems: ready to publish");
    await editor.select("llm");
    await expect(editor.panel().getByLabel("Prompt template *")).toHaveValue("Is this a refund request? {{input.question}}");

    // Undo and Redo keep the node being edited selected, its form open and showing the value restored
    const llmTitle = editor.panel().getByLabel(/^Title/);
    const titleBefore = await llmTitle.inputValue();
    await llmTitle.fill("Classify");
    await expect(editor.node("llm")).toContainText("Classify");
    await page.getByRole("button", { name: /^Undo/ }).click();
    await expect(llmTitle).toHaveValue(titleBefore);
    await expect(editor.node("llm")).toHaveClass(/selected/);
    await page.getByRole("button", { name: /^Redo/ }).click();
    await expect(llmTitle).toHaveValue("Classify");
    await expect(editor.node("llm")).toContainText("Classify");
    await editor.expectSaved();

    // undo and redo through the keyboard
    await page.getByRole("button", { name: "Close node settings" }).click();
    await editor.node("end").click();
    await page.keyboard.press("Delete");
    await expect(editor.node("end")).toHaveCount(0);
    await expect(page.getByTestId("problems-count")).not.toHaveText("No problems: ready to publish");
    await editor.canvas.click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("Control+z");
    await expect(editor.node("end")).toBeVisible();
    await expect(page.locator(".react-flow__edge")).toHaveCount(5);
    await editor.expectSaved();

    // dark theme
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await editor.select("condition_branch");
    await screenshot(page, "editor-dark");
    await page.getByRole("button", { name: "Switch to light theme" }).click();

    // export the file
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export workflow file" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe("E2E-refund-check.workflow.json");
    const filePath = test.info().outputPath("exported.workflow.json");
    await download.saveAs(filePath);
    const document = JSON.parse(readFileSync(filePath, "utf8"));
    expect(document.format).toBe("switchyard.workflow");
    expect(document.name).toBe("E2E refund check");
    expect(document.graph.nodes.map((node: { id: string }) => node.id).sort()).toEqual([
      "condition_branch",
      "end",
      "human_intervention",
      "llm",
      "start",
    ]);

    // an invalid file lists its problems and creates nothing
    await page.goto("/workflows");
    const rowsBefore = await page.getByTestId("workflow-row").count();
    await page.getByTestId("import-file").setInputFiles({
      name: "broken.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ ...document, graph: { ...document.graph, edges: [] } })),
    });
    await expect(page.getByTestId("import-problems")).toContainText("cannot be reached from START");
    await page.getByRole("button", { name: "OK", exact: true }).click();
    await expect(page.getByTestId("workflow-row")).toHaveCount(rowsBefore);
    // a JSON file of something else is said to be that, in one line
    await page
      .getByTestId("import-file")
      .setInputFiles({ name: "other.json", mimeType: "application/json", buffer: Buffer.from('{"foo":1}') });
    await expect(page.getByTestId("import-problems")).toHaveText(
      'The file is not a Switchyard workflow: its "format" is not "switchyard.workflow".',
    );
    await page.getByRole("button", { name: "OK", exact: true }).click();
    await expect(page.getByTestId("workflow-row")).toHaveCount(rowsBefore);

    // the exported file imports as a copy
    await page.getByTestId("import-file").setInputFiles(filePath);
    await page.waitForURL(/\/workflows\/[^/]+$/);
    await expect(page.getByRole("heading", { name: "E2E refund check (copy)" })).toBeVisible();
    await expect(page.locator(".react-flow__node")).toHaveCount(5);

    // publish the copy with a note; the version shows in the history
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByLabel("Note").fill("First version");
    await page.getByRole("dialog").getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("active · v1")).toBeVisible();
    await page.getByRole("button", { name: "Version history" }).click();
    await expect(page.getByRole("dialog")).toContainText("First version");
    await expect(page.getByTestId("version-diff")).toContainText("Nodes added");
    await page.getByRole("button", { name: "Close" }).click();

    await page.goto("/workflows");
    const copyRow = page.getByTestId("workflow-row").filter({ hasText: "E2E refund check (copy)" });
    await expect(copyRow).toContainText("active · v1");
    await screenshot(page, "workflows-list");
  });

  test("the variable picker works from the keyboard: filter, arrows, Enter, Escape; it closes when the focus leaves it", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page);
    const editor = new EditorPage(page);
    // START without variables → classify (LLM) → reply (LLM) → END
    await editor.importWorkflow({
      format: "switchyard.workflow",
      version: 1,
      name: "E2E variable picker keyboard",
      description: "",
      graph: {
        nodes: [
          { id: "start", type: "START", position: { x: 0, y: 0 }, data: { variables: [] } },
          { id: "classify", type: "LLM", position: { x: 320, y: 0 }, data: { title: "Classify", prompt_template: "Classify" } },
          { id: "reply", type: "LLM", position: { x: 640, y: 0 }, data: { title: "Reply", prompt_template: "Reply" } },
          { id: "end", type: "END", position: { x: 960, y: 0 }, data: { output_mapping: { answer: "{{reply.text}}" } } },
        ],
        edges: [
          { id: "e1", source: "start", target: "classify" },
          { id: "e2", source: "classify", target: "reply" },
          { id: "e3", source: "reply", target: "end" },
        ],
      },
    });
    await expect(editor.node("reply")).toBeVisible();
    await editor.fitView();
    await editor.select("reply");
    const prompt = editor.panel().getByLabel("Prompt template *");
    const opener = editor.panel().getByRole("button", { name: "Insert variable into Prompt template" });
    const picker = page.getByRole("dialog", { name: "Insert a variable" });
    const filter = picker.getByRole("combobox", { name: "Filter variables" });
    const options = picker.getByRole("option");

    // Tab from the field to the picker's button, Enter opens it with the filter focused and the first match active
    await prompt.fill("Reply to ");
    await prompt.press("Tab");
    await expect(opener).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(filter).toBeFocused();
    await expect(opener).toHaveAttribute("aria-expanded", "true");
    await expect(options).toHaveText([
      "classify.textstring",
      "classify.jsonany",
      "classify.usageobject",
      "classify.usage.prompt_tokensnumber",
      "classify.usage.completion_tokensnumber",
    ]);
    const activeName = () =>
      filter.evaluate((input) => document.getElementById(input.getAttribute("aria-activedescendant") ?? "")?.textContent ?? null);
    expect(await activeName()).toBe("classify.textstring");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");

    // a filter that leaves one match, then Enter: inserted at the caret, the picker closed, the field focused again
    await page.keyboard.type("usage.prompt");
    await expect(options).toHaveCount(1);
    await page.keyboard.press("Enter");
    await expect(picker).toHaveCount(0);
    await expect(prompt).toHaveValue("Reply to {{classify.usage.prompt_tokens}}");
    await expect(prompt).toBeFocused();
    await page.keyboard.type(" and ");
    await expect(prompt).toHaveValue("Reply to {{classify.usage.prompt_tokens}} and ");

    // ArrowDown and ArrowUp move the active option (wrapping at the ends), Enter inserts it
    await prompt.press("Tab");
    await page.keyboard.press("Enter");
    await expect(filter).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await activeName()).toBe("classify.usageobject");
    await expect(options.nth(2)).toHaveAttribute("aria-selected", "true");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
    await screenshot(page, "variable-picker-active-light");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    expect(await activeName()).toBe("classify.usage.completion_tokensnumber");
    await page.keyboard.press("ArrowDown");
    expect(await activeName()).toBe("classify.textstring");
    await page.keyboard.press("Enter");
    await expect(prompt).toHaveValue("Reply to {{classify.usage.prompt_tokens}} and {{classify.text}}");

    // Escape closes the picker (not the side panel) and gives the focus back to the field
    await opener.click();
    await expect(filter).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(picker).toHaveCount(0);
    await expect(prompt).toBeFocused();
    await expect(editor.panel()).toBeVisible();

    // the picker closes when the focus goes back to the field (a click in it) or moves on (Tab): no popup over typing
    await opener.click();
    await expect(filter).toBeFocused();
    // (the popup covers the field's right part: click its left edge)
    await prompt.click({ position: { x: 12, y: 12 } });
    await expect(picker).toHaveCount(0);
    await expect(prompt).toBeFocused();
    await opener.click();
    await page.keyboard.press("Tab");
    await expect(picker).toHaveCount(0);

    // a click on an option still inserts it in place of the field's selection
    await prompt.evaluate((element) => (element as HTMLTextAreaElement).setSelectionRange(9, 41));
    await editor.pickVariable("Prompt template", "classify.json");
    await expect(prompt).toHaveValue("Reply to {{classify.json}} and {{classify.text}}");

    // what the picker says when its list is empty: a filter that matches nothing, START without variables, nothing upstream
    await opener.click();
    await page.keyboard.type("zzz");
    await expect(picker.getByRole("listbox")).toHaveText("No variable matches.");
    await page.keyboard.press("Enter");
    await expect(prompt).toHaveValue("Reply to {{classify.json}} and {{classify.text}}");
    await page.keyboard.press("Escape");
    await editor.select("classify");
    await opener.click();
    await expect(picker.getByRole("listbox")).toHaveText(
      "Nothing to insert yet: START declares no variables; add one to use it here as {{input.name}}.",
    );
    await page.keyboard.press("Escape");
    // a new LLM, connected to nothing (added with no node selected)
    await page.getByRole("button", { name: "Close node settings" }).click();
    await page.getByTestId("palette-LLM").click();
    await expect(editor.panel().getByLabel(/^Node ID/)).toHaveValue("llm");
    await opener.click();
    await expect(picker.getByRole("listbox")).toHaveText("Nothing upstream yet: connect a node before this one to use its outputs.");
    await page.keyboard.press("Escape");

    // the picker with an active option in the dark theme
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await editor.select("reply");
    await opener.click();
    await page.keyboard.press("ArrowDown");
    expect(await activeName()).toBe("classify.jsonany");
    await screenshot(page, "variable-picker-active-dark");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await editor.expectSaved();
  });

  test("clicking palette items adds each after the selected node and keeps it on screen", async ({ page }) => {
    await signIn(page);
    await page.goto("/workflows");
    await page.getByRole("button", { name: "New workflow" }).click();
    await page.getByRole("dialog").getByLabel("Name", { exact: true }).fill("E2E click to add");
    await page.getByRole("button", { name: "Create and open" }).click();
    await page.waitForURL(/\/workflows\/[^/]+$/);
    const editor = new EditorPage(page);
    await page.getByTestId("palette-START").click();
    await expect(editor.node("start")).toBeVisible();
    for (const id of ["llm", "llm_2", "llm_3", "llm_4"]) {
      await page.getByTestId("palette-LLM").click();
      await expect(editor.node(id)).toHaveClass(/selected/);
      // on screen: inside the canvas, not under the side panel beside it
      await expect(async () => {
        const canvas = await editor.canvas.boundingBox();
        const node = await editor.node(id).boundingBox();
        expect(canvas && node && node.x >= canvas.x && node.x + node.width <= canvas.x + canvas.width).toBe(true);
      }).toPass({ timeout: 5000 });
    }
    await expect(page.locator(".react-flow__edge")).toHaveCount(4);
  });

  test("a node's declared size and handles (before React Flow measures it) are those it renders with", async ({ page }) => {
    // React Flow renders only the nodes in view and takes the others' size and handles from
    // declaredGeometry: they must match what a node renders, or edges to nodes off screen end in the wrong place
    await signIn(page);
    await page.goto("/workflows");
    const rows = page.getByTestId("workflow-row");
    await expect(rows.first()).toBeVisible();
    const hrefs = await rows
      .locator("a")
      .evaluateAll((links) => [
        ...new Set(links.map((link) => link.getAttribute("href") ?? "").filter((href) => /^\/workflows\/[^/]+$/.test(href))),
      ]);
    const types = new Set<string>();
    const handleRows = new Set<number>();
    for (const href of hrefs) {
      await page.goto(href);
      const editor = new EditorPage(page);
      // other tests' workflows may be empty, or too large to show whole in full detail (nodes drawn compact):
      // the demo ones are neither. Fit View first: a workflow opens where it was left, maybe panned
      await expect(page.locator(".react-flow__node").first().or(page.getByText("An empty canvas."))).toBeVisible();
      if ((await page.locator(".react-flow__node").count()) === 0) continue;
      await editor.fitView();
      const first = await page.locator(".react-flow__node").first().getAttribute("data-id");
      if (first) await editor.settledBox(first);
      if ((await editor.canvas.getAttribute("data-detail")) !== "full") continue;
      const zoom = await editor.zoom();
      const nodes = await page.locator(".react-flow__node").evaluateAll(
        (elements, scale) =>
          elements.map((element) => {
            const box = element.getBoundingClientRect();
            const handles = [...element.querySelectorAll(".react-flow__handle")].map((handle) => {
              const at = handle.getBoundingClientRect();
              return {
                id: handle.getAttribute("data-handleid"),
                type: handle.classList.contains("source") ? "source" : "target",
                // to the half pixel: the node's box is scaled by the zoom
                x: Math.round(((at.left - box.left) / scale) * 2) / 2,
                y: Math.round(((at.top - box.top) / scale) * 2) / 2,
              };
            });
            const shell = element.querySelector<HTMLElement>("[data-node-type]");
            const type = shell?.dataset.nodeType ?? "";
            // a node showing a run has a run line under it (taller than declared: React Flow measures it)
            if (shell?.dataset.runStatus) return null;
            return {
              id: element.getAttribute("data-id"),
              type,
              width: (element as HTMLElement).offsetWidth,
              height: (element as HTMLElement).offsetHeight,
              handles,
            };
          }),
        zoom,
      );
      // (other tests' workflows may open panned so that few nodes are in view; the checks after the loop
      // make sure that the demo workflows' nodes were all seen)
      for (const node of nodes) {
        if (!node) continue;
        const sources = node.handles.filter((handle) => handle.type === "source").map((handle) => handle.id);
        const declared = geometryFor(node.type, sources);
        expect(node).toEqual({
          id: node.id,
          type: node.type,
          width: declared.width,
          height: declared.height,
          handles: declared.handles.map(({ id, type, x, y }) => ({ id, type, x, y })),
        });
        types.add(node.type);
        handleRows.add(sources.filter((id) => id !== null).length);
      }
    }
    // the demo workflows have every node type, and nodes with no named handle and with two (rows 1 and 2)
    expect([...types].sort()).toEqual(
      ["AGENT", "CONDITION_BRANCH", "CONNECTOR", "END", "HUMAN_INTERVENTION", "KNOWLEDGE_RETRIEVAL", "LLM", "MCP", "START"].sort(),
    );
    expect([...handleRows].sort()).toEqual([0, 2]);
  });

  test("work a failed save could not store is kept in this browser and restored in the next session", async ({ page, context }) => {
    await signIn(page);
    await page.goto("/workflows");
    await page.getByRole("button", { name: "New workflow" }).click();
    await page.getByRole("dialog").getByLabel("Name", { exact: true }).fill("E2E kept draft");
    await page.getByRole("button", { name: "Create and open" }).click();
    await page.waitForURL(/\/workflows\/[^/]+$/);
    const editor = new EditorPage(page);
    await page.getByTestId("palette-START").click();
    await editor.expectSaved();
    // the server stops answering this page's saves (server actions are POSTs to the page)
    await page.route(/\/workflows\/[^/]+$/, (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
    await editor
      .panel()
      .getByLabel(/^Title/)
      .fill("Kept title");
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "error", { timeout: 15_000 });
    await expect(editor.node("start")).toContainText("Kept title");

    const next = await context.newPage();
    await next.goto(page.url());
    const kept = next.getByRole("alert").filter({ hasText: "were not saved and are kept in this browser" });
    await expect(kept).toBeVisible();
    await expect(next.locator('.react-flow__node[data-id="start"]')).not.toContainText("Kept title");
    await kept.getByRole("button", { name: "Restore them" }).click();
    await expect(next.locator('.react-flow__node[data-id="start"]')).toContainText("Kept title");
    await expect(next.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
    await page.close();
  });

  test("JSON that does not parse is saved as typed and listed; a fail_branch node's error output is offered; a misspelt output is a warning", async ({
    page,
  }) => {
    await signIn(page);
    const editor = new EditorPage(page);
    const at = (x: number, y: number) => ({ x, y });
    await editor.importWorkflow({
      format: "switchyard.workflow",
      version: 1,
      name: "E2E typed JSON",
      graph: {
        nodes: [
          { id: "start", type: "START", position: at(0, 0), data: { variables: [{ name: "q", type: "string", required: true }] } },
          { id: "llm", type: "LLM", position: at(320, 0), data: { prompt_template: "{{input.q}}", error_strategy: "fail_branch" } },
          { id: "done", type: "END", position: at(640, -80), data: { output_mapping: { answer: "{{llm.text}}" } } },
          { id: "failed", type: "END", position: at(640, 120), data: { output_mapping: { why: "{{llm.error.message}}" } } },
        ],
        edges: [
          { id: "e1", source: "start", target: "llm", sourceHandle: null, targetHandle: null },
          { id: "e2", source: "llm", target: "done", sourceHandle: null, targetHandle: null },
          { id: "e3", source: "llm", target: "failed", sourceHandle: "error", targetHandle: null },
        ],
      },
    });
    const problemsCount = page.getByTestId("problems-count");
    await expect(problemsCount).toHaveText("No problems: ready to publish");

    // the error branch's END uses the failed node's error output: known to the picker, not flagged
    await editor.select("failed");
    await expect(editor.panel().getByTestId("reference-problems")).toHaveCount(0);
    await editor.panel().getByRole("button", { name: "Insert variable into Output mapping 1 value" }).click();
    await expect(page.getByRole("option", { name: /^llm\.error\.code/ })).toBeVisible();
    await expect(page.getByRole("option", { name: /^llm\.error\.message/ })).toBeVisible();
    await page.keyboard.press("Escape");
    // in a short window the field is near the bottom: the picker opens upwards, wholly in view
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: viewport?.width ?? 1600, height: 420 });
    const button = editor.panel().getByRole("button", { name: "Insert variable into Output mapping 1 value" });
    await button.scrollIntoViewIfNeeded();
    await button.click();
    const popup = page.getByRole("dialog", { name: "Insert a variable" });
    await expect(popup).toHaveAttribute("data-placement", "above");
    const popupBox = await popup.boundingBox();
    expect(popupBox && popupBox.y >= 0 && popupBox.y + popupBox.height <= 420).toBe(true);
    await page.keyboard.press("Escape");
    if (viewport) await page.setViewportSize(viewport);
    // an output LLM does not have: the workflow validates, the field warns that a run would stop there
    await editor.panel().getByLabel("Output mapping 1 value", { exact: true }).fill("{{llm.error.message}} {{llm.nope}}");
    const warning = editor.panel().getByTestId("reference-problems").getByRole("listitem");
    await expect(warning).toHaveText("{{llm.nope}}: “llm” has no output “nope”: a run would stop here");
    await expect(warning).toHaveAttribute("data-severity", "warning");
    await expect(problemsCount).toHaveText("No problems: ready to publish");
    await editor.panel().getByLabel("Output mapping 1 value", { exact: true }).fill("{{llm.error.message}}");

    // an output schema typed halfway: shown as not JSON, listed as a problem, and saved as typed
    await editor.select("llm");
    const typed = '{ "type": "object", "properties": { "answer": { "type": "string" } ';
    await editor.panel().getByLabel("Output schema").fill(typed);
    await expect(page.locator("#node-llm-output_schema-error")).toHaveText(/^Not valid JSON: /);
    await expect(problemsCount).toHaveText("1 problem");
    await expect(page.getByTestId("problems-list")).toContainText("output_schema: must be an object, not text");
    await editor.expectSaved();
    await page.reload();
    await editor.select("llm");
    await expect(editor.panel().getByLabel("Output schema")).toHaveValue(typed.trim());
    await expect(problemsCount).toHaveText("1 problem");
    // finished, it is JSON again: the problem goes
    await editor.panel().getByLabel("Output schema").fill(`${typed}}}`);
    await expect(problemsCount).toHaveText("No problems: ready to publish");
    await editor.expectSaved();
    await page.reload();
    await editor.select("llm");
    await expect(editor.panel().getByLabel("Output schema")).toHaveValue(
      JSON.stringify({ type: "object", properties: { answer: { type: "string" } } }, null, 2),
    );
  });

  test("a save over a newer draft asks which to keep, and cannot be put off; each choice does what it says", async ({ page, context }) => {
    await signIn(page);
    const editor = new EditorPage(page);
    await editor.importWorkflow({
      format: "switchyard.workflow",
      version: 1,
      name: "E2E conflict",
      graph: {
        nodes: [
          { id: "start", type: "START", position: { x: 0, y: 0 }, data: { title: "Start" } },
          { id: "end", type: "END", position: { x: 320, y: 0 }, data: { title: "End" } },
        ],
        edges: [{ id: "e1", source: "start", target: "end", sourceHandle: null, targetHandle: null }],
      },
    });
    const other = await context.newPage();
    await other.goto(page.url());
    const otherEditor = new EditorPage(other);
    await expect(otherEditor.node("end")).toBeVisible();

    // the other tab saves first; this tab's save then finds a newer draft
    await otherEditor.select("end");
    await otherEditor
      .panel()
      .getByLabel(/^Title/)
      .fill("End (theirs)");
    await otherEditor.expectSaved();
    await editor.select("start");
    await editor
      .panel()
      .getByLabel(/^Title/)
      .fill("Start (mine)");
    const conflict = page.getByRole("alertdialog", { name: "This workflow was changed elsewhere" });
    await expect(conflict).toBeVisible({ timeout: 15_000 });
    await expect(conflict).toContainText("End (theirs)");
    await screenshot(page, "editor-conflict-light");
    // a decision is needed: no close button, and Escape leaves it open
    await expect(conflict.getByRole("button", { name: "Close" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(conflict).toBeVisible();

    // load theirs: their title on screen, mine one undo away
    await conflict.getByRole("button", { name: "Load theirs (undo brings mine back)" }).click();
    await expect(conflict).toHaveCount(0);
    await expect(editor.node("end")).toContainText("End (theirs)");
    await expect(editor.node("start")).not.toContainText("Start (mine)");

    // next time, overwrite: the other tab's edit is replaced by this one's only when chosen
    await otherEditor
      .panel()
      .getByLabel(/^Title/)
      .fill("End (theirs, again)");
    await otherEditor.expectSaved();
    await editor.select("start");
    await editor
      .panel()
      .getByLabel(/^Title/)
      .fill("Start (mine, again)");
    await expect(conflict).toBeVisible({ timeout: 15_000 });
    await conflict.getByRole("button", { name: "Overwrite with mine" }).click();
    await expect(conflict).toHaveCount(0);
    await editor.expectSaved();
    await other.reload();
    await expect(otherEditor.node("start")).toContainText("Start (mine, again)");
    await expect(otherEditor.node("end")).toContainText("End (theirs)");
    await expect(otherEditor.node("end")).not.toContainText("again");
    await other.close();
  });

  test("list: search, rename, duplicate, delete with confirmation", async ({ page }) => {
    await signIn(page);
    await page.goto("/workflows");
    await page.getByRole("button", { name: "New workflow" }).click();
    await page.getByRole("dialog").getByLabel("Name", { exact: true }).fill("Zebra list test");
    await page.getByRole("button", { name: "Create and open" }).click();
    await page.waitForURL(/\/workflows\/[^/]+$/);
    await page.goto("/workflows");

    await page.getByLabel("Search workflows").fill("zebra");
    await expect(page.getByTestId("workflow-row")).toHaveCount(1);
    await page.getByRole("button", { name: "Rename Zebra list test" }).click();
    await page.getByRole("dialog").getByLabel("Name", { exact: true }).fill("Zebra renamed");
    await page.getByRole("dialog").getByRole("button", { name: "Rename" }).click();
    await expect(page.getByRole("link", { name: "Zebra renamed", exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Duplicate Zebra renamed" }).click();
    await expect(page.getByRole("link", { name: "Zebra renamed (copy)", exact: true })).toBeVisible();
    await expect(page.getByTestId("workflow-row")).toHaveCount(2);

    await page.getByRole("button", { name: "Delete Zebra renamed (copy)" }).click();
    await expect(page.getByRole("dialog")).toContainText("This cannot be undone.");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("workflow-row")).toHaveCount(2);
    await page.getByRole("button", { name: "Delete Zebra renamed (copy)" }).click();
    await page.getByRole("button", { name: "Delete workflow" }).click();
    await expect(page.getByTestId("workflow-row")).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Zebra renamed (copy)", exact: true })).toHaveCount(0);
  });

  test("a dragged node and its edges follow the pointer; the drop saves once, undo and redo move it, a reload keeps it", async ({
    page,
  }) => {
    await signIn(page);
    const document = generateDocument(6);
    const editor = new EditorPage(page);
    await editor.importWorkflow(document);
    await editor.expectSaved();
    const saves: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.headers()["next-action"]) saves.push(request.url());
    });
    // n1 (an LLM node at 300, 140) has an edge in from start (e1) and one out to end (end1)
    const edgePath = (id: string) => page.getByTestId(`rf__edge-${id}`).locator(".react-flow__edge-path").getAttribute("d");
    const before = await editor.nodePosition("n1");
    expect(before).toEqual({ x: 300, y: 140 });
    const pathsBefore = [await edgePath("e1"), await edgePath("end1")];
    const zoom = await editor.zoom();
    const box = await editor.node("n1").boundingBox();
    if (!box) throw new Error("n1 is not on screen");
    await page.mouse.move(box.x + box.width / 2, box.y + 12);
    await page.mouse.down();
    // the drag starts where the pointer crosses React Flow's drag threshold (1 px); the node follows from there
    const grab = { x: box.x + box.width / 2 + 2, y: box.y + 12 };
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.move(grab.x + 30, grab.y + 15, { steps: 3 });
    await page.mouse.move(grab.x + 60, grab.y + 30, { steps: 3 });
    // mid-drag: the node is where the pointer took it, and both its edges were drawn again to it
    const midway = await editor.nodePosition("n1");
    expect(midway.x).toBeCloseTo(300 + 60 / zoom, 0);
    expect(midway.y).toBeCloseTo(140 + 30 / zoom, 0);
    expect(await edgePath("e1")).not.toBe(pathsBefore[0]);
    expect(await edgePath("end1")).not.toBe(pathsBefore[1]);
    // on its own compositor layer while it moves (canvas.css), off it once dropped
    await expect(editor.node("n1")).toHaveClass(/dragging/);
    await expect(editor.node("n1")).toHaveCSS("will-change", "transform");
    await expect(editor.node("n1")).toHaveCSS("z-index", "2000");
    // Ctrl+Z does nothing while the node is held (React Flow would put it back under the pointer next move),
    // also after another change while it is held (Ctrl+A selects every node)
    await page.keyboard.press("Control+z");
    expect(await editor.nodePosition("n1")).toEqual(midway);
    await page.keyboard.press("Control+a");
    await expect(page.locator(".react-flow__node.selected")).toHaveCount(document.graph.nodes.length);
    await page.keyboard.press("Control+z");
    expect(await editor.nodePosition("n1")).toEqual(midway);
    await page.mouse.move(grab.x + 90, grab.y + 45, { steps: 3 });
    // the moves after the first are painted onto the elements (drag-painter.ts); the drop hands the node back
    // to React Flow, which draws its edges with exactly the paths painted for the last move
    const pathsPainted = [await edgePath("e1"), await edgePath("end1")];
    await screenshot(page, "editor-drag-midway-light");
    await page.mouse.up();
    const dropped = await editor.nodePosition("n1");
    expect(dropped.x).toBeCloseTo(300 + 90 / zoom, 0);
    expect(dropped.y).toBeCloseTo(140 + 45 / zoom, 0);
    await expect(editor.node("n1")).not.toHaveClass(/dragging/);
    await expect(editor.node("n1")).toHaveCSS("will-change", "auto");
    const pathsDropped = [await edgePath("e1"), await edgePath("end1")];
    expect(pathsDropped).toEqual(pathsPainted);
    // one save, for the drop (no pointer move before it counted as a change)
    await editor.expectSaved();
    await expect.poll(() => saves.length).toBe(1);

    // undo puts the node and its edges back where they were; redo moves them again
    await editor.canvas.click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("Control+z");
    await expect.poll(() => editor.nodePosition("n1")).toEqual(before);
    expect([await edgePath("e1"), await edgePath("end1")]).toEqual(pathsBefore);
    await page.keyboard.press("Control+Shift+z");
    await expect.poll(() => editor.nodePosition("n1")).toEqual(dropped);
    expect([await edgePath("e1"), await edgePath("end1")]).toEqual(pathsDropped);
    await editor.expectSaved();

    await page.reload();
    await expect(editor.node("n1")).toBeVisible();
    expect(await editor.nodePosition("n1")).toEqual(dropped);

    // Ctrl+A selects every node; dragging one of them moves them all by the same distance, saved once
    await page.keyboard.press("Control+a");
    await expect(page.locator(".react-flow__node.selected")).toHaveCount(document.graph.nodes.length);
    const all = ["start", "n0", "n1", "n2", "n3", "end"];
    const positions = await Promise.all(all.map((id) => editor.nodePosition(id)));
    const zoomNow = await editor.zoom();
    const n1Box = await editor.node("n1").boundingBox();
    if (!n1Box) throw new Error("n1 is not on screen");
    saves.length = 0;
    await page.mouse.move(n1Box.x + n1Box.width / 2, n1Box.y + 12);
    await page.mouse.down();
    await page.mouse.move(n1Box.x + n1Box.width / 2 + 2, n1Box.y + 12);
    await page.mouse.move(n1Box.x + n1Box.width / 2 + 42, n1Box.y + 32, { steps: 4 });
    await page.mouse.up();
    const movedAll = await Promise.all(all.map((id) => editor.nodePosition(id)));
    movedAll.forEach((moved, index) => {
      expect(moved.x - positions[index].x).toBeCloseTo(40 / zoomNow, 0);
      expect(moved.y - positions[index].y).toBeCloseTo(20 / zoomNow, 0);
    });
    await editor.expectSaved();
    await expect.poll(() => saves.length).toBe(1);

    // a node selected at the canvas's right edge is kept in sight when the side panel narrows the canvas:
    // the view pans the least distance that shows it whole, 24 px from the edge
    await editor.canvas.click({ position: { x: 5, y: 5 } });
    await editor.fitView();
    await expect.poll(async () => (await editor.node("end").boundingBox())?.x).toBeGreaterThan(1000);
    const endBefore = await editor.node("end").boundingBox();
    const pane = page.locator(".react-flow");
    const widthBefore = (await pane.boundingBox())?.width ?? 0;
    await editor.select("end");
    await expect.poll(async () => (await pane.boundingBox())?.width).toBeLessThan(widthBefore);
    const paneBox = await pane.boundingBox();
    if (!endBefore || !paneBox) throw new Error("end or the canvas is not laid out");
    // (it would be cut off where it was)
    expect(endBefore.x + endBefore.width).toBeGreaterThan(paneBox.x + paneBox.width);
    await expect
      .poll(async () => {
        const end = await editor.node("end").boundingBox();
        return end && Math.round(paneBox.x + paneBox.width - (end.x + end.width));
      })
      .toBe(24);
    await screenshot(page, "editor-selected-node-kept-in-sight");
    // Ctrl+A with focus in the side panel leaves the selection (and the panel) as it is, and selects no text
    await editor.panel().getByRole("button", { name: "Close node settings" }).focus();
    await page.keyboard.press("Control+a");
    await expect(page.locator(".react-flow__node.selected")).toHaveCount(1);
    await expect(editor.panel()).toBeVisible();
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe("");

    // a node dropped at the bottom left, just above the problems panel, which then lists its problems and
    // grows over it: it is moved up above the panel
    const canvasBox = await editor.canvas.boundingBox();
    if (!canvasBox) throw new Error("the canvas is not laid out");
    await editor.drop("LLM", 160, canvasBox.height - 90);
    await expect(editor.panel().getByLabel(/^Node ID/)).toHaveValue("llm");
    const problems = page.getByRole("region", { name: "Problems" });
    await expect(problems).toContainText("prompt_template");
    await expect
      .poll(async () => {
        const llm = await editor.node("llm").boundingBox();
        const panel = await problems.boundingBox();
        return llm && panel && Math.round(panel.y - (llm.y + llm.height));
      })
      .toBe(24);
    await screenshot(page, "editor-new-node-above-problems");
  });

  test("the wheel zooms while a node is held; the node follows the pointer again and the drop is saved where it is", async ({ page }) => {
    await signIn(page);
    const editor = new EditorPage(page);
    await editor.importWorkflow(generateDocument(6));
    await editor.expectSaved();
    const zoom = await editor.zoom();
    const box = await editor.node("n1").boundingBox();
    if (!box) throw new Error("n1 is not on screen");
    const grab = { x: box.x + box.width / 2, y: box.y + 12 };
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x + 2, grab.y);
    await page.mouse.move(grab.x + 40, grab.y + 20, { steps: 4 });
    // the drag shield over the canvas hands the wheel on to React Flow, which zooms in about the pointer
    await page.mouse.wheel(0, -300);
    await expect.poll(() => editor.zoom()).toBeGreaterThan(zoom * 1.3);
    const pointer = { x: grab.x + 70, y: grab.y + 35 };
    await page.mouse.move(pointer.x, pointer.y, { steps: 3 });
    // the point the node was grabbed by is under the pointer again, at the new zoom
    const held = await editor.node("n1").boundingBox();
    if (!held) throw new Error("n1 is not on screen");
    expect(pointer.x).toBeGreaterThan(held.x);
    expect(pointer.x).toBeLessThan(held.x + held.width);
    expect(pointer.y).toBeGreaterThan(held.y);
    expect(pointer.y).toBeLessThan(held.y + held.height);
    await page.mouse.up();
    const dropped = await editor.nodePosition("n1");
    await editor.expectSaved();
    await page.reload();
    await expect(editor.node("n1")).toBeVisible();
    // positions are stored in whole pixels (graph-convert.ts), and a drop at this zoom is fractional
    expect(await editor.nodePosition("n1")).toEqual({ x: Math.round(dropped.x), y: Math.round(dropped.y) });
  });

  test("copy and paste: next to the originals when that place is in view, else in the middle of the view, also in another workflow", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signIn(page);
    const editor = new EditorPage(page);
    const pane = page.locator(".react-flow");
    const importAs = async () => {
      await editor.importWorkflow(generateDocument(6));
      await editor.expectSaved();
    };
    const inView = async (id: string) => {
      const node = await editor.node(id).boundingBox();
      const box = await pane.boundingBox();
      return Boolean(
        node &&
          box &&
          node.x >= box.x &&
          node.y >= box.y &&
          node.x + node.width <= box.x + box.width &&
          node.y + node.height <= box.y + box.height,
      );
    };
    await importAs();
    await editor.select("n1");
    await page.getByRole("button", { name: "Copy selection" }).click();
    await page.getByRole("button", { name: "Close node settings" }).click();

    // the originals are in view: the copy lands 40 px right of and below n1, selected
    await page.getByRole("button", { name: "Paste" }).click();
    await expect(editor.node("n1_2")).toHaveClass(/selected/);
    expect(await editor.nodePosition("n1_2")).toEqual({ x: 340, y: 180 });

    // panned far away from them: the next copy lands in view, not 80 px from n1 out of sight
    await page.getByRole("button", { name: "Close node settings" }).click();
    const box = await pane.boundingBox();
    if (!box) throw new Error("the canvas is not laid out");
    await page.mouse.move(box.x + box.width / 2, box.y + 40);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height - 40, { steps: 5 });
    await page.mouse.up();
    await page.mouse.move(box.x + box.width / 2, box.y + 40);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height - 40, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => inView("n1")).toBe(false);
    await page.getByRole("button", { name: "Paste" }).click();
    await expect(editor.node("n1_3")).toHaveClass(/selected/);
    await expect.poll(() => inView("n1_3")).toBe(true);
    await editor.expectSaved();

    // another workflow (with the same node ids): the copy comes in under a new id, in view
    await importAs();
    await page.getByRole("button", { name: "Paste" }).click();
    await expect(editor.node("n1_2")).toHaveClass(/selected/);
    await expect.poll(() => inView("n1_2")).toBe(true);
    await expect(page.locator(".react-flow__node")).toHaveCount(7);
  });

  test("far zoomed out the edges are one layer that follows a dragged node; zooming back restores React Flow's edges", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const document = generateDocument(60);
    const edgeCount = document.graph.edges.length;
    const editor = new EditorPage(page);
    await editor.importWorkflow(document);
    await expect(page.getByTestId("problems-count")).toHaveText("No problems: ready to publish");
    await editor.expectSaved();
    const flowEdges = page.locator(".react-flow__edge");
    const layer = page.getByTestId("overview-edges");
    // the curves (one "M…" each), sorted: React Flow draws them in the edges' order, the layer by chunk of the canvas
    const curves = (paths: string[]) =>
      paths
        .join("")
        .split(/(?=M)/)
        .filter((curve) => curve !== "")
        .sort();
    // The curves of `a` not in `b` and those of `b` not in `a`, a curve matching one whose numbers are all within
    // 0.05 flow units of its own: React Flow anchors an edge where Chromium laid the handle out (in 1/64 px
    // layout units: 4 + 56 / 3 is 22.65625), the layer where the zoomed-out shell's CSS puts it (22.666…)
    const numbersOf = (curve: string) => (curve.match(/-?\d+(\.\d+)?(e-?\d+)?/g) ?? []).map(Number);
    const near = (a: string, b: string) => {
      const [x, y] = [numbersOf(a), numbersOf(b)];
      return x.length === y.length && x.every((value, index) => Math.abs(value - y[index]) <= 0.05);
    };
    const curveDiff = (a: string[], b: string[]) => {
      const unmatched = [...b];
      const missing = a.filter((curve) => {
        const index = unmatched.findIndex((other) => near(curve, other));
        if (index === -1) return true;
        unmatched.splice(index, 1);
        return false;
      });
      return { onlyIn1st: missing, onlyIn2nd: unmatched };
    };
    const noDiff = { onlyIn1st: [], onlyIn2nd: [] };
    const flowPaths = async () =>
      curves(
        await page
          .locator(".react-flow__edge .react-flow__edge-path")
          .evaluateAll((paths) => paths.map((path) => path.getAttribute("d") ?? "")),
      );
    // the layer's idle edges (a path per chunk) and the edges of the nodes React Flow shows (one path)
    const idlePaths = async () =>
      curves(
        await layer.locator('path[data-overview-edges="idle"]').evaluateAll((paths) => paths.map((path) => path.getAttribute("d") ?? "")),
      );
    const movingPath = () => layer.locator('path[data-overview-edges="moving"]').evaluate((path) => path.getAttribute("d") ?? "");
    const saves: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.headers()["next-action"]) saves.push(request.url());
    });

    await expect(flowEdges).toHaveCount(edgeCount);
    await screenshot(page, "overview-edges-zoom1-light");
    await editor.zoomTo(0.3);
    await expect(flowEdges).toHaveCount(edgeCount);
    const compactPaths = await flowPaths();
    await screenshot(page, "overview-edges-zoom03-light");

    // overview: no React Flow edge, the layer draws the same curves between the same handle anchors
    await editor.zoomTo(0.1);
    await expect(flowEdges).toHaveCount(0);
    await expect.poll(async () => curveDiff(await idlePaths(), compactPaths)).toEqual(noDiff);
    await screenshot(page, "overview-edges-zoom01-light");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await screenshot(page, "overview-edges-zoom01-dark");
    await editor.zoomTo(0.3);
    await screenshot(page, "overview-edges-zoom03-dark");
    await editor.zoomTo(1);
    await screenshot(page, "overview-edges-zoom1-dark");
    await page.getByRole("button", { name: "Switch to light theme" }).click();

    // switching levels changes nothing in the document: every edge back once, nothing to save
    await expect(flowEdges).toHaveCount(edgeCount);
    const ids = await flowEdges.evaluateAll((edges) => edges.map((edge) => edge.getAttribute("data-id")));
    expect(new Set(ids)).toEqual(new Set(document.graph.edges.map((edge) => edge.id)));
    await page.waitForTimeout(1500);
    expect(saves).toEqual([]);
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");

    // straight from zoom 1 to the overview: the nodes in view were last measured in full detail (the branches
    // 127 px high, their handles in rows under the summary), yet every box is the overview shell's 240 × 64 and
    // the edges are the curves React Flow draws between the compact shells' handles
    await editor.zoomTo(0.1);
    await expect.poll(async () => curveDiff(await idlePaths(), compactPaths)).toEqual(noDiff);
    const frames = await page
      .getByTestId("overview-nodes")
      .locator("path[data-look]")
      .evaluateAll((paths) => paths.map((path) => path.getAttribute("d") ?? ""));
    const boxes = frames.join("").split(/(?=M)/);
    // every node but one under the pointer, which React Flow shows
    expect(boxes).toHaveLength(document.graph.nodes.length - (await page.locator(".react-flow__node").count()));
    expect(boxes.filter((box) => !/^M[-\d.]+ [-\d.]+h240v64h-240z$/.test(box))).toEqual([]);

    // dragging a node in the overview: its edges move with it (the layer's second path) and end where React Flow draws them
    const n5At = document.graph.nodes.find((node) => node.id === "n5")?.position;
    if (!n5At) throw new Error("n5 is not in the generated workflow");
    // React Flow renders no element for the overview's boxes until one is pointed at
    await expect(editor.node("n5")).toHaveCount(0);
    const box = await editor.revealInOverview("n5", n5At);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2 + 10, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 20, { steps: 5 });
    await expect.poll(movingPath).toMatch(/^M/);
    await screenshot(page, "overview-edges-drag-zoom01-light");
    // n5's edges (in from start, out to n30) painted for the last move are the ones
    // the layer draws from React Flow's store once the node is dropped there
    const painted = await movingPath();
    expect(painted.match(/M/g)?.length).toBe(document.graph.edges.filter((edge) => edge.source === "n5" || edge.target === "n5").length);
    await page.mouse.up();
    // dropped there and still under the pointer, n5 is still shown by React Flow, so its edges stay in the
    // layer's moving path, now drawn from React Flow's store: exactly the painted curves
    await expect.poll(movingPath).toBe(painted);
    // once the pointer leaves n5, its edges join the others
    const away = await editor.flowToScreen(120, -200);
    await page.mouse.move(away.x, away.y);
    await expect.poll(movingPath).toBe("");
    const overviewPaths = await idlePaths();
    // n5's curves are among the idle ones now, and the layer differs from the compact curves before the drag
    expect(curveDiff(curves([painted]), overviewPaths).onlyIn1st).toEqual([]);
    expect(curveDiff(overviewPaths, compactPaths)).not.toEqual(noDiff);
    await editor.zoomTo(0.3);
    await expect(flowEdges).toHaveCount(edgeCount);
    // React Flow draws n5's edges where it was dropped (measured again at this zoom, in the compact shell),
    // and back in the overview the layer draws exactly React Flow's curves again
    const movedPaths = await flowPaths();
    expect(movedPaths).not.toEqual(compactPaths);
    await editor.zoomTo(0.1);
    await expect(flowEdges).toHaveCount(0);
    await expect.poll(async () => curveDiff(await idlePaths(), movedPaths)).toEqual(noDiff);

    // a selected edge stays React Flow's in the overview: still shown selected, and Delete removes it
    await editor.zoomTo(1);
    await page.getByTestId("rf__edge-e0").click();
    await expect(page.getByTestId("rf__edge-e0")).toHaveClass(/selected/);
    await editor.zoomTo(0.1);
    await expect(flowEdges).toHaveCount(1);
    // an end of the selected edge (n0) is shown when pointed at, so it can be pressed as any other node
    const n0At = document.graph.nodes.find((node) => node.id === "n0")?.position;
    if (!n0At) throw new Error("n0 is not in the generated workflow");
    await editor.revealInOverview("n0", n0At);
    await page.keyboard.press("Delete");
    await expect(flowEdges).toHaveCount(0);
    // the overview draws unselected nodes as boxes in one layer and React Flow renders no element for them;
    // pointing at a box shows the node, and a click selects it as before
    const n5 = editor.node("n5");
    await editor.zoomTo(1);
    const n5Moved = await editor.nodePosition("n5");
    await editor.zoomTo(0.1);
    await expect(page.getByTestId("overview-nodes").locator("path")).not.toHaveCount(0);
    await expect(n5).toHaveCount(0);
    const n5Box = await editor.revealInOverview("n5", n5Moved);
    await page.mouse.click(n5Box.x + n5Box.width / 2, n5Box.y + n5Box.height / 2);
    await expect(n5).toHaveClass(/selected/);
    await page.mouse.move(n5Box.x + n5Box.width / 2, n5Box.y - 3 * n5Box.height);
    await expect(n5).toBeVisible();
    await expect(editor.node("n6")).toBeHidden();
    // a node deleted in the overview takes its edges (in from start, out to n30) with it
    await page.keyboard.press("Delete");
    await expect(editor.node("n5")).toHaveCount(0);
    await editor.zoomTo(1);
    await expect(flowEdges).toHaveCount(edgeCount - 3);
    await expect(page.getByTestId("rf__edge-e30")).toHaveCount(0);

    // a selection rectangle in the overview selects the boxes wholly inside it: n0, n1 and n2 (x 300, y 0 /
    // 140 / 280), not n3 (y 420, its bottom outside) nor start (x 0) nor the next layer (x 600)
    await editor.zoomTo(0.1);
    await expect(editor.node("n1")).toHaveCount(0);
    const from = await editor.flowToScreen(290, -10);
    const to = await editor.flowToScreen(570, 430);
    await page.keyboard.down("Shift");
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    await page.keyboard.up("Shift");
    for (const id of ["n0", "n1", "n2"]) await expect(editor.node(id)).toHaveClass(/selected/);
    await expect(page.locator(".react-flow__node.selected")).toHaveCount(3);
    await screenshot(page, "overview-box-selection-light");
    // and Delete removes the three
    await page.keyboard.press("Delete");
    await editor.zoomTo(1);
    for (const id of ["n0", "n1", "n2"]) await expect(editor.node(id)).toHaveCount(0);

    // Fit View in the overview fits the whole workflow, as from any other zoom (React Flow leaves hidden nodes
    // out of a fit unless told; they are most of the overview's)
    await editor.fitView();
    await expect.poll(() => editor.zoom()).toBeLessThan(0.5);
    const fitted = await editor.zoom();
    await editor.zoomTo(0.08);
    await editor.fitView();
    // (within 5%: a node pointed at in the overview is measured in its smaller overview shell there)
    await expect.poll(async () => Math.abs((await editor.zoom()) / fitted - 1)).toBeLessThan(0.05);
  });

  test.describe("on a touch screen", () => {
    test.use({ hasTouch: true });

    test("a tap on a box in the overview selects its node (no hover reveals it first)", async ({ page }) => {
      await signIn(page);
      const document = generateDocument(60);
      const editor = new EditorPage(page);
      await editor.importWorkflow(document);
      await expect(page.getByTestId("problems-count")).toHaveText("No problems: ready to publish");
      await editor.zoomTo(0.1);
      await expect(page.getByTestId("overview-nodes").locator("path")).not.toHaveCount(0);
      // n7: layer 0, column 7 (x 300, y 980); no element until it is selected
      await expect(editor.node("n7")).toHaveCount(0);
      const point = await editor.flowToScreen(300 + 120, 980 + 32);
      await page.touchscreen.tap(point.x, point.y);
      await expect(editor.node("n7")).toHaveClass(/selected/);
      await expect(editor.panel().getByLabel(/^Node ID/)).toHaveValue("n7");
      await expect(page.locator(".react-flow__node.selected")).toHaveCount(1);
    });
  });
});
