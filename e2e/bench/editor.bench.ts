/**
 * Editor performance with a generated 1,000-node workflow: how long the editor takes to open (nodes on
 * screen and validation done), to fit all nodes in view, and how smooth dragging a node is (frame times
 * measured with requestAnimationFrame while Playwright drags). Prints the numbers; fails only when they
 * are far from acceptable on a small shared machine.
 *
 *   npx playwright test e2e/bench/editor.bench.ts --config e2e/bench/playwright.config.ts
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { type Browser, type CDPSession, expect, type Page, test } from "@playwright/test";
import { EditorPage } from "../editor-page";
import { screenshot, signIn } from "../helpers";
import { generateDocument } from "./bench-workflow";
import { percentile, topSelfTime, workPerPointerMove } from "./trace-metrics";

const NODE_COUNT = 1000;
/** The node dragged with every node in view. */
const DRAGGED_AT_FIT = "n30";

/** Headless Chromium's frame interval (60 Hz, ms). */
const FRAME_MS = 1000 / 60;
/**
 * The steps of a drag's start (the press, the move React Flow starts the drag on, its first move through
 * React Flow's store), reported apart from the rest as well: they cost more than the moves after them, and
 * they are 3 of the 60 steps, so p95 (the 3rd-worst step) is often one of them.
 */
const DRAG_START_STEPS = 3;
/** A pointer move every frame at 60 Hz, as a mouse moved by hand delivers them (ms). */
const MOVE_INTERVAL_MS = FRAME_MS;

/**
 * Sends `count` pointer moves through CDP, `move(step)` for step 1..count, one per 60 Hz frame (later if the
 * page is slower to take them, as a real queue of input would be).
 */
