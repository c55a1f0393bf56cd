/**
 * Per-key rate limits for the REST API and the MCP endpoint, with `rate-limiter-flexible`.
 *
 * Counts live in the database (model RateLimit, `RateLimiterPrisma`): every app process on one database
 * shares them, so a key gets its limit once whether one process serves it or several (PostgreSQL
 * deployments with more than one web process). Expired rows are cleared by the library's hourly sweep.
 * Cost: two or three small queries per API request; webhooks are not rate-limited (the token is the secret).
 *
 * Limit: SWITCHYARD_API_RATE_LIMIT requests (default 120) per SWITCHYARD_API_RATE_WINDOW_S seconds
 * (default 60) per API key.
 */
import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { type Db, getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

export interface ApiRateLimitOptions {
  /** Requests allowed per window. */
  points: number;
  /** Window length, s. */
  durationSeconds: number;
}

export interface ApiRateLimiter {
  /**
   * Counts one request of `keyId`.
   * @throws AppError `rate_limited` (429) with `details.retry_after_seconds` (whole seconds, ≥ 1) when over the limit.
   */
  consume(keyId: string): Promise<void>;
}

function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** The limit from the environment (see the module comment). */
export function apiRateLimitFromEnv(): ApiRateLimitOptions {
  return { points: envNumber("SWITCHYARD_API_RATE_LIMIT", 120), durationSeconds: envNumber("SWITCHYARD_API_RATE_WINDOW_S", 60) };
}

/** A limiter counting in `db`'s RateLimit table (shared with every other limiter on that database). */
export function createApiRateLimiter(db: Db, options: ApiRateLimitOptions): ApiRateLimiter {
  const limiter = new RateLimiterPrisma({
    storeClient: db,
    tableName: "rateLimit", // the Prisma client's property for model RateLimit
    points: options.points,
    duration: options.durationSeconds,
    keyPrefix: "api",
  });
  return {
    async consume(keyId) {
      try {
        await limiter.consume(keyId);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw new AppError(
          "rate_limited",
          `Too many requests for this API key: the limit is ${options.points} per ${options.durationSeconds} s. Retry after ${retryAfter} s.`,
          {
            details: { retry_after_seconds: retryAfter, limit: options.points, window_seconds: options.durationSeconds },
          },
        );
      }
    },
  };
}

const globalForLimiter = globalThis as unknown as { switchyardApiRateLimiter?: ApiRateLimiter };

/** The process-wide limiter over `getDb()`. */
export function getApiRateLimiter(): ApiRateLimiter {
  globalForLimiter.switchyardApiRateLimiter ??= createApiRateLimiter(getDb(), apiRateLimitFromEnv());
  return globalForLimiter.switchyardApiRateLimiter;
}
