/**
 * HTTP connectors as documents and the database describe them (spec §1 `resources.connectors`; Prisma
 * models Connector / ConnectorAction). Secrets here are plain text: the resolver decrypts them (and
 * resolves `{{env.NAME}}`) before handing a definition to the service.
 */

/** Access levels, ordered read < write < admin. */
export type AccessLevel = "read" | "write" | "admin";

/** How a connector authenticates (spec §1 "Auth kinds"). `secret` is plain text, never logged. */
export type ConnectorAuth =
  | { kind: "none" }
  | { kind: "bearer"; secret: string }
  | { kind: "api_key_header"; header_name: string; secret: string }
  | { kind: "api_key_query"; query_name: string; secret: string }
  | { kind: "basic"; username: string; secret: string };

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";

/** One callable action. `path`, `query`, `headers` and `body` are templates over `{{params.NAME}}`. */
export interface ConnectorActionDefinition {
  id: string;
  name: string;
  description?: string;
  method: HttpMethod;
  /** Appended to the connector's `base_url`; path references are URL-encoded. */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** An object (each single reference keeps its type, sent as JSON), a string (references escaped for the
   *  content type), or null. */
  body?: Record<string, unknown> | unknown[] | string | null;
  /** JSON Schema of the parameters (an object schema). */
  parameters?: Record<string, unknown>;
  /** Default `read`. */
  access?: AccessLevel;
  /** Default 10 000 ms; covers connecting, waiting and reading the body. */
  timeout_ms?: number;
  /** Default 1 048 576 bytes; longer bodies are cut and marked truncated. */
  max_response_bytes?: number;
}

export interface ConnectorDefinition {
  id: string;
  name: string;
  description?: string;
  /** e.g. `https://api.example.com/v1`; the action path is appended to it. */
  base_url: string;
  auth: ConnectorAuth;
  actions: ConnectorActionDefinition[];
}

/** One audit record per call (Prisma AuditLog `connector.call`). Never holds a secret. */
export interface ConnectorAuditEntry {
  action: "connector.call";
  /** ISO-8601 UTC time the call started. */
  at: string;
  actor: { userId?: string; email?: string; role?: string } | null;
  connector_id: string;
  action_id: string;
  method: string;
  /** The request URL with secrets replaced by `[REDACTED]`; empty when the call failed before one was built. */
  url: string;
  /** HTTP status, or null when no response arrived. */
  status: number | null;
  elapsed_ms: number;
  truncated: boolean;
  /** Present when the call failed: the WorkflowError code and (redacted) message. */
  error?: { code: string; message: string };
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 1_048_576;
