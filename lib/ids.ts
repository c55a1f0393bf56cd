/**
 * Row ids: UUIDv7 (RFC 9562 §5.7) — a 48-bit millisecond timestamp first, then random bits — from the
 * `uuid` library, for runs, node runs, approvals and audit entries written on the hot path.
 *
 * Why time-ordered: with random ids (v4) every run dirtied a random page of each index keyed by its id
 * (Run, NodeRun, RunEvent, AuditLog) in every commit; consecutive v7 ids land on the same right-most
 * pages (bench/engine.bench.ts: statements ~100 → ~35 µs, COMMIT 2.0 → 0.6 ms).
 *
 * Why the pool: the library's own random source asks the OS for 16 bytes per id (one getrandom call,
 * ~25 µs here, 7% of a persisted run's CPU); this takes them from a 4 KB buffer refilled every 256 ids,
 * as `crypto.randomUUID` does. Ids made in the same millisecond are unique (74 random bits) but not
 * ordered among themselves; nothing sorts by id.
 */
import { randomFillSync } from "node:crypto";
import { v7 } from "uuid";

const POOL_BYTES = 4096;
const pool = new Uint8Array(POOL_BYTES);
let offset = POOL_BYTES;

function random16(): Uint8Array {
  if (offset + 16 > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + 16);
  offset += 16;
  return bytes;
}

/** A new UUIDv7 string (`0190f2c4-…`, 36 characters). */
export function newId(): string {
  return v7({ random: random16() });
}
