/**
 * Reading a Chromium performance trace (the JSON `browser.startTracing` writes) for the editor benchmark:
 * how much main-thread work each drag step caused, and which functions a CPU profile spent its time in.
 */

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** thread (CPU) time of a complete event, µs */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string } };
}

/** Percentile `p` (0–1) of sorted numbers, or 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

/**
 * Main-thread work per drag step: the trace's pointer moves (`EventDispatch` of type `pointermove` on the
 * renderer's main thread) cut time into steps; a step's work is the time (ms) the main thread was busy in
 * it, from the top-level trace events on that thread (tasks: event handling, React renders, scheduled
 * work, style, layout, paint). A step under 16.7 ms fits in one frame at 60 Hz. `wall` is that busy time on
 * the clock; `cpu` is the thread's CPU time in the same tasks (the events' `tdur`), which leaves out the
 * time the thread was runnable but descheduled by other processes (the figure to compare across runs on
 * a shared, loaded machine; on an idle one the two agree). Both sorted ascending; `steps` has the same
 * figures per step in the order of the moves (the first steps are the drag's start: the press, React Flow
 * starting the drag, the first move).
 */
export function workPerPointerMove(trace: { traceEvents: TraceEvent[] }): {
  wall: number[];
  cpu: number[];
  steps: Array<{ wall: number; cpu: number }>;
} {
  const events = trace.traceEvents;
  const mains = events.filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain");
  const moves = (pid: number, tid: number) =>
    events
      .filter(
        (event) => event.pid === pid && event.tid === tid && event.name === "EventDispatch" && event.args?.data?.type === "pointermove",
      )
      .map((event) => event.ts)
      .sort((a, b) => a - b);
  // the page's main thread is the renderer main thread that saw the pointer moves
  const main = mains.map((thread) => ({ thread, moves: moves(thread.pid, thread.tid) })).sort((a, b) => b.moves.length - a.moves.length)[0];
  if (!main || main.moves.length < 2) return { wall: [], cpu: [], steps: [] };
  // busy intervals: complete events not nested in an earlier one (task names differ between Chromium versions)
  // [start, end, CPU share of the wall time]
  const busy: Array<[number, number, number]> = [];
  let coveredUntil = Number.NEGATIVE_INFINITY;
  const complete = events
    .filter((event) => event.pid === main.thread.pid && event.tid === main.thread.tid && event.ph === "X" && (event.dur ?? 0) > 0)
    .sort((a, b) => a.ts - b.ts);
  for (const event of complete) {
    const end = event.ts + (event.dur ?? 0);
    if (event.ts >= coveredUntil) busy.push([event.ts, end, Math.min(1, (event.tdur ?? event.dur ?? 0) / (event.dur ?? 1))]);
    else if (end > coveredUntil) busy[busy.length - 1][1] = end;
    coveredUntil = Math.max(coveredUntil, end);
  }
  const starts = main.moves;
  const steps: Array<{ wall: number; cpu: number }> = [];
  for (let index = 0; index < starts.length - 1; index++) {
    const from = starts[index];
    const to = starts[index + 1];
    let total = 0;
    let thread = 0;
    for (const [begin, end, share] of busy) {
      if (end <= from) continue;
      if (begin >= to) break;
      const overlap = Math.min(end, to) - Math.max(begin, from);
      total += overlap;
      thread += overlap * share;
    }
    steps.push({ wall: total / 1000, cpu: thread / 1000 });
  }
  return {
    wall: steps.map((step) => step.wall).sort((a, b) => a - b),
    cpu: steps.map((step) => step.cpu).sort((a, b) => a - b),
    steps,
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** The `limit` call frames with the most self time (ms) in a CDP CPU profile, for a person to read. */
export function topSelfTime(
  profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] },
  limit = 25,
): Array<{ ms: number; frame: string }> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  (profile.samples ?? []).forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url.split("/").pop() ?? "";
    const key = `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas?.[index] ?? 0) / 1000);
  });
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([frame, ms]) => ({ ms: Math.round(ms * 10) / 10, frame }));
}
