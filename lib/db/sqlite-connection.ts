/**
 * Direct better-sqlite3 access to the app's SQLite file, for the hot path that Prisma makes slow
 * (SqliteRunStore, the connector audit log): a connection with the same pragmas as the Prisma one, the
 * value formats Prisma's adapter uses (so rows written here read back identically through Prisma), and a
 * per-file write gate shared with the Prisma client of that file.
 *
 * Why the gate: the Prisma client and a direct connection are two SQLite connections in one process.
 * Prisma's interactive transactions (`db.$transaction(async (tx) => …)`) begin DEFERRED and await
 * between statements; if the direct connection committed between such a transaction's first read and
 * its first write, SQLite would refuse the upgrade with SQLITE_BUSY_SNAPSHOT, and if the Prisma
 * transaction already wrote, a synchronous direct write would block the event loop in the busy handler
 * while the lock holder can never proceed. So `createDb` wraps the adapter (`gateSqliteAdapter`) to mark
 * the file's gate as taken while a Prisma transaction is open, and direct writers `await
 * waitForSqliteGate(file)` before their (synchronous, never awaiting) transaction. Other processes are
 * handled by SQLite's busy timeout as before.
 */
import { createRequire } from "node:module";
import path from "node:path";
import Database from "better-sqlite3";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";

/**
 * Absolute path of the better-sqlite3 module, for worker threads that load it themselves (eval workers:
 * sqlite-checkpointer.ts, lib/connectors/sqlite-query-worker.ts). Resolved from the project root, since
 * bundlers (Next.js) rewrite `import.meta.url` and the working directory is the app's.
 */
export function betterSqlite3Path(): string {
  return createRequire(path.join(process.cwd(), "package.json")).resolve("better-sqlite3");
}

/** A better-sqlite3 connection. */
export type SqliteConnection = Database.Database;

/** Busy timeout of every connection to the file, ms (the same as the Prisma adapter's, lib/db/client.ts). */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * Opens `file` with WAL journaling, synchronous=NORMAL (a commit survives the process dying at any
 * point; the last commits may be lost only if the operating system crashes), foreign keys on and the
 * busy timeout. The caller closes it.
 */
