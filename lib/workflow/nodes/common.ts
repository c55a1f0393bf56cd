/**
 * Fields every node's `data` may carry (spec §2) and small helpers shared by the node modules.
 */
import { z } from "zod";
import { WorkflowError } from "../errors";
import type { SourceHandle } from "./node-definition";

/** Error strategies (spec §2, §5). */
export const ERROR_STRATEGIES = ["stop_workflow", "continue", "fail_branch"] as const;
/** One of ERROR_STRATEGIES. */
export type ErrorStrategy = (typeof ERROR_STRATEGIES)[number];

/** Upper bound of a retry delay, ms (spec §2 "backoff doubles, capped at 60 s"). */
export const MAX_RETRY_DELAY_MS = 60_000;

/** The common `data` fields, to spread into each node's `z.object`. */
export const commonDataShape = {
  title: z.string().max(200).optional().describe("Name shown on the canvas."),
  description: z.string().max(5000).optional().describe("Notes about what the node does."),
  error_strategy: z
    .enum(ERROR_STRATEGIES)
    .default("stop_workflow")
    .describe(
      "On failure: stop_workflow fails the run; continue marks the node failed with an `error` output and goes on; fail_branch takes the `error` handle.",
    ),
  timeout_ms: z.number().int().positive().max(86_400_000).optional().describe("Time limit of one attempt, in milliseconds."),
  retry_count: z.number().int().min(0).max(10).default(0).describe("How many times a failed attempt is retried."),
  retry_delay_ms: z
    .number()
    .int()
    .min(0)
    .max(MAX_RETRY_DELAY_MS)
    .default(1000)
    .describe("Delay before the first retry, in milliseconds; doubles each retry, capped at 60 s."),
};

/** The common fields after parsing. */
export interface CommonNodeData {
  title?: string;
  description?: string;
  error_strategy: ErrorStrategy;
  timeout_ms?: number;
  retry_count: number;
  retry_delay_ms: number;
}

/** Handles of a node with one unnamed source handle. */
export function unnamedHandle(): SourceHandle[] {
  return [null];
}

/** Handles of a node without source handles (END). */
export function noHandles(): SourceHandle[] {
  return [];
}

/** A copy of `value` without its `undefined` members (clean JSON for recorded inputs). */
export function withoutUndefined<T extends Record<string, unknown>>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = item;
  return out as T;
}

/** Throws `invalid_config` naming the missing service; used by executors whose service is absent. */
export function missingService(nodeType: string, service: string): never {
  throw new WorkflowError("invalid_config", `${nodeType} needs the ${service} service, which is not configured`);
}

/** Identifier rule for node ids (spec §1), variable names and condition ids. */
export const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;

/** A template map (`{name: template}`): values are strings or JSON values whose strings are templates. */
export const templateMapSchema = z.record(z.string().min(1), z.unknown());
