import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createIdleTask, type IdleTimers } from "./idle-task";

const OPTIONS = { idleTimeoutMs: 2000, fallbackDelayMs: 300, busyRecheckMs: 200 };

/** Fake timers plus an idle-callback queue the test runs by hand (`idle()`: the browser has an idle moment). */
function fakeBrowser() {
  const idleQueue = new Map<number, () => void>();
  let next = 1;
  const timers: IdleTimers = {
    requestIdleCallback: (callback) => {
      idleQueue.set(next, callback);
      return next++;
    },
    cancelIdleCallback: (handle) => void idleQueue.delete(handle),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle),
  };
  const idle = () => {
    const callbacks = [...idleQueue.values()];
    idleQueue.clear();
    for (const callback of callbacks) callback();
  };
  return { timers, idle, idleCallbacks: () => idleQueue.size };
}

describe("createIdleTask", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs once in the next idle moment, however often it is scheduled before", () => {
    const browser = fakeBrowser();
    const run = vi.fn();
    const task = createIdleTask(run, () => false, OPTIONS, browser.timers);
    task.schedule();
    task.schedule();
    expect([run.mock.calls.length, browser.idleCallbacks(), task.pending()]).toEqual([0, 1, true]);
    browser.idle();
    expect([run.mock.calls.length, task.pending()]).toEqual([1, false]);
    browser.idle();
    expect(run.mock.calls.length).toBe(1);
  });

  it("during a drag waits on a timer (no idle callback per frame) and runs in the first idle moment after it", () => {
    const browser = fakeBrowser();
    const run = vi.fn();
    let dragging = true;
    const task = createIdleTask(run, () => dragging, OPTIONS, browser.timers);
    task.schedule();
    browser.idle();
    // busy: no run, no new idle callback, a re-check in 200 ms
    expect([run.mock.calls.length, browser.idleCallbacks(), task.pending()]).toEqual([0, 0, true]);
    vi.advanceTimersByTime(199);
    expect(browser.idleCallbacks()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(browser.idleCallbacks()).toBe(1);
    browser.idle();
    expect([run.mock.calls.length, browser.idleCallbacks()]).toEqual([0, 0]);
    dragging = false;
    vi.advanceTimersByTime(200);
    browser.idle();
    expect([run.mock.calls.length, task.pending()]).toEqual([1, false]);
  });

  it("flush runs a pending job at once, even during a drag, and only a pending one", () => {
    const browser = fakeBrowser();
    const run = vi.fn();
    const task = createIdleTask(run, () => true, OPTIONS, browser.timers);
    task.flush();
    expect(run.mock.calls.length).toBe(0);
    task.schedule();
    browser.idle();
    task.flush();
    expect([run.mock.calls.length, task.pending()]).toEqual([1, false]);
    // the re-check timer was cancelled with it
    vi.advanceTimersByTime(1000);
    browser.idle();
    expect(run.mock.calls.length).toBe(1);
  });

  it("cancel forgets the job whether it waits for an idle moment or for a drag to end", () => {
    const browser = fakeBrowser();
    const run = vi.fn();
    let dragging = false;
    const task = createIdleTask(run, () => dragging, OPTIONS, browser.timers);
    task.schedule();
    task.cancel();
    browser.idle();
    expect([run.mock.calls.length, task.pending()]).toEqual([0, false]);
    dragging = true;
    task.schedule();
    browser.idle();
    task.cancel();
    dragging = false;
    vi.advanceTimersByTime(1000);
    browser.idle();
    expect([run.mock.calls.length, task.pending()]).toEqual([0, false]);
  });

  it("without requestIdleCallback (Safari) runs fallbackDelayMs after it is scheduled", () => {
    const run = vi.fn();
    const task = createIdleTask(run, () => false, OPTIONS, {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle),
    });
    task.schedule();
    vi.advanceTimersByTime(299);
    expect(run.mock.calls.length).toBe(0);
    vi.advanceTimersByTime(1);
    expect(run.mock.calls.length).toBe(1);
  });
});