export function openSqliteConnection(file: string): SqliteConnection {
  const connection = new Database(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  connection.pragma("journal_mode = WAL");
  connection.pragma("synchronous = NORMAL");
  connection.pragma("foreign_keys = ON");
  return connection;
}

/** A Date as Prisma's SQLite adapter binds it: ISO-8601 UTC with `+00:00` (`2025-01-02T03:04:05.678+00:00`). */
export function sqliteTime(date: Date): string {
  return date.toISOString().replace("Z", "+00:00");
}

/** A parameter value as Prisma's adapter binds it: Dates as `sqliteTime`, booleans as 0/1, undefined as NULL. */
export function sqliteValue(value: unknown): unknown {
  if (value instanceof Date) return sqliteTime(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  return value === undefined ? null : value;
}

/**
 * A stored DATETIME value as a Date: ISO-8601 text (what Prisma writes), SQLite's `CURRENT_TIMESTAMP`
 * text (`YYYY-MM-DD HH:MM:SS`, UTC), or epoch milliseconds; null stays null.
 */
export function dateFromSqlite(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "bigint") return new Date(Number(value));
  const text = String(value);
  return new Date(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/.test(text) ? `${text.replace(" ", "T")}Z` : text);
}

class WriteGate {
  private openTransactions = 0;
  private waiters: Array<() => void> = [];
  /** Statements other than SELECT run by this process's Prisma clients on the file (`sqlitePrismaWrites`). */
  prismaWrites = 0;

  enter(): void {
    this.openTransactions += 1;
  }

  leave(): void {
    this.openTransactions -= 1;
    if (this.openTransactions > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  get taken(): boolean {
    return this.openTransactions > 0;
  }

  cleared(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}

/**
 * Process-wide state, kept on globalThis: a Next.js production build can instantiate this module more than
 * once (one copy per server bundle), and the client `getDb()` keeps on globalThis must find its binding and
 * gate from any copy.
 */
const processState = globalThis as unknown as {
  switchyardSqliteGates?: Map<string, WriteGate>;
  switchyardSqliteBindings?: WeakMap<object, SqliteClientBinding>;
};
processState.switchyardSqliteGates ??= new Map<string, WriteGate>();
processState.switchyardSqliteBindings ??= new WeakMap<object, SqliteClientBinding>();
const gates = processState.switchyardSqliteGates;

function gateOf(file: string): WriteGate {
  let gate = gates.get(file);
  if (!gate) {
    gate = new WriteGate();
    gates.set(file, gate);
  }
  return gate;
}

/**
 * Resolves when no Prisma transaction of this process is open on `file`. A direct writer calls it right
 * before its synchronous transaction (nothing may be awaited in between).
 */
export async function waitForSqliteGate(file: string): Promise<void> {
  const gate = gateOf(file);
  while (gate.taken) await gate.cleared();
}

/**
 * How many statements that may write (anything but SELECT) this process's Prisma clients have run on
 * `file` so far: a cache of rows read on a direct connection compares it, with `PRAGMA data_version`
 * for the commits of other processes (lib/capabilities/connector-lookups.ts).
 */
export function sqlitePrismaWrites(file: string): number {
  return gateOf(file).prismaWrites;
}

const SELECT = /^\s*select\b/i;

/** What a Prisma client of a SQLite file shares with direct connections: its file, and closers run when it disconnects. */
export interface SqliteClientBinding {
  /** Absolute path of the database file. */
  file: string;
  /** Runs `close` when the client disconnects (`$disconnect()`), once. */
  onDispose(close: () => void): void;
}

const bindings = processState.switchyardSqliteBindings;

/** The binding `createDb` registered for a Prisma client (null for PostgreSQL clients or foreign ones). */
export function sqliteBindingOf(client: object): SqliteClientBinding | null {
  return bindings.get(client) ?? null;
}

/** Registers `binding` as the one of `client` (lib/db/client.ts `createDb`). */
export function bindSqliteClient(client: object, binding: SqliteClientBinding): void {
  bindings.set(client, binding);
}

function gateTransaction(transaction: Transaction, gate: WriteGate): Transaction {
  let open = true;
  const finish = (end: () => Promise<void>) => async () => {
    try {
      await end();
    } finally {
      if (open) {
        open = false;
        gate.leave();
      }
    }
  };
  const commit = finish(async () => {
    try {
      await transaction.commit();
    } finally {
      gate.prismaWrites += 1;
    }
  });
  const rollback = finish(() => transaction.rollback());
  return new Proxy(transaction, {
    get(target, key) {
      if (key === "commit") return commit;
      if (key === "rollback") return rollback;
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function gateAdapter(adapter: SqlDriverAdapter, file: string, closers: Set<() => void>): SqlDriverAdapter {
  const gate = gateOf(file);
  const startTransaction: SqlDriverAdapter["startTransaction"] = async (isolationLevel) => {
    const transaction = await adapter.startTransaction(isolationLevel);
    gate.enter();
    return gateTransaction(transaction, gate);
  };
  const dispose = async () => {
    const closing = [...closers];
    closers.clear();
    for (const close of closing) close();
    await adapter.dispose();
  };
  const counted =
    (run: (query: SqlQuery) => Promise<unknown>) =>
    async (query: SqlQuery): Promise<unknown> => {
      if (SELECT.test(query.sql)) return run(query);
      try {
        return await run(query);
      } finally {
        // counted once the write is visible, so a cache that reads meanwhile does not keep the old row
        gate.prismaWrites += 1;
      }
    };
  const queryRaw = counted((query) => adapter.queryRaw(query));
  const executeRaw = counted((query) => adapter.executeRaw(query));
  const executeScript = async (script: string) => {
    try {
      return await adapter.executeScript(script);
    } finally {
      gate.prismaWrites += 1;
    }
  };
  return new Proxy(adapter, {
    get(target, key) {
      if (key === "startTransaction") return startTransaction;
      if (key === "dispose") return dispose;
      if (key === "queryRaw") return queryRaw;
      if (key === "executeRaw") return executeRaw;
      if (key === "executeScript") return executeScript;
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Wraps a SQLite adapter factory so its client's transactions take `file`'s write gate (module doc).
 * @returns the factory to give the client, and the binding to register for it (`bindSqliteClient`).
 */
export function gateSqliteAdapter(
  factory: SqlDriverAdapterFactory,
  file: string,
): { factory: SqlDriverAdapterFactory; binding: SqliteClientBinding } {
  const closers = new Set<() => void>();
  const gated = new Proxy(factory, {
    get(target, key) {
      if (key === "connect") return async () => gateAdapter(await target.connect(), file, closers);
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { factory: gated, binding: { file, onDispose: (close) => closers.add(close) } };
}
