/**
 * Database connectors (Connector.kind "database"): a PostgreSQL or SQLite connection whose three tools are
 * schema-aware SQL — `list_tables`, `describe_table`, `query` — and never write.
 *
 * Read-only is enforced by the connection, not by parsing SQL:
 * - PostgreSQL: the session starts with `default_transaction_read_only=on`, each call runs in
 *   `BEGIN TRANSACTION READ ONLY` with `SET LOCAL statement_timeout`, and the query is sent with the extended
 *   protocol (one statement only) inside `DECLARE … CURSOR`, from which at most `limit + 1` rows are fetched;
 *   the transaction is always rolled back. Use a database role with SELECT rights only, too.
 * - SQLite: the file is opened read-only (`SQLITE_OPEN_READONLY`, must exist) with `PRAGMA query_only`, and only
 *   statements that return rows are run; rows are read lazily up to `limit + 1`. It runs in a worker thread
 *   (sqlite-query-worker.ts) that is terminated at the timeout, so a long statement neither blocks the app nor
 *   outlives `timeout_ms`.
 * The PostgreSQL host passes the same SSRF policy as HTTP connectors (private hosts need the allow-list) and
 * the connection is pinned to the checked address.
 *
 * Results resolve like HTTP calls: status 200 with a JSON body; a SQL error (syntax, a write refused by the
 * read-only mode, an unknown table) resolves with status 400 and `{ error, code }`. Connection failures throw
 * `connection_error`, an elapsed timeout throws `timeout`.
 */
import pg from "pg";
import { serviceError } from "@/lib/net/service-error";
import { checkOutboundUrl, type SsrfPolicy } from "@/lib/net/ssrf";
import type { ConnectorCallResult } from "@/lib/workflow/services";
import type { ConnectorActionDefinition } from "./types";
import { runSqliteQuery } from "./sqlite-query-worker";
import { validateParameters } from "./validate-parameters";

export type DatabaseDialect = "postgres" | "sqlite";

export interface DatabaseConnectorDefinition {
  id: string;
  name: string;
  /** `postgresql://user:pass@host:5432/db?sslmode=require`, or `file:/path/to.db` / `sqlite:/path/to.db`. Plain text, never logged. */
  url: string;
  /** Most rows a query returns (default 100, at most 1000). */
  max_rows?: number;
  /** Per call, ms (default 15 000). */
  timeout_ms?: number;
}

export const DEFAULT_DATABASE_MAX_ROWS = 100;
export const DATABASE_ROW_LIMIT = 1000;
export const DEFAULT_DATABASE_TIMEOUT_MS = 15_000;
/** Longer text cells are cut to this many characters (with "…"). */
const MAX_CELL_CHARS = 4000;

/** The three tools of every database connector, as connector actions (for forms and agents). */
export const DATABASE_ACTIONS: ConnectorActionDefinition[] = [
  {
    id: "list_tables",
    name: "List tables",
    description: "Lists the tables and views of the database, with their schema.",
    method: "GET",
    path: "",
    parameters: { type: "object", properties: {} },
    access: "read",
  },
  {
    id: "describe_table",
    name: "Describe table",
    description: "Columns of one table or view: name, type, nullable, default, primary key.",
    method: "GET",
    path: "",
    parameters: {
      type: "object",
      properties: { table: { type: "string", description: "Table name, optionally schema-qualified (public.orders)" } },
      required: ["table"],
    },
    access: "read",
  },
  {
    id: "query",
    name: "Query",
    description: "Runs one read-only SQL query (SELECT, WITH … SELECT, VALUES) and returns its rows, capped.",
    method: "POST",
    path: "",
    parameters: {
      type: "object",
      properties: {
        sql: { type: "string", description: "One SELECT statement", minLength: 1 },
        limit: { type: "integer", minimum: 1, maximum: DATABASE_ROW_LIMIT, description: "Most rows to return" },
      },
      required: ["sql"],
    },
    access: "read",
  },
];

/** The dialect of a connection URL. @throws WorkflowError `invalid_config` for anything else. */
export function databaseDialect(url: string): DatabaseDialect {
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgres";
  if (/^(sqlite|file):/i.test(url)) return "sqlite";
  throw serviceError("invalid_config", "A database URL starts with postgresql:// or file: (SQLite)");
}

/** The file path of a `file:` / `sqlite:` URL (`sqlite:///abs/x.db` → `/abs/x.db`). */
export function sqlitePath(url: string): string {
  return url.replace(/^(sqlite|file):(\/\/)?/i, "").replace(/\?.*$/, "");
}

