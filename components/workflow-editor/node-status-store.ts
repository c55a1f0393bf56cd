/**
 * Per-node overlays that change independently of the node's data — validation issues, pinned outputs and,
 * during a run, the node's run state — kept outside React state so that a change re-renders only the nodes it concerns
 * (a 1,000-node canvas does not re-render as a whole when validation finishes).
 */
import { createContext, useCallback, useContext, useSyncExternalStore } from "react";
import type { GraphIssue } from "@/lib/workflow/validate";

/** A node's state in the run being watched (spec §5 node statuses, §9 events). */
export interface NodeRunState {
  /** `not_reached`: the run ended (failed, cancelled) before the node's turn, as the run detail says. */
  status: "pending" | "running" | "waiting" | "succeeded" | "failed" | "skipped" | "not_reached";
  elapsedMs?: number;
  startedAt?: number;
}

const NO_ISSUES: readonly GraphIssue[] = [];

export class NodeStatusStore {
  private issues = new Map<string, readonly GraphIssue[]>();
  private runs = new Map<string, NodeRunState>();
  private pinned = new Set<string>();
  private listeners = new Map<string, Set<() => void>>();
  private allListeners = new Set<() => void>();
  private version = 0;

  subscribe(nodeId: string, listener: () => void): () => void {
    let set = this.listeners.get(nodeId);
    if (!set) {
      set = new Set();
      this.listeners.set(nodeId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  /** Calls `listener` after any node's issues, run state or pin changed; returns the unsubscribe function. */
  readonly subscribeAll = (listener: () => void): (() => void) => {
    this.allListeners.add(listener);
    return () => {
      this.allListeners.delete(listener);
    };
  };

  /** A number that moves whenever any node's issues, run state or pin changes (for `subscribeAll` readers). */
  readonly getVersion = (): number => this.version;

  getIssues(nodeId: string): readonly GraphIssue[] {
    return this.issues.get(nodeId) ?? NO_ISSUES;
  }

  getRun(nodeId: string): NodeRunState | undefined {
    return this.runs.get(nodeId);
  }

  private notify(ids: Iterable<string>): void {
    let any = false;
    for (const id of ids) {
      any = true;
      for (const listener of this.listeners.get(id) ?? []) listener();
    }
    if (!any) return;
    this.version += 1;
    for (const listener of this.allListeners) listener();
  }

  /** Replaces every node's issues; notifies only nodes whose issues changed. */
  setIssues(issues: readonly GraphIssue[]): void {
    const next = new Map<string, GraphIssue[]>();
    for (const issue of issues) {
      for (const id of new Set(issue.nodeIds)) {
        const list = next.get(id);
        if (list) list.push(issue);
        else next.set(id, [issue]);
      }
    }
    const changed = new Set<string>();
    for (const [id, list] of next) {
      const previous = this.issues.get(id);
      if (!previous || previous.length !== list.length || previous.some((issue, i) => issue.message !== list[i].message)) changed.add(id);
    }
    for (const id of this.issues.keys()) if (!next.has(id)) changed.add(id);
    for (const id of changed) {
      const list = next.get(id);
      if (list) this.issues.set(id, list);
      else this.issues.delete(id);
    }
    this.notify(changed);
  }

  /** Whether the node has pinned outputs (as last set by `setPinned`). */
  isPinned(nodeId: string): boolean {
    return this.pinned.has(nodeId);
  }

  /** Replaces the set of nodes with pinned outputs; notifies only the nodes that changed. */
  setPinned(ids: ReadonlySet<string>): void {
    const changed = [...ids].filter((id) => !this.pinned.has(id)).concat([...this.pinned].filter((id) => !ids.has(id)));
    this.pinned = new Set(ids);
    this.notify(changed);
  }

  setRun(nodeId: string, state: NodeRunState | undefined): void {
    if (state) this.runs.set(nodeId, state);
    else this.runs.delete(nodeId);
    this.notify([nodeId]);
  }

  clearRuns(): void {
    const ids = [...this.runs.keys()];
    this.runs.clear();
    this.notify(ids);
  }
}

export const NodeStatusContext = createContext<NodeStatusStore | null>(null);

function useStore(): NodeStatusStore {
  const store = useContext(NodeStatusContext);
  if (!store) throw new Error("NodeStatusContext is missing: render nodes inside the workflow editor");
  return store;
}

/** The validation issues of one node; re-renders only when they change. */
export function useNodeIssues(nodeId: string): readonly GraphIssue[] {
  const store = useStore();
  const subscribe = useCallback((listener: () => void) => store.subscribe(nodeId, listener), [store, nodeId]);
  return useSyncExternalStore(
    subscribe,
    () => store.getIssues(nodeId),
    () => NO_ISSUES,
  );
}

/** Whether one node has pinned outputs; re-renders only when that changes. */
export function useNodePinned(nodeId: string): boolean {
  const store = useStore();
  const subscribe = useCallback((listener: () => void) => store.subscribe(nodeId, listener), [store, nodeId]);
  return useSyncExternalStore(
    subscribe,
    () => store.isPinned(nodeId),
    () => false,
  );
}

/** The run state of one node; re-renders only when it changes. */
export function useNodeRun(nodeId: string): NodeRunState | undefined {
  const store = useStore();
  const subscribe = useCallback((listener: () => void) => store.subscribe(nodeId, listener), [store, nodeId]);
  return useSyncExternalStore(
    subscribe,
    () => store.getRun(nodeId),
    () => undefined,
  );
}
