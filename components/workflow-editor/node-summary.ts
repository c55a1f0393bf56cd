/**
 * The one-line summary under a node's title on the canvas: what the node is set to do, from its `data`
 * (spec §2). Pure; tolerant of data that does not validate yet.
 */
import type { NodeType } from "@/lib/workflow/nodes/node-definition";

function text(value: unknown): string {
  return typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "";
}

function clip(value: string, max = 48): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

function names(list: unknown, key: string): string[] {
  return Array.isArray(list) ? list.map((item) => text((item as Record<string, unknown> | null)?.[key])).filter(Boolean) : [];
}

function keysOf(value: unknown): string[] {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? Object.keys(value) : [];
}

/** A short, human description of a node's configuration; "" when there is nothing to say. */
export function summarizeNode(type: NodeType | string, data: Record<string, unknown>): string {
  switch (type) {
    case "START": {
      const variables = names(data.variables, "name");
      return variables.length ? `Inputs: ${clip(variables.join(", "))}` : "No inputs";
    }
    case "END": {
      const keys = keysOf(data.output_mapping);
      return keys.length ? `Outputs: ${clip(keys.join(", "))}` : "No outputs mapped";
    }
    case "LLM":
      return clip(`${text(data.model) || "default model"} · ${text(data.prompt_template) || "no prompt yet"}`);
    case "CONDITION_BRANCH": {
      const count = Array.isArray(data.conditions) ? data.conditions.length : 0;
      return `${count} ${count === 1 ? "condition" : "conditions"} + default`;
    }
    case "AGENT":
      return clip(text(data.agent_id) ? `Agent ${text(data.agent_id)}` : `Inline · ${text(data.instructions) || "no instructions yet"}`);
    case "KNOWLEDGE_RETRIEVAL": {
      const kbs = Array.isArray(data.kb_ids) ? data.kb_ids.filter((id) => typeof id === "string" && id) : [];
      return clip(`${kbs.length ? kbs.join(", ") : "no knowledge base yet"} · top ${typeof data.top_k === "number" ? data.top_k : 5}`);
    }
    case "CONNECTOR":
      return text(data.connector_id) ? clip(`${text(data.connector_id)} → ${text(data.action_id) || "?"}`) : "No connector chosen";
    case "MCP":
      return text(data.server_id) ? clip(`${text(data.server_id)} → ${text(data.tool_name) || "?"}`) : "No MCP server chosen";
    case "HUMAN_INTERVENTION": {
      const who = text(data.assignee) || "anyone";
      const hours = typeof data.timeout_hours === "number" ? data.timeout_hours : 24;
      return clip(`Decided by ${who} · ${hours} h`);
    }
    default:
      return `Unknown node type ${String(type)}`;
  }
}
