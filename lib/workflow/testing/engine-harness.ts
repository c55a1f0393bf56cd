/** Helpers for engine unit tests: an engine over an InMemoryRunStore, and compact views of a stored run. */
import { createEngine } from "../engine/create-engine";
import type { EngineOptions } from "../engine/types";
import { InMemoryRunStore } from "../memory-run-store";
import type { RunStore } from "../run-store";
import type { NodeServices } from "../services";

/** An engine with deterministic ids (`id1`, `id2`, …) over a fresh (or given) in-memory store. */
export function makeEngine(services: NodeServices = {}, options: Partial<EngineOptions> & { store?: RunStore } = {}) {
  // options.services (e.g. a per-run factory) wins over the plain services argument.
  const store = options.store ?? new InMemoryRunStore();
  let counter = 0;
  const engine = createEngine({
    createId: () => `id${++counter}`,
    workerId: "test-worker",
    onInternalError: (error) => {
      throw error;
    },
    ...options,
    store,
    services: options.services ?? services,
  });
  return { store, engine };
}

/** `[nodeId, status]` of every node run, in position order. */
export async function nodeStatuses(store: RunStore, runId: string): Promise<Array<[string, string]>> {
  const snapshot = await store.loadRun(runId);
  return (snapshot?.nodeRuns ?? []).map((nodeRun) => [nodeRun.nodeId, nodeRun.status]);
}

/** Node statuses as an object (order-independent comparisons). */
export async function nodeStatusMap(store: RunStore, runId: string): Promise<Record<string, string>> {
  return Object.fromEntries(await nodeStatuses(store, runId));
}

/** `type` or `type:node_id` of every event, in seq order. */
export async function eventTrail(store: RunStore, runId: string): Promise<string[]> {
  return (await store.listEvents(runId)).map((event) =>
    typeof event.data.node_id === "string" ? `${event.type}:${event.data.node_id}` : event.type,
  );
}
