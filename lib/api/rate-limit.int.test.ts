import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "@/lib/db/test-databases";
import { AppError } from "@/lib/errors";
import { createApiRateLimiter } from "./rate-limit";
import { apiErrorResponse } from "./respond";

describe.each(testDatabaseKinds())("API rate limit on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("limits each key separately and answers 429 with Retry-After", async () => {
    const limiter = createApiRateLimiter(t.db, { points: 2, durationSeconds: 60 });
    await limiter.consume("a");
    await limiter.consume("a");
    await limiter.consume("b");
    const error = await limiter.consume("a").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("rate_limited");
    const response = apiErrorResponse(error, "test");
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(59);
    expect((await response.json()).error.details).toMatchObject({ limit: 2, window_seconds: 60 });
    expect(await t.db.rateLimit.findMany({ orderBy: { key: "asc" }, select: { key: true, points: true } })).toEqual([
      { key: "api:a", points: 3 },
      { key: "api:b", points: 1 },
    ]);
  });

  it("shares the counts between limiters on one database (two app processes)", async () => {
    const first = createApiRateLimiter(t.db, { points: 3, durationSeconds: 60 });
    const second = createApiRateLimiter(t.db, { points: 3, durationSeconds: 60 });
    await Promise.all([first.consume("shared"), second.consume("shared"), first.consume("shared")]);
    await expect(second.consume("shared")).rejects.toMatchObject({ code: "rate_limited" });
  });
});
