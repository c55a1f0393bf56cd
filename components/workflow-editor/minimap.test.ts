import { describe, expect, it } from "vitest";
import { boundsOf, minimapView } from "./minimap";

describe("boundsOf", () => {
  it("joins rectangles", () => {
    expect(
      boundsOf([
        { x: 0, y: 10, width: 240, height: 80 },
        { x: 300, y: -20, width: 240, height: 80 },
      ]),
    ).toEqual({ x: 0, y: -20, width: 540, height: 110 });
  });

  it("is null for none", () => {
    expect(boundsOf([])).toBeNull();
  });
});

describe("minimapView", () => {
  it("letterboxes the nodes and the visible area to the minimap with a 5 px margin", () => {
    // nodes 0..1500 × 0..480, visible area inside them: 1500 / 150 = 10 units per px wide, 480 / 96 = 5 tall
    const view = minimapView(
      { x: 0, y: 0, width: 1500, height: 480 },
      { x: 100, y: 100, width: 200, height: 100 },
      { width: 150, height: 96 },
    );
    expect(view.scale).toBeCloseTo((1500 + 100) / 150);
    expect(view.x).toBe(-50);
    expect(view.width).toBe(1600);
    // 96 px at 10 units per px is 960 units, the 480 of nodes centred in it, plus the margin
    expect(view.y).toBe(-240 - 50);
    expect(view.height).toBe(960 + 100);
  });

  it("shows the visible area alone on an empty canvas", () => {
    const view = minimapView(null, { x: 0, y: 0, width: 1500, height: 960 }, { width: 150, height: 96 });
    expect(view).toEqual({ x: -50, y: -50, width: 1600, height: 1060, scale: 1600 / 150 });
  });
});
