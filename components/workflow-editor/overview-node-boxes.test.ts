import { describe, expect, it } from "vitest";
import { REVEALED_CLASS } from "./overview-flow-nodes";
import { CHUNK_SIZE, chunkOf } from "./overview-chunks";
import { type BoxedNode, boxesInside, nodeAt, OverviewBoxCache, overviewBoxes } from "./overview-node-boxes";

/**
 * A node last measured in full detail with a run's status footer (240 × 151), as React Flow keeps a node it
 * has not rendered since: its box is the overview shell's 240 × 64 all the same.
 */
function node(x: number, y: number, extra: Partial<BoxedNode> = {}, z = 0): BoxedNode {
  return { type: "LLM", measured: { width: 240, height: 151 }, internals: { positionAbsolute: { x, y }, z }, ...extra };
}

const colorOf = (type: string | undefined) => (type === "LLM" ? "#7c3aed" : "#0d9488");

describe("overviewBoxes", () => {
  it("draws a frame, a 24 px type band and the body inside a 4 px border for each node, grouped by look and colour", () => {
    const nodes = new Map([
      ["a", node(0, 0)],
      ["b", node(300, 140, { type: "CONDITION_BRANCH" })],
      ["c", node(600, 0)],
    ]);
    const boxes = overviewBoxes(nodes, (id) => (id === "b" ? "issues" : "plain"), colorOf);
    expect(boxes.frames).toEqual([
      { look: "plain", d: "M0 0h240v64h-240zM600 0h240v64h-240z" },
      { look: "issues", d: "M300 140h240v64h-240z" },
    ]);
    expect(boxes.bands).toEqual([
      { color: "#7c3aed", d: "M0 0h24v64h-24zM600 0h24v64h-24z" },
      { color: "#0d9488", d: "M300 140h24v64h-24z" },
    ]);
    expect(boxes.bodies).toBe("M24 4h212v56h-212zM324 144h212v56h-212zM624 4h212v56h-212z");
  });

  it("leaves out the nodes React Flow draws itself (selected, dragged, under the pointer) and those not measured yet; draws hidden ones", () => {
    const nodes = new Map([
      ["selected", node(0, 0, { selected: true })],
      ["dragged", node(0, 0, { dragging: true })],
      ["revealed", node(0, 0, { className: `custom ${REVEALED_CLASS}` })],
      ["classed", node(600, 0, { className: `${REVEALED_CLASS}-not` })],
      ["unmeasured", node(0, 0, { measured: undefined })],
      ["hidden", node(300, 0, { hidden: true })],
      ["shown", node(10.04, 20.06)],
    ]);
    const boxes = overviewBoxes(nodes, () => "plain", colorOf);
    expect(boxes.frames).toEqual([{ look: "plain", d: "M600 0h240v64h-240zM300 0h240v64h-240zM10 20.1h240v64h-240z" }]);
  });
});

