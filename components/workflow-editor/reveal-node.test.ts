import { describe, expect, it } from "vitest";
import { panToShow, revealPan } from "./reveal-node";

describe("panToShow", () => {
  it("does not move a span already inside the margins", () => {
    expect(panToShow(24, 240, 1000)).toBe(0);
    expect(panToShow(736, 240, 1000)).toBe(0);
  });

  it("moves a span cut off at the far edge back by the least distance, margin included", () => {
    // 900 + 240 = 1140 past 1000 - 24 = 976: moved by -164
    expect(panToShow(900, 240, 1000)).toBe(-164);
  });

  it("moves a span cut off at the near edge forward to the margin", () => {
    expect(panToShow(-100, 240, 1000)).toBe(124);
    expect(panToShow(10, 240, 1000, 0)).toBe(0);
  });

  it("shows the start of a span larger than the canvas, and leaves it when its start is in sight", () => {
    expect(panToShow(-500, 1200, 1000)).toBe(524);
    expect(panToShow(990, 1200, 1000)).toBe(-966);
    expect(panToShow(100, 1200, 1000)).toBe(0);
  });
});

describe("revealPan", () => {
  const canvas = { width: 1000, height: 800 };
  // the problems panel: bottom left, 440 × 200; the minimap: bottom right, 150 × 96 above the controls
  const problems = { x: 12, y: 588, width: 440, height: 200 };
  const minimap = { x: 835, y: 640, width: 150, height: 96 };

  it("moves a node the problems panel would cover above it", () => {
    // inside the edges (bottom 776 = 800 - 24), but the problems panel starts at 588: its bottom goes to 564
    expect(revealPan({ x: 100, y: 576, width: 240, height: 200 }, canvas, [problems, minimap])).toEqual({ dx: 0, dy: -212 });
    // cut off at the edge first (bottom 880): the same place
    expect(revealPan({ x: 100, y: 680, width: 240, height: 200 }, canvas, [problems, minimap])).toEqual({ dx: 0, dy: -316 });
  });

  it("leaves a node the overlays do not reach, and one right of the problems panel", () => {
    expect(revealPan({ x: 100, y: 100, width: 240, height: 127 }, canvas, [problems, minimap])).toEqual({ dx: 0, dy: 0 });
    expect(revealPan({ x: 500, y: 600, width: 240, height: 127 }, canvas, [problems, minimap])).toEqual({ dx: 0, dy: 0 });
  });

  it("moves a node at the bottom right above the minimap after bringing it inside the right edge", () => {
    // dx: 900 + 240 → 976 (-164), left 736 overlaps the minimap (835–985); bottom 727 > 640 - 24: up by 111
    expect(revealPan({ x: 900, y: 600, width: 240, height: 127 }, canvas, [problems, minimap])).toEqual({ dx: -164, dy: -111 });
  });

  it("does not push a node taller than the room above an overlay out at the top", () => {
    expect(revealPan({ x: 100, y: 40, width: 240, height: 700 }, canvas, [problems])).toEqual({ dx: 0, dy: 0 });
  });
});
