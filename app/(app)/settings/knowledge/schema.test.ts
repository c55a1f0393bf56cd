import { describe, expect, it } from "vitest";
import { retrievalSchema, retrievalProblem } from "./schema";

describe("retrievalSchema", () => {
  it("names the field and the limit when the query is too long", () => {
    const parsed = retrievalSchema.safeParse({ query: "a".repeat(2345), topK: 5 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["query"], "At most 2,000 characters (you have 2,345)."],
    ]);
    expect(parsed.error && retrievalProblem(parsed.error)).toEqual({
      message: "Query: at most 2,000 characters (you have 2,345).",
      fields: { query: "At most 2,000 characters (you have 2,345)." },
    });
  });

  it("counts the query after trimming, and accepts exactly 2,000 characters", () => {
    expect(retrievalSchema.safeParse({ query: `  ${"a".repeat(2000)}  `, topK: 5 }).success).toBe(true);
  });

  it("names the field for an empty query and an out-of-range top k", () => {
    const parsed = retrievalSchema.safeParse({ query: "   ", topK: 51 });
    expect(parsed.error && retrievalProblem(parsed.error)).toEqual({
      message: "Query: type a question or some keywords.",
      fields: { query: "Type a question or some keywords.", topK: "At most 50." },
    });
    const low = retrievalSchema.safeParse({ query: "refunds", topK: 0 });
    expect(low.error && retrievalProblem(low.error)).toEqual({ message: "Top k: at least 1.", fields: { topK: "At least 1." } });
  });
});
