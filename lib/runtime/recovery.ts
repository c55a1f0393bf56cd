/**
 * Crash recovery across processes (spec §5: "A run left `running` by a crashed process is found at
 * start-up and ends `failed` with `interrupted`; none stays `running`").
 *
 * Several processes may share one database (the app, the CLI, a second server), so a start-up must not
 * fail runs another live process is executing. Each process stamps its runs with a worker id
 * `host:pid:nonce`; a `running` run is interrupted when its worker is dead: no worker id, or the same host
 * and a pid that no longer exists (or that now belongs to a later process, told apart by the nonce).
 * Runs of workers on other hosts are left alone (their host recovers them when it starts).
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { RunRecord, RunStatus, RunStore } from "@/lib/workflow/run-store";

const NONCE = randomUUID().slice(0, 8);

/** This process's worker id: `host:pid:nonce`. */
export function currentWorkerId(): string {
  return `${hostname()}:${process.pid}:${NONCE}`;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether the process that stamped `workerId` may still be running (module doc). */
export function isWorkerAlive(workerId: string | null): boolean {
  if (!workerId) return false;
  const [host, pidText, nonce] = workerId.split(":");
  if (host !== hostname()) return true;
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || nonce === undefined) return false;
  if (pid === process.pid) return nonce === NONCE;
  return pidAlive(pid);
}

/**
 * The store as crash recovery must see it: `findRunsByStatus(["running"])` leaves out runs whose worker is
 * alive, so `engine.recoverInterrupted()` over it fails only runs of dead processes.
 */
export function withDeadWorkersOnly(store: RunStore, alive: (workerId: string | null) => boolean = isWorkerAlive): RunStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === "findRunsByStatus") {
        return async (statuses: readonly RunStatus[], options?: { workerId?: string; limit?: number }): Promise<RunRecord[]> => {
          const runs = await target.findRunsByStatus(statuses, options);
          return runs.filter((run) => run.status !== "running" || !alive(run.workerId));
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
