import { z } from "zod";
import type { FieldErrors } from "@/lib/errors";
import { describeFieldErrors } from "@/lib/field-errors";

const entry = z.object({ name: z.string().trim().max(200), value: z.string().max(10_000) });

const URL_EXAMPLE = "https://mcp.example.com/mcp";

/**
 * What is wrong with a Streamable HTTP server's URL, or null: it must parse as a URL (WHATWG URL, as the MCP
 * client parses it: lib/mcp/open-session.ts) with the http: or https: scheme and a host.
 */
export function mcpUrlProblem(text: string): string | null {
  if (text === "") return `Enter the server's full URL, like ${URL_EXAMPLE}.`;
  if (!URL.canParse(text)) return `Not a full URL (it needs http:// or https:// and a host), e.g. ${URL_EXAMPLE}.`;
  const url = new URL(text);
  if (url.protocol !== "http:" && url.protocol !== "https:") return `Use http:// or https:// (not ${url.protocol}), e.g. ${URL_EXAMPLE}.`;
  if (url.hostname === "") return `Not a full URL (it needs http:// or https:// and a host), e.g. ${URL_EXAMPLE}.`;
  return null;
}

/** The MCP server form. Header/env values left blank keep the stored ones; args one per line. */
export const mcpServerSchema = z
  .object({
    key: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, "Use letters, digits, _ or - (a letter first), e.g. everything."),
    name: z.string().trim().min(1, "Give the server a name.").max(120),
    transport: z.enum(["streamable_http", "stdio"]),
    url: z.string().trim().max(2000),
    command: z.string().trim().max(1000),
    args: z.string().max(10_000),
    headers: z.array(entry).max(50),
    env: z.array(entry).max(100),
    timeoutMs: z.number().int().min(1000, "At least 1000 ms.").max(600_000, "At most 600 000 ms (10 minutes)."),
    scope: z.enum(["personal", "global"]),
    enabled: z.boolean(),
  })
  .superRefine((value, context) => {
    const urlProblem = value.transport === "streamable_http" ? mcpUrlProblem(value.url) : null;
    if (urlProblem) context.addIssue({ code: "custom", path: ["url"], message: urlProblem });
    if (value.transport === "stdio" && !value.command) {
      context.addIssue({ code: "custom", path: ["command"], message: "Enter the command that starts the server, e.g. npx." });
    }
  });

export type McpServerFormValues = z.infer<typeof mcpServerSchema>;

/** The form's labels, to name a field in a message. */
const MCP_SERVER_LABELS: Record<keyof McpServerFormValues, string> = {
  key: "Key",
  name: "Name",
  transport: "Transport",
  url: "URL",
  command: "Command",
  args: "Arguments",
  headers: "Headers",
  env: "Environment",
  timeoutMs: "Per-call timeout",
  scope: "Available to",
  enabled: "Enabled",
};

/**
 * The form's problems: one message per field (`fields`) and a sentence naming the first field (`message`),
 * e.g. "URL: not a full URL (it needs http:// or https:// and a host), e.g. https://mcp.example.com/mcp.".
 */
export function mcpServerProblem(error: z.ZodError): { message: string; fields: FieldErrors } {
  return describeFieldErrors(error, MCP_SERVER_LABELS);
}
