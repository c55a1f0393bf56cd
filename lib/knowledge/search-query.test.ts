import { describe, expect, it } from "vitest";
import { MAX_SEARCH_TERMS, searchTerms, toFts5Match, toWebSearchQuery } from "./search-query";

describe("searchTerms", () => {
  it.each([
    ["How many days do I have to report a damaged item?", ["many", "days", "report", "damaged", "item"]],
    ['"Two-factor" AND reset*', ["two", "factor", "reset"]],
    ["refund -damaged NOT NEAR(x, y)", ["refund", "damaged", "near", "x", "y"]],
    ['\'; DROP TABLE "Chunk"; --', ["drop", "table", "chunk"]],
    ["e-mail: ^per_diem (45€)", ["e", "mail", "per", "diem", "45"]],
    ["Ünïcödé ＲＥＦＵＮＤ refund", ["ünïcödé", "refund"]],
    ["ORDER order Order", ["order"]],
  ])("reduces %j to plain terms", (query, expected) => {
    expect(searchTerms(query)).toEqual(expected);
  });

  it.each(["", "   ", "what is the", '"" * - ^ : ( ) AND OR NOT', "?!"])("finds nothing to search in %j", (query) => {
    expect(searchTerms(query)).toEqual([]);
  });

  it("caps the number and length of terms", () => {
    const many = Array.from({ length: 100 }, (_, index) => `word${index}`).join(" ");
    expect(searchTerms(many)).toHaveLength(MAX_SEARCH_TERMS);
    expect(searchTerms("x".repeat(500))).toEqual(["x".repeat(64)]);
  });
});

describe("engine queries", () => {
  it("quotes every FTS5 term and joins them with OR", () => {
    expect(toFts5Match(["refund", "near", "and"])).toBe('"refund" OR "near" OR "and"');
  });

  it("joins websearch_to_tsquery terms with or", () => {
    expect(toWebSearchQuery(["refund", "damaged"])).toBe("refund or damaged");
  });

  it("refuses an empty term list", () => {
    expect(() => toFts5Match([])).toThrow("toFts5Match: no terms");
    expect(() => toWebSearchQuery([])).toThrow("toWebSearchQuery: no terms");
  });
});