describe("OverviewBoxCache", () => {
  it("returns the same boxes while the drawn nodes are the same objects and the looks did not change", () => {
    const cache = new OverviewBoxCache();
    const a = node(0, 0);
    const first = cache.update(
      new Map([
        ["a", a],
        ["moving", node(300, 0, { dragging: true })],
      ]),
      0,
      () => "plain",
      colorOf,
    );
    // the dragged node moved (a new object): nothing drawn changed
    expect(
      cache.update(
        new Map([
          ["a", a],
          ["moving", node(320, 10, { dragging: true })],
        ]),
        0,
        () => "plain",
        colorOf,
      ),
    ).toBe(first);
    // the looks changed: drawn again
    const failed = cache.update(new Map([["a", a]]), 1, () => "failed", colorOf);
    expect(failed).not.toBe(first);
    expect(failed.map((chunk) => chunk.frames)).toEqual([[{ look: "failed", d: "M0 0h240v64h-240z" }]]);
    // a drawn node moved
    expect(cache.update(new Map([["a", node(5, 0)]]), 1, () => "failed", colorOf)[0].frames[0].d).toBe("M5 0h240v64h-240z");
  });

  it(`draws the boxes in chunks of ${CHUNK_SIZE} flow units by their top left corner, and again only the chunks that changed`, () => {
    const cache = new OverviewBoxCache();
    const a = node(0, 0);
    const b = node(1600, 0);
    const c = node(1700, 1600);
    const first = cache.update(
      new Map([
        ["a", a],
        ["b", b],
        ["c", c],
      ]),
      0,
      () => "plain",
      colorOf,
    );
    // chunk keys: x chunk * 100003 + y chunk, sorted
    expect(first.map((chunk) => [chunk.key, chunk.bodies])).toEqual([
      [0, "M24 4h212v56h-212z"],
      [chunkOf(1600, 0), "M1624 4h212v56h-212z"],
      [chunkOf(1700, 1600), "M1724 1604h212v56h-212z"],
    ]);
    expect([chunkOf(1600, 0), chunkOf(1700, 1600), chunkOf(-1, -1)]).toEqual([100_003, 100_004, -100_004]);
    // b moves within its chunk: that chunk alone is drawn again
    const moved = cache.update(
      new Map([
        ["a", a],
        ["b", node(1610, 0)],
        ["c", c],
      ]),
      0,
      () => "plain",
      colorOf,
    );
    expect(moved[0]).toBe(first[0]);
    expect(moved[2]).toBe(first[2]);
    expect(moved[1].bodies).toBe("M1634 4h212v56h-212z");
    // b is pointed at (React Flow shows it): its chunk has no box left and goes
    const pointed = cache.update(
      new Map([
        ["a", a],
        ["b", node(1610, 0, { className: REVEALED_CLASS })],
        ["c", c],
      ]),
      0,
      () => "plain",
      colorOf,
    );
    expect(pointed).toEqual([first[0], first[2]]);
    expect(pointed[1]).toBe(first[2]);
  });
});

describe("nodeAt", () => {
  it("finds the node whose box (the overview shell's 240 × 64, not its last measured size) holds the point, the one on top where boxes overlap, and none between nodes", () => {
    const nodes = new Map([
      ["low", node(0, 0, {}, 0)],
      ["high", node(100, 0, {}, 1000)],
      ["later", node(200, 0, {}, 0)],
      ["hidden", node(0, 100, { hidden: true })],
    ]);
    // a hidden node is one of the overview's boxes: found like any other
    expect(nodeAt(nodes, 50, 30)).toBe("low");
    expect(nodeAt(nodes, 150, 30)).toBe("high");
    expect(nodeAt(nodes, 250, 30)).toBe("high");
    expect(nodeAt(nodes, 400, 30)).toBe("later");
    expect(nodeAt(nodes, 50, 120)).toBe("hidden");
    // under the box, though inside the 151 px the node was last measured at
    expect(nodeAt(nodes, 50, 80)).toBeNull();
    expect(nodeAt(nodes, 50, 170)).toBeNull();
  });
});

describe("boxesInside", () => {
  function internal(x: number, y: number, extra: Partial<BoxedNode> = {}): BoxedNode {
    return { hidden: true, measured: { width: 240, height: 151 }, internals: { positionAbsolute: { x, y } }, ...extra };
  }

  it("finds the hidden, unselected, selectable nodes wholly inside the rectangle, converted by pan and zoom", () => {
    const lookup = new Map([
      ["inside", internal(300, 0)],
      ["partly", internal(300, 200)],
      ["selected", internal(300, 100, { selected: true })],
      ["shown", internal(300, 100, { hidden: false })],
      ["locked", internal(300, 100, { selectable: false })],
      ["left", internal(0, 0)],
      // its box (to y 164) is inside; the 151 px it was last measured at (to y 251) would not be
      ["box inside", internal(600, 100)],
    ]);
    // screen (39, 9)–(97, 29) at pan (10, 10), zoom 0.1: flow (290, -10)–(870, 190)
    expect(boxesInside(lookup, { x: 39, y: 9, width: 58, height: 20 }, [10, 10, 0.1])).toEqual(["inside", "box inside"]);
    expect(boxesInside(lookup, { x: 0, y: 0, width: 5, height: 5 }, [10, 10, 0.1])).toEqual([]);
  });
});
