import { describe, expect, it } from "vitest";
import { panToShow } from "./reveal-node";

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
