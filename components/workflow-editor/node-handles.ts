/**
 * The source handles a node shows, from its type's `sourceHandles(config)` (the registry, spec §2) plus
 * `error` under `fail_branch`. Works on data as typed, which may not validate yet: the config's defaults
 * are applied where it parses; otherwise the raw data is used, and for CONDITION_BRANCH the conditions
 * that have an id.
 */
import { ERROR_HANDLE, type NodeType, type SourceHandle } from "@/lib/workflow/nodes/node-definition";
import { getNodeDefinition, isNodeType } from "@/lib/workflow/nodes/registry";

function conditionHandles(data: Record<string, unknown>): SourceHandle[] {
  const conditions = Array.isArray(data.conditions) ? data.conditions : [];
  const ids = conditions
    .map((condition) => (condition && typeof condition === "object" ? (condition as { id?: unknown }).id : undefined))
    .filter((id): id is string => typeof id === "string" && id !== "");
  return [...new Set(ids), "default"];
}

/** The node's source handles in display order; `null` is the one unnamed handle. */
export function sourceHandlesOf(type: NodeType | string, data: Record<string, unknown>): SourceHandle[] {
  if (!isNodeType(type)) return [];
  const definition = getNodeDefinition(type);
  const parsed = definition.configSchema.safeParse(data);
  let handles: SourceHandle[];
  if (parsed.success) handles = [...definition.sourceHandles(parsed.data)];
  else if (type === "CONDITION_BRANCH") handles = conditionHandles(data);
  else handles = [...definition.sourceHandles(data)];
  if (data.error_strategy === "fail_branch" && type !== "END") handles.push(ERROR_HANDLE);
  return handles;
}

/** Labels of condition handles (`label` or the id) for CONDITION_BRANCH; other handles are their names. */
export function handleLabel(data: Record<string, unknown>, handle: SourceHandle): string {
  if (handle === null) return "";
  const conditions = Array.isArray(data.conditions) ? (data.conditions as Array<{ id?: unknown; label?: unknown }>) : [];
  const match = conditions.find((condition) => condition?.id === handle);
  if (match && typeof match.label === "string" && match.label.trim() !== "") return match.label;
  return handle;
}
