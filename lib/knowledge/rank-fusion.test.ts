import { describe, expect, it } from "vitest";
import { normaliseFused, normaliseKeywordScore, RRF_K, reciprocalRankFusion } from "./rank-fusion";
import { cosineSimilarity, decodeVector, encodeVector } from "./vectors";

describe("reciprocalRankFusion", () => {
  it("sums 1 / (60 + rank) over the rankings that hold an id", () => {
    const fused = reciprocalRankFusion([
      ["a", "b", "c"],
      ["c", "a", "d"],
    ]);
    expect(fused.map((entry) => entry.id)).toEqual(["a", "c", "b", "d"]);
    expect(fused[0]).toEqual({ id: "a", fused: 1 / 61 + 1 / 62, ranks: [1, 2] });
    expect(fused[1]).toEqual({ id: "c", fused: 1 / 63 + 1 / 61, ranks: [3, 1] });
    expect(fused[2]).toEqual({ id: "b", fused: 1 / 62, ranks: [2, null] });
    expect(fused[3]).toEqual({ id: "d", fused: 1 / 63, ranks: [null, 3] });
  });

  it("counts an id repeated in one ranking once, at its first place", () => {
    expect(reciprocalRankFusion([["a", "a"]])).toEqual([{ id: "a", fused: 1 / 61, ranks: [1] }]);
  });

  it("normalises a fused score by its maximum", () => {
    expect(RRF_K).toBe(60);
    expect(normaliseFused(2 / 61, 2)).toBe(1);
    expect(normaliseFused(1 / 61, 2)).toBe(0.5);
    expect(normaliseFused(1, 0)).toBe(0);
  });

  it("saturates keyword scores into 0..1", () => {
    expect([0, -2, 1, 4, 9].map(normaliseKeywordScore)).toEqual([0, 0, 0.5, 0.8, 0.9]);
  });
});

describe("vectors", () => {
  it("round-trips float32 little-endian bytes", () => {
    const bytes = encodeVector([1, -0.5, 0.25]);
    expect([...bytes]).toEqual([0, 0, 128, 63, 0, 0, 0, 191, 0, 0, 128, 62]);
    expect([...decodeVector(bytes)]).toEqual([1, -0.5, 0.25]);
    expect(() => encodeVector([1, Number.NaN])).toThrow("Embedding value at index 1 is not a finite number");
    expect(() => decodeVector(new Uint8Array(5))).toThrow("A stored embedding has 5 bytes, not a multiple of 4");
  });

  it("computes cosine similarity", () => {
    expect(cosineSimilarity([1, 0], [1, 0])).toBe(1);
    expect(cosineSimilarity([1, 0], [0, 2])).toBe(0);
    expect(cosineSimilarity([1, 1], [-1, -1])).toBeCloseTo(-1, 12);
    expect(cosineSimilarity([3, 4], [4, 3])).toBeCloseTo(24 / 25, 12);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
    expect(() => cosineSimilarity([1], [1, 2])).toThrow("Cannot compare vectors of 1 and 2 dimensions");
  });
});
