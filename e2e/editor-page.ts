/** The workflow editor page object for the editor specs (e2e/editor*.spec.ts). */
import { expect, type Locator, type Page } from "@playwright/test";

/** The workflow editor as a person uses it. */
export class EditorPage {
  constructor(readonly page: Page) {}

  /** Imports a workflow document through the list page's Import button and waits for its editor to open. */
  async importWorkflow(document: object) {
    await this.page.goto("/workflows");
    await this.page
      .getByTestId("import-file")
      .setInputFiles({ name: "workflow.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(document)) });
    await this.page.waitForURL(/\/workflows\/[^/]+$/);
  }

  get canvas(): Locator {
    return this.page.getByTestId("canvas");
  }

  node(id: string): Locator {
    return this.page.locator(`.react-flow__node[data-id="${id}"]`);
  }

  panel(): Locator {
    return this.page.getByTestId("side-panel");
  }

  /**
   * A node's box once it stops moving (the view's pan and fit animations last up to 300 ms): the same in
   * two reads 50 ms apart; null when the node is not rendered.
   */
  async settledBox(id: string) {
    let last = await this.node(id).boundingBox();
    for (let tries = 0; tries < 40; tries++) {
      await this.page.waitForTimeout(50);
      const now = await this.node(id).boundingBox();
      if (JSON.stringify(now) === JSON.stringify(last)) return now;
      last = now;
    }
    throw new Error(`node ${id} kept moving for 2 s`);
  }

  /** Drags a palette item onto the canvas at (x, y) within the canvas. */
  async drop(type: string, x: number, y: number) {
    await this.page.getByTestId(`palette-${type}`).dragTo(this.canvas, { targetPosition: { x, y } });
  }

  /** Drags from a node's source handle (named or the unnamed one) to another node's target handle. */
  async connect(source: string, target: string, handle?: string) {
    const from = handle
      ? this.node(source).locator(`.react-flow__handle.source[data-handleid="${handle}"]`)
      : this.node(source).locator(".react-flow__handle.source").first();
    const to = this.node(target).locator(".react-flow__handle.target");
    const a = await from.boundingBox();
    const b = await to.boundingBox();
    if (!a || !b) throw new Error(`handles of ${source} → ${target} not visible`);
    await this.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
    await this.page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
    await this.page.mouse.up();
  }

  /**
   * Clicks a node near its top-left corner, as a person would: only a node they can see. The side panel
   * narrows the canvas when it opens, so a node near the right edge can end up out of sight; clicking it
   * anyway would let Playwright scroll React Flow's clipped container to reach it (a click no person can
   * make, and one that sometimes missed: session 6's flaky "build a workflow"). Fit the view first. (Once
   * selected, the editor keeps the node in sight itself.) Waits for a pan or fit animation to end first.
   */
  async select(id: string) {
    const box = await this.settledBox(id);
    const pane = await this.page.locator(".react-flow").boundingBox();
    if (!box || !pane) throw new Error(`node ${id} or the canvas is not laid out`);
    const [x, y] = [box.x + 12, box.y + 8];
    if (x < pane.x || x > pane.x + pane.width || y < pane.y || y > pane.y + pane.height) {
      throw new Error(`node ${id} is out of sight (its corner at ${x}, ${y}; the canvas ${JSON.stringify(pane)}): fit the view first`);
    }
    await this.node(id).click({ position: { x: 12, y: 8 } });
    await expect(this.panel().getByLabel(/^Node ID/)).toHaveValue(id);
  }

  /** Picks a variable in the picker of the template field labelled `label`. */
  async pickVariable(label: string, reference: string) {
    await this.panel()
      .getByRole("button", { name: `Insert variable into ${label}` })
      .click();
    await this.page.getByRole("option", { name: new RegExp(`^${reference.replace(/[.[\]]/g, "\\$&")}`) }).click();
  }

  async expectSaved() {
    await expect(this.page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
  }

  /** The canvas's pan (px) and zoom: React Flow's viewport transform. */
  async viewport(): Promise<{ panX: number; panY: number; zoom: number }> {
    const transform = await this.page.locator(".react-flow__viewport").evaluate((element) => (element as HTMLElement).style.transform);
    const match = /translate\(([-\d.]+)px,\s*([-\d.]+)px\)\s*scale\(([\d.]+)\)/.exec(transform);
    if (!match) throw new Error(`no viewport transform: "${transform}"`);
    const [panX, panY, zoom] = match.slice(1).map(Number);
    return { panX, panY, zoom };
  }

  /** The canvas's zoom (React Flow's viewport transform). */
  async zoom(): Promise<number> {
    return (await this.viewport()).zoom;
  }

  /**
   * Where the flow point (x, y) is on the screen (px, page coordinates): the canvas's top left corner plus
   * the viewport's pan and zoom (React Flow's viewport transform).
   */
  async flowToScreen(x: number, y: number): Promise<{ x: number; y: number }> {
    const { panX, panY, zoom } = await this.viewport();
    const pane = await this.page.locator(".react-flow").boundingBox();
    if (!pane) throw new Error("the canvas is not laid out");
    return { x: pane.x + panX + x * zoom, y: pane.y + panY + y * zoom };
  }

  /** A rendered node's position in the flow (its element's translate: React Flow places nodes with it). */
  async nodePosition(id: string): Promise<{ x: number; y: number }> {
    const transform = await this.node(id).evaluate((element) => (element as HTMLElement).style.transform);
    const match = /translate\(([-\d.]+)px,\s*([-\d.]+)px\)/.exec(transform);
    if (!match) throw new Error(`node ${id} has no position: "${transform}"`);
    return { x: Number(match[1]), y: Number(match[2]) };
  }

  /**
   * Points at a node's box in the overview (far zoomed out, where the box layer draws the nodes and React
   * Flow renders no element for them) so the canvas shows its element, and returns that element's box.
   * `at` is the node's position in the flow; the pointer goes to the middle of its top half (every node is
   * 240 px wide and at least 64 high), away from the edges a neighbour's box may overlap.
   */
  async revealInOverview(id: string, at: { x: number; y: number }) {
    const point = await this.flowToScreen(at.x + 120, at.y + 32);
    await this.page.mouse.move(point.x, point.y);
    await expect(this.node(id)).toBeVisible();
    const box = await this.node(id).boundingBox();
    if (!box) throw new Error(`node ${id} not laid out`);
    return box;
  }

  /** Zooms with the mouse wheel over the canvas's centre until the zoom is within 2% of `target`. */
  async zoomTo(target: number) {
    const box = await this.canvas.boundingBox();
    if (!box) throw new Error("canvas not visible");
    await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await this.zoom();
      if (Math.abs(current / target - 1) < 0.02) return;
      // React Flow (d3-zoom) scales by 2^(-deltaY * 0.002) per wheel event
      await this.page.mouse.wheel(0, Math.log2(current / target) / 0.002);
      await expect.poll(() => this.zoom()).not.toBe(current);
    }
    expect(Math.abs((await this.zoom()) / target - 1)).toBeLessThan(0.02);
  }

  /**
   * Clicks Auto-layout and waits for the view fitted to the new layout: the fit starts a frame later (more
   * on a loaded machine, where a node's box can look settled before it starts) and lasts 300 ms.
   */
  async autoLayout() {
    const before = await this.viewport();
    await this.page.getByRole("button", { name: "Auto-layout" }).click();
    await expect.poll(() => this.viewport()).not.toEqual(before);
  }

  async fitView() {
    await this.page.getByRole("button", { name: "Fit View" }).click();
  }
}
