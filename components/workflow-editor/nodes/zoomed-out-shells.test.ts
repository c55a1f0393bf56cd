import { describe, expect, it } from "vitest";
import { detailForZoom } from "./zoomed-out-shells";

describe("detailForZoom", () => {
  it("draws nodes in full from 0.45, compact from 0.2, as boxes below", () => {
    expect([1, 0.45, 0.44, 0.2, 0.19, 0.05].map(detailForZoom)).toEqual(["full", "full", "compact", "compact", "overview", "overview"]);
  });
});
