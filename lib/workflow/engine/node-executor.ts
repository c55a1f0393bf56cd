/**
 * Runs one task node: resolves its inputs, then attempts with a per-attempt timeout (`timeout_ms`, via
 * AbortSignal), and retries with doubling backoff capped at 60 s (spec §2). The error strategy is
 * applied by the scheduler, not here.
 */
import { toWorkflowError, WorkflowError, type WorkflowErrorCode } from "../errors";
import { MAX_RETRY_DELAY_MS } from "../nodes/common";
import type { NodeRunInfo } from "../nodes/node-definition";
import type { NodeServices, TokenUsage } from "../services";
import type { TemplateScope } from "../template";
import type { CompiledGraph } from "./compiled-graph";

/** How a node ended, as the scheduler settles it; `aborted` = the run stopped meanwhile (nothing to settle). */
export type NodeOutcome =
  | { kind: "succeeded"; outputs: unknown; usage?: TokenUsage; model?: string }
  | { kind: "failed"; error: WorkflowError }
  | { kind: "aborted" };

/** Codes retrying cannot fix: the node fails at once whatever `retry_count` says. */
export const NON_RETRYABLE_CODES: ReadonlySet<WorkflowErrorCode> = new Set<WorkflowErrorCode>([
  "invalid_config",
  "invalid_input",
  "unresolved_reference",
  "type_error",
  "cancelled",
  "approval_rejected",
  "approval_timeout",
  "max_depth_exceeded",
  "reentrant_call",
  "contains_human_intervention",
  "forbidden",
  "not_found",
]);

/** Delay before retry number `attempt` (1-based: the delay after the first failed attempt is `baseMs`), ms. */
export function retryDelayMs(baseMs: number, attempt: number): number {
  return Math.min(baseMs * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);
}

/** What the executor needs from the run session. */
export interface ExecutorHost {
  readonly graph: CompiledGraph;
  readonly scope: TemplateScope;
  readonly services: NodeServices;
  readonly runInfo: NodeRunInfo;
  /** Aborted when the run stops (cancel, stop_workflow elsewhere, limits). */
  readonly signal: AbortSignal;
  /** Rejects with the abort reason once `signal` aborts (never resolves); lets a race end without a listener per attempt. */
  readonly stopped: Promise<never>;
  isStopped(): boolean;
  /**
   * Counts a step and stores the attempt's start (node run `running`, `node.started`); false when the run
   * stopped. With `durable: false` (pure nodes, NodeDefinition.pure) the start is queued, not awaited.
   */
  beginAttempt(node: number, attempt: number, inputs: unknown, options?: { durable?: boolean }): Promise<boolean>;
  /** Stores `node.retrying`; false when the run stopped. */
  recordRetry(node: number, attempt: number, error: WorkflowError, delayMs: number): Promise<boolean>;
  emitDelta(node: number, text: string): void;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

/**
 * Runs `work` with an AbortSignal that fires on the run's signal or after `timeoutMs`. Settles when
 * `work` does, or as soon as the signal fires (an executor that ignores its signal cannot hold the run).
 * @throws WorkflowError `timeout` when the time limit passes; the run's abort reason when it stops.
 */
async function withTimeout<T>(
  work: (signal: AbortSignal) => Promise<T>,
  timeoutMs: number | undefined,
  host: ExecutorHost,
  nodeId: string,
): Promise<T> {
  if (timeoutMs === undefined) return Promise.race([work(host.signal), host.stopped]);
  const controller = new AbortController();
  const runSignal = host.signal;
  let rejectEarly: (reason: unknown) => void = () => {};
  const early = new Promise<never>((_, reject) => {
    rejectEarly = reject;
  });
  const onRunAbort = () => {
    controller.abort(runSignal.reason);
    rejectEarly(runSignal.reason ?? new WorkflowError("cancelled", "The run stopped", { nodeId }));
  };
  if (runSignal.aborted) onRunAbort();
  else runSignal.addEventListener("abort", onRunAbort, { once: true });
  const timer = setTimeout(() => {
    const error = new WorkflowError("timeout", `Node "${nodeId}" took longer than ${timeoutMs} ms`, {
      nodeId,
      details: { timeout_ms: timeoutMs },
    });
    controller.abort(error);
    rejectEarly(error);
  }, timeoutMs);
  try {
    return await Promise.race([work(controller.signal), early]);
  } finally {
    clearTimeout(timer);
    runSignal.removeEventListener("abort", onRunAbort);
  }
}

/** Executes task node `index` to an outcome (never throws for node failures). */
export async function executeNode(host: ExecutorHost, index: number): Promise<NodeOutcome> {
  const node = host.graph.nodes[index];
  const { definition, config } = node;
  let inputs: unknown;
  try {
    inputs = definition.resolveInputs(config, host.scope);
  } catch (error) {
    if (!(await host.beginAttempt(index, 1, null, { durable: !definition.pure }))) return { kind: "aborted" };
    return { kind: "failed", error: toWorkflowError(error, node.id) };
  }
  for (let attempt = 1; ; attempt += 1) {
    if (!(await host.beginAttempt(index, attempt, inputs, { durable: !definition.pure }))) return { kind: "aborted" };
    try {
      const result = await withTimeout(
        (signal) =>
          definition.execute({
            nodeId: node.id,
            config,
            inputs,
            scope: host.scope,
            services: host.services,
            signal,
            attempt,
            run: host.runInfo,
            emit: (text: string) => host.emitDelta(index, text),
          }),
        config.timeout_ms,
        host,
        node.id,
      );
      if (host.isStopped()) return { kind: "aborted" };
      return { kind: "succeeded", outputs: result.outputs, usage: result.usage, model: result.model };
    } catch (thrown) {
      if (host.isStopped()) return { kind: "aborted" };
      const error = toWorkflowError(thrown, node.id);
      if (attempt > config.retry_count || NON_RETRYABLE_CODES.has(error.code)) return { kind: "failed", error };
      const delay = retryDelayMs(config.retry_delay_ms, attempt);
      if (!(await host.recordRetry(index, attempt, error, delay))) return { kind: "aborted" };
      await sleep(delay, host.signal);
    }
  }
}
