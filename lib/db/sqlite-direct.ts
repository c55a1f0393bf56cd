/**
 * One direct better-sqlite3 connection per Prisma client of a SQLite file, for the hot paths that Prisma
 * makes slow (the run store, connector lookups, the audit log of connector calls): prepared statements
 * cached by SQL text, and **group commit** — writes requested in the same turn of the event loop share one
 * `BEGIN IMMEDIATE … COMMIT`, each in its own savepoint.
 *
 * Why group commit: a SQLite commit costs tens to hundreds of µs of syscalls (WAL append, occasional
 * checkpoint), more than the statements of a typical run step; with 16 runs in flight, one commit for all
 * of their steps instead of one each is most of the persisted-runs/s figure (bench/engine.bench.ts).
 *
 * Durability is unchanged: a write's promise resolves only after the COMMIT that holds it, so "every
 * state change is written before the next step starts" (spec §5) still holds for each caller. A write
 * that throws rolls back its own savepoint only and rejects its own promise; the others commit. Writes
 * wait for the file's write gate (sqlite-connection.ts: never inside an open Prisma transaction of this
 * process); other processes are kept out by SQLite's lock and busy timeout.
 */
import type { Statement } from "better-sqlite3";
import type { Db } from "./client";
import type { Prisma } from "./generated/sqlite/client";
import { sqliteFilePath } from "./database-url";
import { DIRECT_AUTOCHECKPOINT_FRAMES, registerCheckpoints } from "./sqlite-checkpointer";
import { openSqliteConnection, type SqliteConnection, sqliteBindingOf, sqliteValue, waitForSqliteGate } from "./sqlite-connection";

/** Prepared statements are cached by SQL text; dynamic shapes (patch columns, row counts) stay few. */
const STATEMENT_CACHE_LIMIT = 500;

interface PendingWrite {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A direct connection to one SQLite file. Get the one of a Prisma client with `DirectSqlite.forClient`. */
export class DirectSqlite {
  private readonly statements = new Map<string, Statement>();
  private pending: PendingWrite[] = [];
  private flushing: Promise<void> | null = null;
  /** Commits done and writes committed by them, since open (bench/engine.bench.ts prints the ratio). */
  readonly stats = { commits: 0, writes: 0 };

  private releaseCheckpoints: (() => void) | null = null;

  private constructor(
    readonly connection: SqliteConnection,
    /** Absolute path of the database file. */
    readonly file: string,
  ) {
    // WAL checkpoints by a worker thread, not inside this connection's commits (sqlite-checkpointer.ts)
    this.releaseCheckpoints = registerCheckpoints(file);
    if (this.releaseCheckpoints) connection.pragma(`wal_autocheckpoint = ${DIRECT_AUTOCHECKPOINT_FRAMES}`);
  }

  /**
   * Opens `file` (WAL, synchronous=NORMAL, foreign keys, busy timeout: sqlite-connection.ts; WAL
   * checkpoints by the checkpoint worker). `close()` when done.
   */
  static open(file: string): DirectSqlite {
    return new DirectSqlite(openSqliteConnection(file), file);
  }

  /**
   * The connection beside a Prisma client of the same file: one per client (opened on first use on the
   * client's file, or `url`'s when the client was not made by `createDb`), closed when the client
   * disconnects.
   */
  static forClient(db: Db, url?: string): DirectSqlite {
    const existing = byClient.get(db);
    if (existing?.connection.open) return existing;
    const binding = sqliteBindingOf(db);
    const file = binding?.file ?? (url ? sqliteFilePath(url) : null);
    if (!file) throw new Error("DirectSqlite.forClient: the client is not a SQLite client of createDb and no url was given");
    const direct = DirectSqlite.open(file);
    binding?.onDispose(() => direct.close());
    byClient.set(db, direct);
    return direct;
  }

  /** Whether `db` is a SQLite client made by `createDb` (so `forClient(db)` needs no url). */
  static available(db: Db): boolean {
    return sqliteBindingOf(db) !== null;
  }

  /** Closes the connection (idempotent). Writes still queued reject. */
  close(): void {
    if (this.connection.open) this.connection.close();
    this.releaseCheckpoints?.();
    this.releaseCheckpoints = null;
  }

  /** The prepared statement for `sql` (cached). */
  prepare(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE_LIMIT) this.statements.clear();
      statement = this.connection.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Runs `sql` with `params` bound as Prisma's adapter binds them (sqlite-connection.ts `sqliteValue`). */
  run(sql: string, params: readonly unknown[]): void {
    this.prepare(sql).run(params.map(sqliteValue));
  }

  /**
   * Runs `write` (synchronous: it must not await) inside a write transaction shared with the other writes
   * queued in this turn of the event loop, in its own savepoint.
   * @returns what `write` returned, once the transaction holding it has committed.
   * @throws what `write` threw (its savepoint rolled back), or the SqliteError of BEGIN/COMMIT
   *   (SQLITE_BUSY after the busy timeout), for every write of the group.
   */
  write<T>(write: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ write, resolve: resolve as (value: unknown) => void, reject });
      this.flushing ??= this.flush();
    });
  }

  private async flush(): Promise<void> {
    // Let the writes of this turn of the event loop join the group.
    await new Promise<void>((resolve) => setImmediate(resolve));
    await waitForSqliteGate(this.file);
    const group = this.pending;
    this.pending = [];
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      this.connection
        .transaction(() => {
          for (const entry of group) {
            try {
              // a nested better-sqlite3 transaction is a SAVEPOINT: a throw rolls back this write only
              outcomes.push({ ok: true, value: this.connection.transaction(entry.write)() });
            } catch (error) {
              outcomes.push({ ok: false, error });
            }
          }
        })
        .immediate();
      this.stats.commits += 1;
      this.stats.writes += group.length;
      group.forEach((entry, i) => {
        const outcome = outcomes[i];
        if (outcome.ok) entry.resolve(outcome.value);
        else entry.reject(outcome.error);
      });
    } catch (error) {
      for (const entry of group) entry.reject(error);
    } finally {
      this.flushing = null;
      if (this.pending.length > 0) this.flushing = this.flush();
    }
  }
}

const byClient = new WeakMap<object, DirectSqlite>();

/**
 * Rows of a read query built with `Prisma.sql` (or `$queryRaw`'s tagged template): as a prepared
 * statement on the SQLite file when `db` is the embedded database's client made by `createDb` (tens of
 * µs instead of ~1 ms of Prisma's query engine), else through `db.$queryRaw` (PostgreSQL). Values come
 * back as the database returns them in raw queries either way (SQLite booleans 0/1, dates as text).
 */
export async function queryRows<T>(db: Db, query: Prisma.Sql): Promise<T[]> {
  if (!DirectSqlite.available(db)) return db.$queryRaw<T[]>(query);
  return DirectSqlite.forClient(db).prepare(query.sql).all(query.values.map(sqliteValue)) as T[];
}
