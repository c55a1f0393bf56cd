/**
 * What a node's templates may refer to (spec §3): `input.*` (START's variables), and the outputs of the
 * nodes upstream of it — with their types, read from each node type's output schema (or, for START and
 * END, from the node's own variables and mapping). Also the check behind "unknown reference" flags.
 */
import type { z } from "zod";
import type { NodeType } from "@/lib/workflow/nodes/node-definition";
import { getNodeDefinition, isNodeType } from "@/lib/workflow/nodes/registry";
import { listReferences, type TemplateReference } from "@/lib/workflow/template";
import type { EditorEdge, EditorNode } from "./types";

export type ValueType = "string" | "number" | "boolean" | "object" | "array" | "any";

export interface VariableField {
  /** Path after the root: `text`, `usage.prompt_tokens`. */
  path: string;
  type: ValueType;
}

/** A group of variables in the picker: one upstream node, or the START inputs. */
export interface VariableGroup {
  /** Template root: a node id or `input`. */
  root: string;
  label: string;
  nodeType?: NodeType;
  fields: VariableField[];
}

type Introspected = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

function valueTypeOf(schema: Introspected): ValueType {
  let current = schema;
  while (["optional", "nullable", "default"].includes(current._zod.def.type)) current = current._zod.def.innerType as Introspected;
  const type = current._zod.def.type;
  if (type === "string" || type === "enum" || type === "literal") return "string";
  if (type === "number" || type === "int") return "number";
  if (type === "boolean") return "boolean";
  if (type === "array") return "array";
  if (type === "object" || type === "record") return "object";
  return "any";
}

const outputFieldCache = new Map<NodeType, VariableField[] | null>();

/** Output fields of a type with a fixed output schema (an object), objects one level deep; null for record outputs (START, END). */
function schemaOutputFields(type: NodeType): VariableField[] | null {
  if (outputFieldCache.has(type)) return outputFieldCache.get(type) ?? null;
  const schema = getNodeDefinition(type).outputSchema as Introspected;
  let fields: VariableField[] | null = null;
  if (schema._zod.def.type === "object") {
    fields = [];
    for (const [key, child] of Object.entries((schema as unknown as { shape: Record<string, Introspected> }).shape)) {
      const type = valueTypeOf(child);
      fields.push({ path: key, type });
      if (child._zod.def.type === "object") {
        for (const [sub, grandchild] of Object.entries((child as unknown as { shape: Record<string, Introspected> }).shape)) {
          fields.push({ path: `${key}.${sub}`, type: valueTypeOf(grandchild) });
        }
      }
    }
  }
  outputFieldCache.set(type, fields);
  return fields;
}

function startVariables(data: Record<string, unknown>): VariableField[] {
  const variables = Array.isArray(data.variables) ? data.variables : [];
  return variables
    .map((variable) => variable as { name?: unknown; type?: unknown })
    .filter((variable) => typeof variable?.name === "string" && variable.name !== "")
    .map((variable) => ({
      path: variable.name as string,
      type: (typeof variable.type === "string" ? variable.type : "string") as ValueType,
    }));
}

/** The outputs of a node, by its type and data. */
export function outputFieldsOf(node: Pick<EditorNode, "type" | "data">): VariableField[] {
  if (!isNodeType(node.type)) return [];
  if (node.type === "START") return startVariables(node.data);
  if (node.type === "END") {
    const mapping = node.data.output_mapping;
    return mapping && typeof mapping === "object" ? Object.keys(mapping).map((path) => ({ path, type: "any" as const })) : [];
  }
  const fields = schemaOutputFields(node.type) ?? [];
  // a node that may fail without stopping the run has an `error` output instead when it fails (spec §5)
  const strategy = node.data.error_strategy;
  return strategy === "continue" || strategy === "fail_branch" ? [...fields, ...ERROR_OUTPUT_FIELDS] : fields;
}

