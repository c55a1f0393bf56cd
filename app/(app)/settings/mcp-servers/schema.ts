import { z } from "zod";

const entry = z.object({ name: z.string().trim().max(200), value: z.string().max(10_000) });

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
    if (value.transport === "streamable_http" && !/^https?:\/\/[^\s/]+/.test(value.url)) {
      context.addIssue({ code: "custom", path: ["url"], message: "Enter the server's full URL, like https://mcp.example.com/mcp." });
    }
    if (value.transport === "stdio" && !value.command) {
      context.addIssue({ code: "custom", path: ["command"], message: "Enter the command that starts the server, e.g. npx." });
    }
  });

export type McpServerFormValues = z.infer<typeof mcpServerSchema>;