async function pacedMoves(cdp: CDPSession, count: number, move: (step: number) => { x: number; y: number }, buttons: 0 | 1) {
  let due = performance.now();
  for (let step = 1; step <= count; step++) {
    due += MOVE_INTERVAL_MS;
    await cdp.send("Input.dispatchMouseEvent", { type: "mouseMoved", ...move(step), ...(buttons ? { button: "left" } : {}), buttons });
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * Drags the node under (x, y) by 60 pointer moves, one CDP mouse event each, one per 60 Hz frame (later if
 * the page is slower to take them, as a real queue of input would be).
 *
 * The moves are sent with `Input.dispatchMouseEvent` rather than `page.mouse.move`: with a button held,
 * Playwright's `mouse.move` runs two scripts in the page around every move (it installs and removes
 * listeners to detect an HTML5 drag start: `interceptDragCausedByMove` in playwright-core) and toggles drag
 * interception, and that main-thread work, plus its round trips (one move per ~33 ms), was counted as the
 * editor's work per pointer move.
 */
async function drag(page: Page, x: number, y: number, stepPx: number, direction: 1 | -1) {
  const cdp = await page.context().newCDPSession(page);
  await page.mouse.move(x, y);
  await cdp.send("Input.dispatchMouseEvent", { type: "mousePressed", x, y, button: "left", buttons: 1, clickCount: 1 });
  const at = (step: number) => ({ x: x + direction * step * stepPx, y: y + direction * step * (stepPx / 2) });
  await pacedMoves(cdp, 60, at, 1);
  await cdp.send("Input.dispatchMouseEvent", { type: "mouseReleased", ...at(60), button: "left", buttons: 0, clickCount: 1 });
  await cdp.detach();
}

/**
 * Drags a node by 60 pointer moves while recording frame gaps with requestAnimationFrame, then drags it back
 * while recording a Chromium trace (tracing slows the page, so the two are not measured together). Returns
 * the frame-gap percentiles (ms; headless Chromium paces frames at 60 Hz, so 16.7 is the floor and anything
 * above it is a dropped frame), the main-thread work per pointer move from the trace (ms; under 16.7 fits a
 * frame; wall-clock busy time and CPU time, see workPerPointerMove) and how far the first drag moved the
 * node. With BENCH_PROFILE=1 the second drag is CPU-profiled instead of traced (the work figures are then
 * empty) and the top functions printed; with BENCH_TRACE_DIR=dir the trace is also written there
 * (drag-<node id>.json), to open in DevTools' Performance panel.
 */
async function dragAndMeasure(page: Page, browser: Browser, nodeId: string, stepPx = 6) {
  const node = page.locator(`.react-flow__node[data-id="${nodeId}"]`);
  const box = await node.boundingBox();
  if (!box) throw new Error(`node ${nodeId} not on screen`);
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(12, box.height / 2);
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__frames = [];
    w.__recording = true;
    const tick = (time: number) => {
      w.__frames.push(time);
      if (w.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await drag(page, x, y, stepPx, 1);
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__recording = false;
    return w.__frames;
  });
  const moved = await node.boundingBox({ timeout: 5000 });

  const profiling = process.env.BENCH_PROFILE === "1";
  const cdp = profiling ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await cdp.send("Profiler.start");
  } else {
    // BENCH_TRACE_CATEGORIES=a,b,c records more (e.g. cc,blink,v8 to see inside the frame's work); the
    // work figures then include those categories' overhead
    const categories = process.env.BENCH_TRACE_CATEGORIES?.split(",") ?? ["toplevel", "devtools.timeline"];
    await browser.startTracing(page, { categories });
  }
  await drag(page, x + 60 * stepPx, y + 30 * stepPx, stepPx, -1);
  let work: ReturnType<typeof workPerPointerMove> = { wall: [], cpu: [], steps: [] };
  if (cdp) {
    const { profile } = await cdp.send("Profiler.stop");
    console.log(
      `[bench:editor] drag ${nodeId}: top self time\n${topSelfTime(profile)
        .map((row) => `  ${row.ms} ms  ${row.frame}`)
        .join("\n")}`,
    );
    await cdp.detach();
  } else {
    const trace = (await browser.stopTracing()).toString("utf8");
    if (process.env.BENCH_TRACE_DIR) writeFileSync(path.join(process.env.BENCH_TRACE_DIR, `drag-${nodeId}.json`), trace);
    work = workPerPointerMove(JSON.parse(trace));
  }
  const gaps = frames
    .slice(1)
    .map((time, index) => time - frames[index])
    .sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    frames: gaps.length,
    frameP50Ms: round(percentile(gaps, 0.5)),
    frameP95Ms: round(percentile(gaps, 0.95)),
    // frames not drawn: a gap of two frame intervals is one missed frame
    missedFrames: gaps.reduce((missed, gap) => missed + Math.max(0, Math.round(gap / FRAME_MS) - 1), 0),
    workSteps: work.wall.length,
    workP50Ms: round(percentile(work.wall, 0.5)),
    workP95Ms: round(percentile(work.wall, 0.95)),
    workCpuP50Ms: round(percentile(work.cpu, 0.5)),
    workCpuP95Ms: round(percentile(work.cpu, 0.95)),
    // the drag's start (its costliest step) and p95 of the steps after it, wall / CPU
    startMaxMs: round(Math.max(0, ...work.steps.slice(0, DRAG_START_STEPS).map((step) => step.wall))),
    startMaxCpuMs: round(Math.max(0, ...work.steps.slice(0, DRAG_START_STEPS).map((step) => step.cpu))),
    afterStartP95Ms: round(percentile(sortedOf(work.steps.slice(DRAG_START_STEPS), "wall"), 0.95)),
    afterStartCpuP95Ms: round(percentile(sortedOf(work.steps.slice(DRAG_START_STEPS), "cpu"), 0.95)),
    movedPx: Math.round((moved?.x ?? box.x) - box.x),
  };
}

/** The `key` figures of `steps`, sorted ascending (for `percentile`). */
function sortedOf(steps: ReadonlyArray<{ wall: number; cpu: number }>, key: "wall" | "cpu"): number[] {
  return steps.map((step) => step[key]).sort((a, b) => a - b);
}

/**
 * Records, in the page, how long after a click on `button` (Fit View) the overview is painted: the first
 * frame after the one in which the canvas shows the overview's node boxes (ms, in `window.__fitMs`).
 */
function recordFitMilestone(button: Element) {
  const w = window as unknown as { __fitMs?: number };
  w.__fitMs = undefined;
  button.addEventListener(
    "click",
    () => {
      const clicked = performance.now();
      const check = () => {
        const shown =
          document.querySelector("[data-testid=canvas]")?.getAttribute("data-detail") === "overview" &&
          document.querySelector("[data-testid=overview-nodes] path");
        if (!shown) return void requestAnimationFrame(check);
        requestAnimationFrame(() => {
          w.__fitMs = Math.round(performance.now() - clicked);
        });
      };
      requestAnimationFrame(check);
    },
    { capture: true, once: true },
  );
}