/** The output of a node that failed under `continue` or `fail_branch` (spec §5): `{ error: { code, message } }`. */
const ERROR_OUTPUT_FIELDS: readonly VariableField[] = [
  { path: "error", type: "object" },
  { path: "error.code", type: "string" },
  { path: "error.message", type: "string" },
];

/** Ids of the nodes upstream of `nodeId` (its ancestors through edges), nearest first. */
export function upstreamIds(nodeId: string, edges: readonly EditorEdge[]): string[] {
  const incoming = new Map<string, string[]>();
  for (const edge of edges) {
    const list = incoming.get(edge.target);
    if (list) list.push(edge.source);
    else incoming.set(edge.target, [edge.source]);
  }
  const seen = new Set<string>([nodeId]);
  const order: string[] = [];
  const queue = [nodeId];
  for (let head = 0; head < queue.length; head++) {
    for (const source of incoming.get(queue[head]) ?? []) {
      if (seen.has(source)) continue;
      seen.add(source);
      order.push(source);
      queue.push(source);
    }
  }
  return order;
}

/**
 * The variables a node's templates may use: `input.*` first (START's variables, whether or not START is
 * connected yet), then each upstream node's outputs, nearest first.
 */
export function availableVariables(nodeId: string, nodes: readonly EditorNode[], edges: readonly EditorEdge[]): VariableGroup[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const groups: VariableGroup[] = [];
  const start = nodes.find((node) => node.type === "START");
  if (start) groups.push({ root: "input", label: "Run inputs", nodeType: "START", fields: startVariables(start.data) });
  for (const id of upstreamIds(nodeId, edges)) {
    const node = byId.get(id);
    if (!node) continue;
    const title = typeof node.data.title === "string" && node.data.title ? node.data.title : node.id;
    groups.push({ root: node.id, label: title, nodeType: node.type, fields: outputFieldsOf(node) });
  }
  return groups;
}

/**
 * A reference in a template that the node cannot use, with the reason. `error`: validation rejects the
 * workflow for it (spec §4, `unknown_reference`), so it is in the problems list too. `warning`: the workflow
 * validates, but a run reaching the node would fail (`unresolved_reference`, spec §3), so the field says so.
 */
export interface ReferenceProblem {
  reference: TemplateReference;
  message: string;
  severity: "error" | "warning";
}

/**
 * The references in `template` that are unknown to the node: errors for a root that is neither `env`,
 * `input` nor an upstream node, and for an `input.x` that START does not declare (spec §3
 * `unknown_reference`); a warning for a field that an upstream node of a fixed output shape does not have
 * (a path is checked only at run time, spec §3 `unresolved_reference`).
 */
export function referenceProblems(template: string, groups: readonly VariableGroup[], allNodeIds: ReadonlySet<string>): ReferenceProblem[] {
  const problems: ReferenceProblem[] = [];
  const byRoot = new Map(groups.map((group) => [group.root, group]));
  for (const reference of listReferences(template)) {
    if (reference.root === "env") continue;
    const group = byRoot.get(reference.root);
    if (!group) {
      const message =
        reference.root === "input"
          ? "there is no START node"
          : reference.root === "params"
            ? "params is only available inside connector actions"
            : allNodeIds.has(reference.root)
              ? `“${reference.root}” is not upstream of this node`
              : `there is no node “${reference.root}”`;
      problems.push({ reference, message, severity: "error" });
      continue;
    }
    const first = reference.path[0];
    if (first === undefined) continue;
    const fixedShape = group.root === "input" || (group.nodeType !== undefined && group.nodeType !== "END");
    if (fixedShape && !group.fields.some((field) => field.path === first || field.path.startsWith(`${first}.`))) {
      problems.push(
        group.root === "input"
          ? { reference, message: `START declares no variable “${first}”`, severity: "error" }
          : { reference, message: `“${group.root}” has no output “${first}”: a run would stop here`, severity: "warning" },
      );
    }
  }
  return problems;
}
