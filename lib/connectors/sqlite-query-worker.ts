/**
 * The SQLite side of database connectors, run in a worker thread so that a long statement can neither
 * block the app's event loop nor outlive its timeout: better-sqlite3 is synchronous and a single statement
 * cannot be interrupted, so the worker is terminated when `timeoutMs` passes or the signal aborts.
 *
 * The worker opens the file read-only (`SQLITE_OPEN_READONLY`, must exist) with `PRAGMA query_only`, runs
 * only statements that return rows, and reads at most `limit + 1` rows (database-connector.ts module doc).
 */
import { Worker } from "node:worker_threads";
import { betterSqlite3Path } from "@/lib/db/sqlite-connection";

/** What the worker answers. */
export type SqliteQueryOutcome =
  | { ok: true; body: unknown; truncated: boolean }
  | { ok: false; kind: "sql"; message: string; code: string }
  | { ok: false; kind: "open"; message: string }
  | { ok: false; kind: "timeout" | "cancelled" };

/** Longest text cell returned, characters (longer ones end with "…"). */
export const MAX_CELL_CHARS = 4000;

// CommonJS evaluated in the worker; `workerData`: { driver, file, actionId, params, limit, maxCellChars }.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const { file, actionId, params, limit, maxCellChars } = workerData;
class SqlError extends Error { constructor(message, code) { super(message); this.sqlCode = code; } }
function cell(value) {
  if (typeof value === "bigint") return value.toString();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return "<" + value.byteLength + " bytes>";
  if (typeof value === "string" && value.length > maxCellChars) return value.slice(0, maxCellChars) + "\\u2026";
  return value;
}
function sql(body) {
  try { return body(); } catch (error) { throw new SqlError(error instanceof Error ? error.message : String(error), error && error.code ? error.code : "SQLITE_ERROR"); }
}
function run(db) {
  if (actionId === "list_tables") {
    const rows = sql(() => db.prepare("SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name").all());
    return { body: { tables: rows.map((row) => ({ schema: "main", name: row.name, type: row.type })) }, truncated: false };
  }
  if (actionId === "describe_table") {
    const table = String(params.table);
    const dot = table.indexOf(".");
    const name = dot > 0 ? table.slice(dot + 1) : table;
    const columns = sql(() => db.prepare('SELECT name, type, "notnull" AS not_null, dflt_value, pk FROM pragma_table_info(?) ORDER BY cid').all(name));
    if (columns.length === 0) throw new SqlError('No table or view named "' + name + '"', "unknown_table");
    return {
      body: { table: name, columns: columns.map((c) => ({ name: c.name, type: c.type, nullable: c.not_null === 0, default: c.dflt_value ?? null, primary_key: c.pk > 0 })) },
      truncated: false,
    };
  }
  const statement = sql(() => db.prepare(String(params.sql).trim().replace(/;\\s*$/, "").trim()));
  if (!statement.reader) throw new SqlError("Only queries that return rows are allowed: this connector is read-only", "read_only");
  const rows = [];
  let truncated = false;
  sql(() => {
    for (const row of statement.iterate()) {
      if (rows.length === limit) { truncated = true; break; }
      rows.push(Object.fromEntries(Object.entries(row).map(([key, value]) => [key, cell(value)])));
    }
  });
  const columns = statement.columns().map((column) => column.name);
  return { body: { columns, rows, row_count: rows.length, truncated }, truncated };
}
function main() {
  let db;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: 2000 });
  } catch (error) {
    parentPort.postMessage({ ok: false, kind: "open", message: error instanceof Error ? error.message : String(error) });
    return;
  }
  try {
    db.pragma("query_only = ON");
    const outcome = run(db);
    parentPort.postMessage({ ok: true, body: outcome.body, truncated: outcome.truncated });
  } catch (error) {
    if (error instanceof SqlError) parentPort.postMessage({ ok: false, kind: "sql", message: error.message, code: error.sqlCode });
    else parentPort.postMessage({ ok: false, kind: "sql", message: String(error && error.message ? error.message : error), code: "SQLITE_ERROR" });
  } finally {
    db.close();
  }
}
main();
`;

/**
 * Runs one database-connector action on the SQLite file `file` in a fresh worker thread.
 * @param timeoutMs the worker is terminated after this many ms (outcome `timeout`)
 * @param signal aborting terminates the worker (outcome `cancelled`)
 * @returns the outcome; never throws for SQL or open errors (they are outcomes)
 */
export function runSqliteQuery(
  file: string,
  request: { actionId: string; params: Record<string, unknown>; limit: number },
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<SqliteQueryOutcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver: betterSqlite3Path(), file, ...request, maxCellChars: MAX_CELL_CHARS },
    });
    let settled = false;
    const finish = (outcome: SqliteQueryOutcome | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      void worker.terminate();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const timer = setTimeout(() => finish({ ok: false, kind: "timeout" }), timeoutMs);
    const onAbort = () => finish({ ok: false, kind: "cancelled" });
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.once("message", (message: SqliteQueryOutcome) => finish(message));
    worker.once("error", (error) => finish(error));
    worker.once("exit", (code) => finish(new Error(`The SQLite query worker exited (code ${code}) without an answer`)));
  });
}