/** Records, in the page, when the first node is in the DOM and when validation reports no problems (ms since navigation start). */
function recordOpenMilestones() {
  const w = window as unknown as { __firstNodeMs?: number; __validatedMs?: number };
  const observer = new MutationObserver(() => {
    if (w.__firstNodeMs === undefined && document.querySelector(".react-flow__node")) {
      // the frame after the insertion is when it is painted
      requestAnimationFrame(() => {
        w.__firstNodeMs = performance.now();
      });
      w.__firstNodeMs = -1;
    }
    if (
      w.__validatedMs === undefined &&
      document.querySelector("[data-testid=problems-count]")?.textContent === "No problems: ready to publish"
    ) {
      w.__validatedMs = performance.now();
    }
    if ((w.__firstNodeMs ?? -1) >= 0 && w.__validatedMs !== undefined) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Points down one column of boxes in the overview (every node in view) with no button held, as a person
 * looks for a node: 96 pointer moves, one per 60 Hz frame, 4 per box (the generated workflow's nodes are 140
 * flow units apart), so a quarter of them reveal a new node (overview-hover-reveal.ts). Returns the
 * main-thread work per move from a trace (ms, wall and CPU, p50 and p95; see workPerPointerMove).
 */
async function pointAcrossBoxes(page: Page, browser: Browser) {
  const editor = new EditorPage(page);
  // layer 3 of the generated workflow (x 900), rows 0 to 24
  const from = await editor.flowToScreen(900 + 120, 10);
  const to = await editor.flowToScreen(900 + 120, 140 * 24 + 50);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchMouseEvent", { type: "mouseMoved", x: from.x, y: from.y });
  await page.waitForTimeout(300);
  await browser.startTracing(page, { categories: ["toplevel", "devtools.timeline"] });
  const steps = 96;
  await pacedMoves(cdp, steps, (step) => ({ x: from.x, y: from.y + ((to.y - from.y) * step) / steps }), 0);
  await page.waitForTimeout(100);
  const work = workPerPointerMove(JSON.parse((await browser.stopTracing()).toString("utf8")));
  await cdp.detach();
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    moves: work.wall.length,
    workP50Ms: round(percentile(work.wall, 0.5)),
    workP95Ms: round(percentile(work.wall, 0.95)),
    workCpuP50Ms: round(percentile(work.cpu, 0.5)),
    workCpuP95Ms: round(percentile(work.cpu, 0.95)),
  };
}

test(`a ${NODE_COUNT}-node workflow opens fast and drags smoothly`, async ({ page, browser }) => {
  await signIn(page);
  await page.goto("/workflows");
  const workflowFile = generateDocument(NODE_COUNT);
  await page
    .getByTestId("import-file")
    .setInputFiles({ name: "bench.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(workflowFile)) });
  await page.waitForURL(/\/workflows\/[^/]+$/, { timeout: 60_000 });
  const url = page.url();

  // open: from navigation start to the first node painted, and to validation finished (measured in the
  // page, so Playwright's polling does not count), and the same seen from the test (wall clock)
  await page.goto("/workflows");
  await page.addInitScript(recordOpenMilestones);
  const openProfiler = process.env.BENCH_PROFILE === "1" ? await page.context().newCDPSession(page) : null;
  if (openProfiler) {
    await openProfiler.send("Profiler.enable");
    await openProfiler.send("Profiler.start");
  }
  const started = Date.now();
  await page.goto(url);
  // wait on the page's own milestones, checked every 100 ms: Playwright's expect() polls harder, and builds
  // an accessibility snapshot of the page for its message after a failed check (~25 ms of main-thread work
  // at hydration in a CPU profile of the open), which would be counted as the editor's
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __firstNodeMs?: number; __validatedMs?: number };
      return (w.__firstNodeMs ?? -1) >= 0 && w.__validatedMs !== undefined;
    },
    undefined,
    { timeout: 60_000, polling: 100 },
  );
  const openWallMs = Date.now() - started;
  if (openProfiler) {
    const { profile } = await openProfiler.send("Profiler.stop");
    console.log(
      `[bench:editor] open: top self time\n${topSelfTime(profile)
        .map((row) => `  ${row.ms} ms  ${row.frame}`)
        .join("\n")}`,
    );
    await openProfiler.detach();
  }
  const milestones = await page.evaluate(() => {
    const w = window as unknown as { __firstNodeMs: number; __validatedMs?: number };
    return { firstNodeMs: Math.round(w.__firstNodeMs), validatedMs: Math.round(w.__validatedMs ?? -1) };
  });
  const renderedAtOpen = await page.locator(".react-flow__node").count();
  await screenshot(page, "bench-editor-open");
  // where the open time goes: the server's answer, then the browser (scripts, hydration, first render)
  const navigation = await page.evaluate(() => {
    const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return { responseEndMs: Math.round(entry.responseEnd), domContentLoadedMs: Math.round(entry.domContentLoadedEventEnd) };
  });

  // drag at zoom 1: only the visible nodes are rendered
  const dragAtZoom1 = await dragAndMeasure(page, browser, "n1");

  // fit view: every node in view, at the overview's level of detail (the box layer draws them)
  const fitButton = page.getByRole("button", { name: "Fit View" });
  await fitButton.evaluate(recordFitMilestone);
  await fitButton.click();
  await expect(page.getByTestId("canvas")).toHaveAttribute("data-detail", "overview", { timeout: 60_000 });
  await expect(page.getByTestId("overview-nodes").locator("path").first()).toBeAttached({ timeout: 60_000 });
  const fitMs = await page.waitForFunction(() => (window as unknown as { __fitMs?: number }).__fitMs).then((handle) => handle.jsonValue());
  const renderedAtFit = await page.locator(".react-flow__node").count();
  await screenshot(page, "bench-editor-fit");

  // drag with all 1,000 nodes on screen (the worst case): point at the node's box first, as a person does
  const dragged = workflowFile.graph.nodes.find((node) => node.id === DRAGGED_AT_FIT);
  if (!dragged) throw new Error(`${DRAGGED_AT_FIT} is not in the generated workflow`);
  await new EditorPage(page).revealInOverview(DRAGGED_AT_FIT, dragged.position);
  const dragAllVisible = await dragAndMeasure(page, browser, DRAGGED_AT_FIT, 3);

  // pointing across the boxes: each new box under the pointer is handed to React Flow (revealed)
  const pointInOverview = await pointAcrossBoxes(page, browser);

  const result = {
    nodes: NODE_COUNT,
    openFirstNodeMs: milestones.firstNodeMs,
    openValidatedMs: milestones.validatedMs,
    openWallMs,
    ...navigation,
    renderedAtOpen,
    fitViewMs: fitMs,
    renderedAtFit,
    dragAtZoom1,
    dragAllVisible,
    pointInOverview,
  };
  console.log(`[bench:editor] ${JSON.stringify(result)}`);
  // the targets: open < 1.5 s, and a drag's frame time (the main-thread work of a frame, one pointer move
  // each) < 16 ms at p95; on a shared machine the clock figure includes time other processes held the core
  const mark = (ok: boolean) => (ok ? "✔" : "✘");
  const openMs = Math.max(result.openFirstNodeMs, result.openValidatedMs);
  console.log(
    `[bench:editor] targets: open (first node painted, validated) ${openMs} ms < 1500 ${mark(openMs < 1500)}; ` +
      `frame time p95 at zoom 1 ${dragAtZoom1.workP95Ms} ms (CPU ${dragAtZoom1.workCpuP95Ms}) < 16 ${mark(dragAtZoom1.workP95Ms < 16)}; ` +
      `all in view ${dragAllVisible.workP95Ms} ms (CPU ${dragAllVisible.workCpuP95Ms}) < 16 ${mark(dragAllVisible.workP95Ms < 16)}`,
  );
  // what the p95 is made of: the drag's start, and the moves after it
  const parts = (drag: typeof dragAtZoom1) =>
    `start ${drag.startMaxMs} ms (CPU ${drag.startMaxCpuMs}), after it p95 ${drag.afterStartP95Ms} ms (CPU ${drag.afterStartCpuP95Ms})`;
  console.log(`[bench:editor] drag at zoom 1: ${parts(dragAtZoom1)}; all in view: ${parts(dragAllVisible)}`);
  console.log(
    `[bench:editor] pointing across boxes in the overview: per move p50 ${pointInOverview.workP50Ms} ms (CPU ${pointInOverview.workCpuP50Ms}), ` +
      `p95 ${pointInOverview.workP95Ms} ms (CPU ${pointInOverview.workCpuP95Ms})`,
  );
  test.info().annotations.push({ type: "bench", description: JSON.stringify(result) });

  expect(dragAtZoom1.movedPx).toBeGreaterThan(200);
  expect(dragAllVisible.movedPx).toBeGreaterThan(50);
  expect(pointInOverview.moves).toBeGreaterThan(90);
  expect(openWallMs).toBeLessThan(15_000);
  expect(dragAtZoom1.frameP95Ms).toBeLessThan(250);
});
