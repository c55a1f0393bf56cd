/**
 * WAL checkpoints of the embedded SQLite database off the event loop: one worker thread per process, with
 * its own connection to each registered file, runs `PRAGMA wal_checkpoint(PASSIVE)` every
 * `CHECKPOINT_INTERVAL_MS`, and the direct connections of the hot path (sqlite-direct.ts) raise their
 * automatic-checkpoint threshold to `DIRECT_AUTOCHECKPOINT_FRAMES`, a backstop that bounds the WAL.
 *
 * Why: SQLite's automatic checkpoint (every 1,000 WAL pages) runs inside the COMMIT that crosses the
 * threshold, copying pages into the database file and fsyncing both files — synchronously, on the event
 * loop, since better-sqlite3 is synchronous. Under a stream of runs that was the largest single cost of a
 * persisted run (bench/engine.bench.ts: about half the wall time). A PASSIVE checkpoint never blocks
 * readers or writers (https://www.sqlite.org/c3ref/wal_checkpoint_v2.html), so another thread can do it
 * while the event loop goes on committing.
 *
 * Durability is unchanged (WAL, synchronous=NORMAL: a commit is in the WAL before it returns; the
 * checkpoint only moves committed pages into the main file). If the worker cannot start, `register`
 * returns false and the caller keeps automatic checkpoints.
 */
import { Worker } from "node:worker_threads";
import { betterSqlite3Path } from "./sqlite-connection";

/** How often the worker checkpoints each file, ms. */
export const CHECKPOINT_INTERVAL_MS = 250;

/**
 * The automatic-checkpoint threshold of the direct connections (frames of 4 KB, ~32 MB), instead of 0.
 * Why: a writer rewinds the WAL to its start only after a checkpoint has copied every frame, and the
 * worker's PASSIVE checkpoints copy the frames that existed when each began, so under commits without
 * pause they never catch up and the WAL grows without bound (200 MB in 5 s of a write loop) — and every
 * page read searches one more 4,096-frame block of the WAL index: statements slowed from ~5 µs to ~100 µs.
 * Past this size the committing connection runs SQLite's own PASSIVE checkpoint after its commit; the
 * worker has already copied all but the last ~250 ms of frames, so that pass is short, and then the next
 * commit starts the WAL again from its beginning.
 */
export const DIRECT_AUTOCHECKPOINT_FRAMES = 8192;

// CommonJS, evaluated in the worker: `workerData.driver` is the resolved path of better-sqlite3.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const connections = new Map();
function checkpointAll() {
  for (const [file, connection] of connections) {
    try { connection.pragma("wal_checkpoint(PASSIVE)"); } catch (error) { /* busy or gone: the next tick tries again */ }
  }
}
const timer = setInterval(checkpointAll, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message.add && !connections.has(message.add)) {
    try {
      const connection = new Database(message.add, { timeout: 1000, fileMustExist: true });
      connection.pragma("wal_autocheckpoint = 0");
      connections.set(message.add, connection);
    } catch (error) {
      // a file removed before this message arrived (a short-lived test database) is no failure
      if (require("node:fs").existsSync(message.add)) parentPort.postMessage({ failed: message.add, reason: String(error) });
    }
  }
  if (message.remove) {
    const connection = connections.get(message.remove);
    connections.delete(message.remove);
    if (connection) { try { connection.pragma("wal_checkpoint(PASSIVE)"); connection.close(); } catch (error) {} }
  }
  if (message.ping) parentPort.postMessage({ pong: message.ping });
  if (message.stop) { clearInterval(timer); for (const c of connections.values()) { try { c.close(); } catch (error) {} } parentPort.close(); }
});
`;

let worker: Worker | null = null;
const registered = new Map<string, number>();
/** Workers told to stop that have not exited yet (their closing connections may still touch files). */
const stopping = new Set<Promise<void>>();
const pings = new Map<number, () => void>();
let lastPing = 0;

function ensureWorker(): Worker | null {
  if (worker) return worker;
  try {
    worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver: betterSqlite3Path(), intervalMs: CHECKPOINT_INTERVAL_MS } });
  } catch (error) {
    console.error("[db] WAL checkpoint worker did not start; SQLite checkpoints stay automatic", error);
    return null;
  }
  worker.unref();
  worker.on("message", (message: { failed?: string; reason?: string; pong?: number }) => {
    if (message.pong) {
      pings.get(message.pong)?.();
      pings.delete(message.pong);
    }
    if (message.failed) console.error(`[db] WAL checkpoint worker cannot open ${message.failed}: ${message.reason}`);
  });
  worker.on("error", (error) => {
    console.error("[db] WAL checkpoint worker failed", error);
    worker = null;
  });
  return worker;
}

/**
 * Has the worker checkpoint `file` (absolute path) until every registration of it is released.
 * @returns a release function, or null when the worker cannot run (keep automatic checkpoints then).
 */
export function registerCheckpoints(file: string): (() => void) | null {
  const running = ensureWorker();
  if (!running) return null;
  const count = registered.get(file) ?? 0;
  registered.set(file, count + 1);
  if (count === 0) running.postMessage({ add: file });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (registered.get(file) ?? 1) - 1;
    if (left > 0) {
      registered.set(file, left);
      return;
    }
    registered.delete(file);
    worker?.postMessage({ remove: file });
    if (registered.size === 0 && worker) {
      const stopped = worker;
      const exited = new Promise<void>((resolve) => stopped.once("exit", () => resolve()));
      stopping.add(exited);
      void exited.then(() => stopping.delete(exited));
      stopped.postMessage({ stop: true });
      worker = null;
    }
  };
}

/**
 * Resolves once the worker has handled every message sent so far (registrations released, connections
 * closed) and any stopped worker has exited — so a caller may delete a database directory without the
 * worker's closing checkpoint writing into it (lib/db/test-databases.ts).
 */
export async function checkpointWorkerSettled(): Promise<void> {
  const waits = [...stopping];
  const running = worker;
  if (running) {
    const id = ++lastPing;
    waits.push(new Promise<void>((resolve) => pings.set(id, resolve)));
    running.postMessage({ ping: id });
  }
  await Promise.all(waits);
}
