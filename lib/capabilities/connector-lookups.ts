/**
 * What a connector call reads and writes besides the request itself — the SSRF policy (Settings `net.*`),
 * the connector row with its actions, the actor's email and role, and the `connector.call` audit entry —
 * over Prisma (PostgreSQL, or a client not made by `createDb`), or directly on the SQLite file
 * (lib/db/sqlite-direct.ts) when the client is the embedded database's.
 *
 * Why two: through Prisma these are ~6 queries of ~1–1.5 ms CPU each per connector call, most of a
 * persisted run's cost (bench/engine.bench.ts); directly they are prepared statements of tens of µs, and
 * the audit insert joins the run store's group commit. Both read the same rows and map them with the
 * same functions (capability-definitions.ts, connectors.ts, settings.ts), so they return equal values
 * (connector-lookups.int.test.ts compares them).
 */
import { newId } from "@/lib/ids";
import { appendAuditLog } from "@/lib/audit";
import type { DatabaseConnectorDefinition } from "@/lib/connectors/database-connector";
import type { ConnectorAuditEntry, ConnectorDefinition } from "@/lib/connectors/types";
import type { Db } from "@/lib/db/client";
import type { Connector, ConnectorAction } from "@/lib/db/generated/sqlite/client";
import { connectorDefinitionFromRow } from "@/lib/db/queries/capability-definitions";
import { databaseConnectorFromRow } from "@/lib/db/queries/connectors";
import { networkSettingsFrom, parseSettingValue, SETTING_KEYS } from "@/lib/db/queries/settings";
import { dateFromSqlite, sqlitePrismaWrites, sqliteTime } from "@/lib/db/sqlite-connection";
import { DirectSqlite } from "@/lib/db/sqlite-direct";
import type { SsrfPolicy } from "@/lib/net/ssrf";

/** A stored connector as a call needs it: its definition by kind, and who may use it. */
export type StoredConnector = (
  | { kind: "http"; definition: ConnectorDefinition }
  | { kind: "database"; definition: DatabaseConnectorDefinition }
) & {
  /** `private`: only its owner and admins may call it; `shared`: everyone signed in. */
  visibility: "private" | "shared";
  ownerId: string | null;
};

/** The actor of a call as the access checks and the audit log need it. */
export interface ConnectorActor {
  userId: string;
  email?: string;
  role?: string;
}

export interface ConnectorLookups {
  /** Settings `net.allowed_hosts` / `net.allow_loopback` (env SWITCHYARD_ALLOWED_HOSTS is added by lib/net/ssrf.ts). */
  ssrf(): Promise<SsrfPolicy>;
  /** The connector with key `key`, secrets decrypted; null when unknown. @throws SecretsError on a wrong encryption key. */
  connector(key: string): Promise<StoredConnector | null>;
  /** The user's email and role; `{ userId }` alone when the user is gone. */
  actor(userId: string): Promise<ConnectorActor>;
  /** Appends one `connector.call` entry to the audit log (lib/audit.ts rules: append-only, no secrets). */
  audit(entry: ConnectorAuditEntry): Promise<void>;
}

type ConnectorWithActions = Connector & { actions: ConnectorAction[] };

function storedConnector(row: ConnectorWithActions): StoredConnector {
  const access = { visibility: row.visibility === "private" ? ("private" as const) : ("shared" as const), ownerId: row.ownerId };
  return row.kind === "database"
    ? { kind: "database", definition: databaseConnectorFromRow(row), ...access }
    : { kind: "http", definition: connectorDefinitionFromRow(row), ...access };
}

function auditRecord(entry: ConnectorAuditEntry) {
  const { actor, ...data } = entry;
  return {
    action: "connector.call",
    actorId: actor?.userId ?? null,
    actorEmail: actor?.email ?? null,
    targetType: "connector",
    targetId: entry.connector_id,
    data: { ...data },
  };
}

/** The lookups over Prisma (any database). */
export function prismaConnectorLookups(db: Db): ConnectorLookups {
  return {
    async ssrf() {
      const rows = await db.setting.findMany({ where: { key: { in: [SETTING_KEYS.allowedHosts, SETTING_KEYS.allowLoopback] } } });
      return settingsToPolicy(new Map(rows.map((row) => [row.key, row.value])));
    },
    async connector(key) {
      const row = await db.connector.findUnique({ where: { key }, include: { actions: true } });
      return row ? storedConnector(row) : null;
    },
    async actor(userId) {
      const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, role: true } });
      return user ? { userId, email: user.email, role: user.role } : { userId };
    },
    audit: (entry) => appendAuditLog(db, auditRecord(entry)),
  };
}

function settingsToPolicy(values: Map<string, string>): SsrfPolicy {
  const hosts = parseSettingValue<unknown>(SETTING_KEYS.allowedHosts, values.get(SETTING_KEYS.allowedHosts) ?? null, []);
  const loopback = parseSettingValue<unknown>(SETTING_KEYS.allowLoopback, values.get(SETTING_KEYS.allowLoopback) ?? null, false);
  const settings = networkSettingsFrom(hosts, loopback);
  return { allowedHosts: settings.allowedHosts, allowLoopback: settings.allowLoopback };
}

