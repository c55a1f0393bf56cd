/**
 * Per-key rate limits for the REST API and the MCP endpoint, with `rate-limiter-flexible`.
 *
 * The limiter is in memory (RateLimiterMemory): correct for one app process, which is how Switchyard runs
 * by default. With several processes each keeps its own counts, so a key gets up to N× the limit; swap in
 * `RateLimiterPostgres`/`RateLimiterRedis` from the same package (same `consume` API) when running more.
 *
 * Limit: SWITCHYARD_API_RATE_LIMIT requests (default 120) per SWITCHYARD_API_RATE_WINDOW_S seconds
 * (default 60) per API key.
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
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

export function createApiRateLimiter(options: ApiRateLimitOptions): ApiRateLimiter {
  const limiter = new RateLimiterMemory({ points: options.points, duration: options.durationSeconds, keyPrefix: "api" });
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

/** The process-wide limiter. */
export function getApiRateLimiter(): ApiRateLimiter {
  globalForLimiter.switchyardApiRateLimiter ??= createApiRateLimiter(apiRateLimitFromEnv());
  return globalForLimiter.switchyardApiRateLimiter;
}
