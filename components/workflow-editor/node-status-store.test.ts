import { describe, expect, it } from "vitest";
import { NodeStatusStore } from "./node-status-store";

describe("NodeStatusStore.subscribeAll", () => {
  it("hears every change of any node and moves the version, and nothing when nothing changed", () => {
    const store = new NodeStatusStore();
    let calls = 0;
    const unsubscribe = store.subscribeAll(() => {
      calls += 1;
    });
    expect(store.getVersion()).toBe(0);
    store.setRun("a", { status: "running" });
    store.setPinned(new Set(["b"]));
    store.setPinned(new Set(["b"]));
    store.setIssues([]);
    expect([calls, store.getVersion()]).toEqual([2, 2]);
    unsubscribe();
    store.clearRuns();
    expect([calls, store.getVersion()]).toEqual([2, 3]);
  });
});