interface QueryOutcome {
  body: unknown;
  truncated: boolean;
}

class SqlError extends Error {
  constructor(
    message: string,
    readonly sqlCode: string,
  ) {
    super(message);
  }
}

function jsonCell(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `<${value.byteLength} bytes>`;
  if (typeof value === "string" && value.length > MAX_CELL_CHARS) return `${value.slice(0, MAX_CELL_CHARS)}…`;
  return value;
}

function jsonRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, jsonCell(value)]));
}

function trimSql(sql: string): string {
  return sql.trim().replace(/;\s*$/, "").trim();
}

function splitTable(table: string): { schema: string | null; name: string } {
  const dot = table.indexOf(".");
  return dot > 0 ? { schema: table.slice(0, dot), name: table.slice(dot + 1) } : { schema: null, name: table };
}

// ─── PostgreSQL ──────────────────────────────────────────────────────────────────────────────────

async function pgConfig(definition: DatabaseConnectorDefinition, ssrf: SsrfPolicy, timeoutMs: number): Promise<pg.ClientConfig> {
  let url: URL;
  try {
    url = new URL(definition.url);
  } catch (error) {
    throw serviceError("invalid_config", `The database URL of ${definition.id} is not a valid URL`, { cause: error });
  }
  const port = url.port || "5432";
  const hostname = decodeURIComponent(url.hostname);
  const target = await checkOutboundUrl(`http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}/`, ssrf);
  const sslmode = url.searchParams.get("sslmode");
  const ssl =
    !sslmode || sslmode === "disable" || sslmode === "prefer" || sslmode === "allow"
      ? false
      : { servername: target.hostname, rejectUnauthorized: sslmode === "verify-full" || sslmode === "verify-ca" };
  return {
    host: target.address.address,
    port: Number(port),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.replace(/^\//, "")) || undefined,
    ssl,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    options: "-c default_transaction_read_only=on",
    application_name: "switchyard-connector",
  };
}

async function pgQuery(client: pg.Client, text: string, values: unknown[] = []): Promise<pg.QueryResult<Record<string, unknown>>> {
  try {
    return await client.query({ text, values, queryMode: "extended" } as pg.QueryConfig);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code) throw new SqlError(error instanceof Error ? error.message : String(error), code);
    throw error;
  }
}

