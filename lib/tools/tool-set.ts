/**
 * The per-request set of tools: every tool the agent may use (`all`), and the ones advertised to the
 * model right now (`active`; tool selection may start with fewer and `request_tools` adds more).
 */
import type { JsonSchema, Tool, ToolDefinition } from "./types";

/** Schema without the preset properties (the model does not supply those). */
export function advertisedParameters(tool: Tool): JsonSchema {
  const presetNames = Object.keys(tool.presets ?? {});
  if (presetNames.length === 0) return tool.parameters;
  const properties = { ...((tool.parameters.properties as Record<string, unknown>) ?? {}) };
  for (const name of presetNames) delete properties[name];
  const required = Array.isArray(tool.parameters.required)
    ? (tool.parameters.required as string[]).filter((name) => !presetNames.includes(name))
    : undefined;
  return { ...tool.parameters, properties, ...(required ? { required } : {}) };
}

export class ToolSet {
  private readonly tools = new Map<string, Tool>();
  private readonly activeNames = new Set<string>();

  /** @throws Error when two tools share a name (assembly bug, never a model error). */
  add(tool: Tool, options: { active?: boolean } = {}): this {
    if (this.tools.has(tool.name)) throw new Error(`Duplicate tool name "${tool.name}"`);
    this.tools.set(tool.name, tool);
    if (options.active !== false) this.activeNames.add(tool.name);
    return this;
  }

  get(name: string): Tool | undefined {
    return this.tools.get(name);
  }

  /** Every tool, in insertion order. */
  all(): Tool[] {
    return [...this.tools.values()];
  }

  /** The tools advertised now, in insertion order. */
  active(): Tool[] {
    return this.all().filter((tool) => this.activeNames.has(tool.name));
  }

  isActive(name: string): boolean {
    return this.activeNames.has(name);
  }

  /** Advertises only `names` (unknown names ignored). */
  setActive(names: Iterable<string>): void {
    this.activeNames.clear();
    this.activate(names);
  }

  /** Adds `names` to the advertised tools; returns the ones that were newly activated. */
  activate(names: Iterable<string>): string[] {
    const added: string[] = [];
    for (const name of names) {
      if (this.tools.has(name) && !this.activeNames.has(name)) {
        this.activeNames.add(name);
        added.push(name);
      }
    }
    return added;
  }

  /** The active tools as the model sees them (presets hidden). */
  definitions(): ToolDefinition[] {
    return this.active().map((tool) => ({ name: tool.name, description: tool.description, parameters: advertisedParameters(tool) }));
  }

  get size(): number {
    return this.tools.size;
  }
}

/** `^[a-zA-Z0-9_-]{1,64}$`: other characters become `_`, long names are cut. */
export function toToolName(text: string): string {
  const cleaned = text.replace(/[^a-zA-Z0-9_-]/g, "_");
  return cleaned.slice(0, 64) || "tool";
}
