/**
 * Maps an MCP `tools/call` result (MCP spec 2025-06-18 "Tools": CallToolResult) to the MCP node's outputs
 * (spec §2 MCP: `content`, `structured`, `is_error`).
 */
import type { McpCallResult } from "@/lib/workflow/services";

interface RawCallToolResult {
  content?: unknown;
  structuredContent?: unknown;
  isError?: unknown;
  /** Pre-2024-11-05 servers answer with `toolResult`. */
  toolResult?: unknown;
}

/**
 * Text blocks joined with "\n" → `content` (other block types are left out); `structuredContent` →
 * `structured` (null when absent); `isError` → `is_error`. A legacy `toolResult` becomes its JSON text.
 */
export function toCallResult(raw: RawCallToolResult): McpCallResult {
  const blocks = Array.isArray(raw.content) ? (raw.content as { type?: unknown; text?: unknown }[]) : [];
  let content = blocks
    .filter((block) => block?.type === "text" && typeof block.text === "string")
    .map((block) => block.text as string)
    .join("\n");
  if (blocks.length === 0 && raw.toolResult !== undefined)
    content = typeof raw.toolResult === "string" ? raw.toolResult : JSON.stringify(raw.toolResult);
  return { content, structured: raw.structuredContent ?? null, is_error: raw.isError === true };
}
