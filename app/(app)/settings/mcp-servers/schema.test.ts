import { describe, expect, it } from "vitest";
import { mcpServerProblem, mcpServerSchema } from "./schema";

const valid = {
  key: "everything",
  name: "Everything",
  transport: "streamable_http",
  url: "https://mcp.example.com/mcp",
  command: "",
  args: "",
  headers: [],
  env: [],
  timeoutMs: 30_000,
  scope: "personal",
  enabled: true,
} as const;

const problem = (values: Record<string, unknown>) => {
  const parsed = mcpServerSchema.safeParse({ ...valid, ...values });
  return parsed.success ? null : mcpServerProblem(parsed.error);
};

const NOT_A_URL = "Not a full URL (it needs http:// or https:// and a host), e.g. https://mcp.example.com/mcp.";

describe("mcpServerSchema URL", () => {
  it("accepts http(s) URLs with a host, loopback included", () => {
    for (const url of ["https://mcp.example.com/mcp", "http://127.0.0.1:3001/mcp", "http://[::1]:8080/mcp", "http://localhost/mcp"])
      expect(problem({ url })).toBeNull();
  });

  it("names the URL field and the problem for text that is not a URL", () => {
    for (const url of ["not a url", "http//x", "http://not a url", "https://[::1", "http://", "mcp.example.com/mcp"]) {
      expect(problem({ url })).toEqual({
        message: `URL: ${NOT_A_URL.charAt(0).toLowerCase()}${NOT_A_URL.slice(1)}`,
        fields: { url: NOT_A_URL },
      });
    }
  });

  it("refuses other schemes and a blank URL", () => {
    expect(problem({ url: "ftp://files.example.com/mcp" })).toEqual({
      message: "URL: use http:// or https:// (not ftp:), e.g. https://mcp.example.com/mcp.",
      fields: { url: "Use http:// or https:// (not ftp:), e.g. https://mcp.example.com/mcp." },
    });
    expect(problem({ url: "  " })).toEqual({
      message: "URL: enter the server's full URL, like https://mcp.example.com/mcp.",
      fields: { url: "Enter the server's full URL, like https://mcp.example.com/mcp." },
    });
  });

  it("does not ask for a URL over stdio, and names each field that needs attention", () => {
    expect(problem({ transport: "stdio", url: "not a url", command: "npx" })).toBeNull();
    expect(problem({ key: "", url: "not a url" })).toEqual({
      message: "Key: use letters, digits, _ or - (a letter first), e.g. everything.",
      fields: { key: "Use letters, digits, _ or - (a letter first), e.g. everything.", url: NOT_A_URL },
    });
  });
});