async function runPostgres(
  client: pg.Client,
  actionId: string,
  params: Record<string, unknown>,
  limit: number,
  timeoutMs: number,
): Promise<QueryOutcome> {
  await client.query("BEGIN TRANSACTION READ ONLY");
  try {
    await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`);
    if (actionId === "list_tables") {
      const result = await pgQuery(
        client,
        `SELECT table_schema AS schema, table_name AS name, CASE table_type WHEN 'VIEW' THEN 'view' ELSE 'table' END AS type
           FROM information_schema.tables
          WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY table_schema, table_name`,
      );
      return { body: { tables: result.rows }, truncated: false };
    }
    if (actionId === "describe_table") {
      const { schema, name } = splitTable(String(params.table));
      const result = await pgQuery(
        client,
        `SELECT c.column_name AS name, c.data_type AS type, c.is_nullable = 'YES' AS nullable, c.column_default AS default,
                EXISTS (SELECT 1 FROM information_schema.table_constraints t
                          JOIN information_schema.key_column_usage k ON k.constraint_name = t.constraint_name AND k.table_schema = t.table_schema
                         WHERE t.constraint_type = 'PRIMARY KEY' AND t.table_schema = c.table_schema AND t.table_name = c.table_name
                           AND k.column_name = c.column_name) AS primary_key
           FROM information_schema.columns c
          WHERE c.table_schema = COALESCE($1, current_schema()) AND c.table_name = $2 ORDER BY c.ordinal_position`,
        [schema, name],
      );
      if (result.rows.length === 0) throw new SqlError(`No table or view named "${params.table}"`, "unknown_table");
      return { body: { table: String(params.table), columns: result.rows }, truncated: false };
    }
    await pgQuery(client, `DECLARE switchyard_query NO SCROLL CURSOR FOR ${trimSql(String(params.sql))}`);
    const result = await pgQuery(client, `FETCH FORWARD ${limit + 1} FROM switchyard_query`);
    const truncated = result.rows.length > limit;
    const rows = result.rows.slice(0, limit).map(jsonRow);
    return { body: { columns: result.fields.map((field) => field.name), rows, row_count: rows.length, truncated }, truncated };
  } finally {
    await client.query("ROLLBACK").catch(() => undefined);
  }
}

// ─── The call ────────────────────────────────────────────────────────────────────────────────────

/**
 * Runs one tool of a database connector.
 * @param actionId `list_tables`, `describe_table` or `query`.
 * @param parameters checked against the tool's schema ({@link DATABASE_ACTIONS}).
 * @returns status 200 and the JSON body, or status 400 and `{ error, code }` for a SQL error.
 * @throws WorkflowError `invalid_config` (unknown tool, bad parameters or URL), `connection_error` (cannot
 *   connect, SSRF refusal), `timeout` (`timeout_ms` elapsed), `cancelled` (the signal aborted).
 */
export async function callDatabaseAction(
  definition: DatabaseConnectorDefinition,
  actionId: string,
  parameters: Record<string, unknown>,
  options: { ssrf?: SsrfPolicy; signal?: AbortSignal } = {},
): Promise<ConnectorCallResult> {
  const started = performance.now();
  const action = DATABASE_ACTIONS.find((candidate) => candidate.id === actionId);
  if (!action)
    throw serviceError(
      "invalid_config",
      `Database connector "${definition.id}" has no action "${actionId}" (list_tables, describe_table, query)`,
    );
  const params = validateParameters(`${definition.id}.${actionId}`, action.parameters, parameters);
  const maxRows = Math.min(definition.max_rows ?? DEFAULT_DATABASE_MAX_ROWS, DATABASE_ROW_LIMIT);
  const limit = Math.min(typeof params.limit === "number" ? params.limit : maxRows, maxRows);
  const timeoutMs = definition.timeout_ms ?? DEFAULT_DATABASE_TIMEOUT_MS;
  const finish = (status: number, outcome: QueryOutcome): ConnectorCallResult => ({
    status,
    headers: { "content-type": "application/json" },
    body: outcome.body,
    truncated: outcome.truncated,
    elapsed_ms: Math.round(performance.now() - started),
  });
  const sqlFailure = (error: unknown): ConnectorCallResult => {
    if (error instanceof SqlError) return finish(400, { body: { error: error.message, code: error.sqlCode }, truncated: false });
    throw error;
  };
  if (options.signal?.aborted) throw serviceError("cancelled", `${definition.id}.${actionId} was cancelled`);

  if (databaseDialect(definition.url) === "sqlite") {
    const outcome = await runSqliteQuery(sqlitePath(definition.url), { actionId, params, limit }, timeoutMs, options.signal);
    if (outcome.ok) return finish(200, outcome);
    if (outcome.kind === "sql") return sqlFailure(new SqlError(outcome.message, outcome.code));
    if (outcome.kind === "open")
      throw serviceError("connection_error", `Cannot open the SQLite database of ${definition.id}: ${outcome.message}`);
    if (outcome.kind === "timeout") throw serviceError("timeout", `${definition.id}.${actionId} timed out after ${timeoutMs} ms`);
    throw serviceError("cancelled", `${definition.id}.${actionId} was cancelled`);
  }

  const client = new pg.Client(await pgConfig(definition, options.ssrf ?? {}, timeoutMs));
  client.on("error", () => undefined);
  let abortedBy: "timeout" | "cancelled" | null = null;
  const timer = setTimeout(() => {
    abortedBy = "timeout";
    void client.end().catch(() => undefined);
  }, timeoutMs);
  const onAbort = () => {
    abortedBy = "cancelled";
    void client.end().catch(() => undefined);
  };
  options.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    try {
      await client.connect();
    } catch (error) {
      if (abortedBy) throw error;
      throw serviceError(
        "connection_error",
        `Cannot connect to the database of ${definition.id}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    return finish(200, await runPostgres(client, actionId, params, limit, timeoutMs));
  } catch (error) {
    if (abortedBy === "timeout" || (error instanceof SqlError && error.sqlCode === "57014")) {
      throw serviceError("timeout", `${definition.id}.${actionId} timed out after ${timeoutMs} ms`, { cause: error });
    }
    if (abortedBy === "cancelled") throw serviceError("cancelled", `${definition.id}.${actionId} was cancelled`, { cause: error });
    if (error instanceof SqlError) return sqlFailure(error);
    if (error instanceof Error && "code" in error && typeof error.code === "string" && /^[a-z_]+$/.test(error.code)) throw error;
    throw serviceError(
      "connection_error",
      `The database of ${definition.id} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
    await client.end().catch(() => undefined);
  }
}
