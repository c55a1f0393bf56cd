import { z } from "zod";

/** Keys are the ids documents use (spec §1): a letter first, then letters, digits, `_` or `-`. */
const key = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, "Use letters, digits, _ or - (a letter first), e.g. orders_api.");

/** The connector form, flat (auth settings are separate fields). `secret` blank keeps the stored one. */
export const connectorSchema = z
  .object({
    key,
    name: z.string().trim().min(1, "Give the connector a name.").max(120),
    description: z.string().max(2000),
    kind: z.enum(["http", "database"]),
    baseUrl: z.string().trim().max(2000),
    authKind: z.enum(["none", "bearer", "api_key_header", "api_key_query", "basic"]),
    headerName: z.string().trim().max(200),
    queryName: z.string().trim().max(200),
    username: z.string().trim().max(200),
    secret: z.string().max(5000),
    clearSecret: z.boolean(),
    maxRows: z.number().int("Whole rows only.").min(1, "At least 1 row.").max(1000, "At most 1000 rows."),
    visibility: z.enum(["private", "shared"]),
  })
  .superRefine((value, context) => {
    const problem = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    if (value.kind === "http") {
      if (!/^https?:\/\/[^\s/]+/.test(value.baseUrl))
        problem("baseUrl", "Enter a full http:// or https:// URL, like https://api.example.com/v1.");
      if (value.authKind === "api_key_header" && !value.headerName) problem("headerName", "Name the header, e.g. X-API-Key.");
      if (value.authKind === "api_key_query" && !value.queryName) problem("queryName", "Name the query parameter, e.g. api_key.");
      if (value.authKind === "basic" && !value.username) problem("username", "Enter the user name.");
    } else if (value.secret && !/^(postgres(ql)?:\/\/|file:|sqlite:)/i.test(value.secret)) {
      problem("secret", "Use postgresql://user:password@host:5432/db or file:/path/to/database.db");
    }
  });

export type ConnectorFormValues = z.infer<typeof connectorSchema>;

function jsonText(label: string, accept: (value: unknown) => boolean, hint: string) {
  return z.string().superRefine((text, context) => {
    if (text.trim() === "") return;
    try {
      if (!accept(JSON.parse(text))) context.addIssue({ code: "custom", message: `${label}: ${hint}` });
    } catch (error) {
      context.addIssue({
        code: "custom",
        message: `${label} is not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
      });
    }
  });
}

const isPlainObject = (value: unknown) => value !== null && typeof value === "object" && !Array.isArray(value);
const isStringMap = (value: unknown) => isPlainObject(value) && Object.values(value as object).every((item) => typeof item === "string");

/** The action form; templates and the parameter schema are edited as JSON text. */
export const actionSchema = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, "Use letters, digits or _ (not a digit first), e.g. get_order."),
  name: z.string().trim().min(1, "Give the action a name.").max(200),
  description: z.string().max(4000),
  method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]),
  path: z.string().trim().max(2000),
  query: jsonText("Query", isStringMap, 'use an object of strings, e.g. {"status": "{{params.status}}"}.'),
  headers: jsonText("Headers", isStringMap, 'use an object of strings, e.g. {"Accept": "application/json"}.'),
  body: jsonText(
    "Body",
    (value) => isPlainObject(value) || Array.isArray(value) || typeof value === "string",
    "use an object, an array or a string template.",
  ),
  parameters: jsonText("Parameters", isPlainObject, 'use a JSON Schema object, e.g. {"type": "object", "properties": {}}.'),
  access: z.enum(["read", "write", "admin"]),
  timeoutMs: z.number().int().min(100, "At least 100 ms.").max(300_000, "At most 300 000 ms (5 minutes)."),
  maxResponseBytes: z.number().int().min(1, "At least 1 byte.").max(20_971_520, "At most 20 MB."),
});

export type ActionFormValues = z.infer<typeof actionSchema>;

/** Network settings: one allowed host, IP or CIDR per line, and the loopback switch. */
export const networkSettingsSchema = z.object({
  allowedHosts: z.string().max(20_000),
  allowLoopback: z.boolean(),
});

export type NetworkSettingsValues = z.infer<typeof networkSettingsSchema>;