type Row = Record<string, unknown>;

/**
 * Rows that change rarely (settings, connectors, users) read on the direct connection, kept until somebody
 * else writes the file: another process (`PRAGMA data_version` changes exactly when another connection
 * has committed since the last check, and never for this connection's own commits:
 * https://www.sqlite.org/pragma.html#pragma_data_version) or this process's Prisma client (its write
 * count, `sqlitePrismaWrites`, counted once each write is visible). The direct connection itself writes
 * only runs and audit entries. `data_version` is read at most once per turn of the event loop: one read
 * transaction for the lookups of every run in that turn, instead of one per lookup (~3 locking syscalls
 * each); a commit by another process is seen from the next turn.
 */
class DirectRowCache {
  private version: unknown = null;
  private prismaWrites = -1;
  private checkedThisTurn = false;
  private readonly entries = new Map<string, unknown>();

  constructor(private readonly direct: DirectSqlite) {}

  get<T>(key: string, load: () => T): T {
    this.validate();
    if (this.entries.has(key)) return this.entries.get(key) as T;
    const value = load();
    if (this.entries.size >= 1000) this.entries.clear();
    this.entries.set(key, value);
    return value;
  }

  private validate(): void {
    const writes = sqlitePrismaWrites(this.direct.file);
    if (writes !== this.prismaWrites) {
      this.entries.clear();
      this.prismaWrites = writes;
    }
    if (this.checkedThisTurn) return;
    const { data_version: version } = this.direct.prepare("PRAGMA data_version").get() as { data_version: number };
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    this.checkedThisTurn = true;
    setImmediate(() => {
      this.checkedThisTurn = false;
    });
  }
}

const caches = new WeakMap<DirectSqlite, DirectRowCache>();

/**
 * The lookups as prepared statements on the SQLite file (same rows, same mapping as Prisma's), cached on
 * the connection until another connection commits (`DirectRowCache`). Callers must not mutate what
 * they get.
 */
export function sqliteConnectorLookups(direct: DirectSqlite): ConnectorLookups {
  let cache = caches.get(direct);
  if (!cache) {
    cache = new DirectRowCache(direct);
    caches.set(direct, cache);
  }
  const cached = cache;
  const uncached = sqliteConnectorReads(direct);
  return {
    ssrf: async () => cached.get("ssrf", () => uncached.ssrf()),
    connector: async (key) => cached.get(`connector:${key}`, () => uncached.connector(key)),
    actor: async (userId) => cached.get(`actor:${userId}`, () => uncached.actor(userId)),
    audit: (entry) => appendDirectAudit(direct, entry),
  };
}

/** The reads of `sqliteConnectorLookups`, uncached and synchronous. */
function sqliteConnectorReads(direct: DirectSqlite) {
  return {
    ssrf(): SsrfPolicy {
      const rows = direct
        .prepare('SELECT "key", "value" FROM "Setting" WHERE "key" IN (?, ?)')
        .all(SETTING_KEYS.allowedHosts, SETTING_KEYS.allowLoopback) as Array<{ key: string; value: string }>;
      return settingsToPolicy(new Map(rows.map((row) => [row.key, row.value])));
    },
    connector(key: string): StoredConnector | null {
      const row = direct.prepare('SELECT * FROM "Connector" WHERE "key" = ?').get(key) as Row | undefined;
      if (!row) return null;
      const actions = direct.prepare('SELECT * FROM "ConnectorAction" WHERE "connectorId" = ?').all(row.id) as Row[];
      const withDates = (value: Row) => ({
        ...value,
        createdAt: dateFromSqlite(value.createdAt),
        updatedAt: dateFromSqlite(value.updatedAt),
      });
      return storedConnector({
        ...(withDates(row) as unknown as Connector),
        actions: actions.map((action) => withDates(action) as unknown as ConnectorAction),
      });
    },
    actor(userId: string): ConnectorActor {
      const user = direct.prepare('SELECT "email", "role" FROM "User" WHERE "id" = ?').get(userId) as
        | { email: string; role: string }
        | undefined;
      return user ? { userId, email: user.email, role: user.role } : { userId };
    },
  };
}

/** Appends a `connector.call` entry on the direct connection (joins its group commit). */
async function appendDirectAudit(direct: DirectSqlite, entry: ConnectorAuditEntry): Promise<void> {
  const record = auditRecord(entry);
  await direct.write(() =>
    direct.run(
      'INSERT INTO "AuditLog" ("id", "at", "actorId", "actorEmail", "action", "targetType", "targetId", "data") VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [
        newId(),
        sqliteTime(new Date()),
        record.actorId,
        record.actorEmail,
        record.action,
        record.targetType,
        record.targetId,
        JSON.stringify(record.data),
      ],
    ),
  );
}

/** The direct SQLite lookups when `db` is the embedded database's client made by `createDb`, else Prisma's. */
export function connectorLookupsFor(db: Db): ConnectorLookups {
  return DirectSqlite.available(db) ? sqliteConnectorLookups(DirectSqlite.forClient(db)) : prismaConnectorLookups(db);
}
