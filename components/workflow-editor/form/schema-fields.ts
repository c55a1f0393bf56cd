/**
 * Form fields generated from a node type's zod config schema (one source of truth, STYLE.md): each
 * field's kind, label, help (the schema's `.describe()` text), bounds and whether it holds a template
 * (spec §3) come from the schema and the node definition's `templateFields`, never from a second
 * declaration. Also the conversions between a node's `data` and the form's values (maps become
 * key/value rows, free JSON becomes text).
 */
import type { z } from "zod";
import { commonDataShape } from "@/lib/workflow/nodes/common";
import type { NodeType } from "@/lib/workflow/nodes/node-definition";
import { getNodeDefinition } from "@/lib/workflow/nodes/registry";

interface FieldBase {
  /** The key in `data` (or in the list item). */
  key: string;
  label: string;
  /** The schema's `.describe()` text. */
  help?: string;
  /** Absent is allowed (`.optional()` or `.default()`). */
  optional: boolean;
  /** The schema's default, when it has one. */
  defaultValue?: unknown;
  /** One of the common fields every node has (spec §2), shown under "Error handling and retries". */
  common: boolean;
}

export type FieldSpec =
  | (FieldBase & { kind: "text"; template: boolean; multiline: boolean; minLength?: number })
  | (FieldBase & { kind: "number"; integer: boolean; min?: number; max?: number })
  | (FieldBase & { kind: "boolean" })
  | (FieldBase & { kind: "enum"; options: string[] })
  /** A list of objects (START variables, conditions, rules): each item is a group of fields. */
  | (FieldBase & { kind: "list"; itemFields: FieldSpec[]; minItems?: number })
  /** A list of strings (knowledge base ids, tool categories), edited as comma-separated text. */
  | (FieldBase & { kind: "string-list" })
  /** `{name: template}` (END output_mapping, CONNECTOR/MCP parameters), edited as key/value rows. */
  | (FieldBase & { kind: "map"; template: boolean })
  /** A literal that may be text, a number, a boolean (a rule's value): text, typed when it parses as one. */
  | (FieldBase & { kind: "scalar"; template: boolean })
  /** Any JSON value (an output schema, a default value), edited as JSON text. */
  | (FieldBase & { kind: "json" });

export type FieldKind = FieldSpec["kind"];

type AnySchema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } }; description?: string };

const COMMON_KEYS = new Set(Object.keys(commonDataShape));
/** Template fields whose values are short (a name, an email): one line, not a text area. */
const SHORT_TEXT_KEYS = new Set(["title", "assignee"]);
/** Common fields that stay at the top of the form rather than under "Error handling and retries". */
const HEADER_KEYS = new Set(["title", "description"]);

/** "prompt_template" → "Prompt template"; "kb_ids" → "Kb ids"; "timeout_ms" → "Timeout (ms)". */
export function labelFor(key: string): string {
  const unit = key.match(/_(ms|hours)$/);
  const base = unit ? key.slice(0, -unit[0].length) : key;
  const words = base
    .replace(/_/g, " ")
    .replace(/\bid\b/g, "ID")
    .replace(/\bids\b/g, "IDs")
    .replace(/\bllm\b/gi, "LLM");
  const label = words.charAt(0).toUpperCase() + words.slice(1);
  return unit ? `${label} (${unit[1]})` : label;
}

/** Peels optional/default/nullable wrappers, keeping the outermost description and the default. */
function unwrap(schema: AnySchema): { inner: AnySchema; optional: boolean; defaultValue?: unknown; help?: string } {
  let current = schema;
  let optional = false;
  let defaultValue: unknown;
  let help = schema.description;
  for (;;) {
    const def = current._zod.def;
    if (def.type === "optional" || def.type === "nullable") {
      if (def.type === "optional") optional = true;
      current = def.innerType as AnySchema;
    } else if (def.type === "default" || def.type === "prefault") {
      optional = true;
      const value = def.defaultValue;
      defaultValue = typeof value === "function" ? (value as () => unknown)() : value;
      current = def.innerType as AnySchema;
    } else if (def.type === "pipe") {
      current = def.in as AnySchema;
    } else {
      break;
    }
    help ??= current.description;
  }
  return { inner: current, optional, defaultValue, help };
}

function isTemplateText(help: string | undefined): boolean {
  return help !== undefined && /template/i.test(help);
}

/**
 * The field for one schema member. `inTemplate` is true inside a node's `templateFields`: there a string
 * whose description names a template (spec §3), and every map value, is a template.
 */
export function fieldFromSchema(key: string, schema: z.ZodType, options: { inTemplate: boolean; topLevel: boolean }): FieldSpec {
  const { inner, optional, defaultValue, help } = unwrap(schema as AnySchema);
  const base: FieldBase = { key, label: labelFor(key), help, optional, common: options.topLevel && COMMON_KEYS.has(key) };
  if (defaultValue !== undefined) base.defaultValue = defaultValue;
  const def = inner._zod.def;
  const typed = inner as AnySchema & { minLength?: number | null; minValue?: number | null; maxValue?: number | null; isInt?: boolean };
  switch (def.type) {
    case "string": {
      const template = options.inTemplate && (options.topLevel || isTemplateText(help));
      const multiline = options.topLevel && !SHORT_TEXT_KEYS.has(key) && (template || key === "description" || key === "instructions");
      return { ...base, kind: "text", template, multiline, ...(typed.minLength ? { minLength: typed.minLength } : {}) };
    }
    case "number": {
      const field: FieldSpec = { ...base, kind: "number", integer: Boolean(typed.isInt) };
      const min = typed.minValue;
      const max = typed.maxValue;
      if (typeof min === "number" && Number.isFinite(min) && Math.abs(min) < Number.MAX_SAFE_INTEGER) field.min = min;
      if (typeof max === "number" && Number.isFinite(max) && Math.abs(max) < Number.MAX_SAFE_INTEGER) field.max = max;
      return field;
    }
    case "boolean":
      return { ...base, kind: "boolean" };
    case "enum":
      return { ...base, kind: "enum", options: Object.values(def.entries as Record<string, string>) };
    case "array": {
      const element = unwrap(def.element as AnySchema).inner;
      const elementType = element._zod.def.type;
      if (elementType === "object") {
        const shape = (element as unknown as { shape: Record<string, z.ZodType> }).shape;
        const itemFields = Object.entries(shape).map(([childKey, child]) =>
          fieldFromSchema(childKey, child, { inTemplate: options.inTemplate, topLevel: false }),
        );
        const minItems = (
          inner as unknown as { _zod: { def: { checks?: Array<{ _zod: { def: { check: string; minimum?: number } } }> } } }
        )._zod.def.checks?.find((check) => check._zod.def.check === "min_length")?._zod.def.minimum;
        return { ...base, kind: "list", itemFields, ...(minItems ? { minItems } : {}) };
      }
      if (elementType === "string") return { ...base, kind: "string-list" };
      return { ...base, kind: "json" };
    }
    case "record":
      if (options.inTemplate) return { ...base, kind: "map", template: true };
      return { ...base, kind: "json" };
    case "union": {
      const members = (def.options as AnySchema[]).map((member) => member._zod.def.type);
      if (members.includes("string") && members.every((type) => ["string", "number", "boolean", "null"].includes(type))) {
        return { ...base, kind: "scalar", template: options.inTemplate && isTemplateText(help) };
      }
      return { ...base, kind: "json" };
    }
    default:
      return { ...base, kind: "json" };
  }
}

const fieldCache = new Map<NodeType, FieldSpec[]>();

/**
 * The form fields of a node type, in display order: `title`, the type's own fields, `description`,
 * then the common error-handling fields (`common: true`). Cached per type.
 */
export function configFieldsFor(type: NodeType): FieldSpec[] {
  const cached = fieldCache.get(type);
  if (cached) return cached;
  const definition = getNodeDefinition(type);
  const shape = (definition.configSchema as unknown as { shape: Record<string, z.ZodType> }).shape;
  const templateFields = new Set(definition.templateFields);
  const fields = Object.entries(shape).map(([key, schema]) =>
    fieldFromSchema(key, schema, { inTemplate: templateFields.has(key), topLevel: true }),
  );
  const rank = (field: FieldSpec) => (field.key === "title" ? 0 : field.key === "description" ? 2 : field.common ? 3 : 1);
  const ordered = fields
    .map((field, index) => ({ field, index }))
    .sort((a, b) => rank(a.field) - rank(b.field) || a.index - b.index)
    .map(({ field }) => (HEADER_KEYS.has(field.key) ? { ...field, common: false } : field));
  fieldCache.set(type, ordered);
  return ordered;
}

// ─── data ⇄ form values ──────────────────────────────────────────────────────────────────────────

/** A map row in the form. */
export interface MapEntry {
  key: string;
  value: string;
}

export type FormValues = Record<string, unknown>;

function jsonText(value: unknown): string {
  return value === undefined ? "" : JSON.stringify(value, null, 2);
}

function toFormValue(field: FieldSpec, value: unknown): unknown {
  switch (field.kind) {
    case "text":
      return typeof value === "string" ? value : "";
    case "number":
      return typeof value === "number" ? value : undefined;
    case "boolean":
      return typeof value === "boolean" ? value : field.defaultValue === true;
    case "enum":
      return typeof value === "string" ? value : "";
    case "list":
      return Array.isArray(value) ? value.map((item) => formValuesFromData(field.itemFields, (item ?? {}) as Record<string, unknown>)) : [];
    case "string-list":
      return Array.isArray(value) ? value.join(", ") : "";
    case "map":
      return value !== null && typeof value === "object" && !Array.isArray(value)
        ? Object.entries(value).map(([key, item]) => ({ key, value: typeof item === "string" ? item : JSON.stringify(item) }))
        : [];
    case "scalar":
      return value === undefined || value === null ? "" : String(value);
    case "json":
      // text kept because it did not parse (fromFormValue) is shown as it was typed
      return typeof value === "string" && !parsesAsJson(value) ? value : jsonText(value);
  }
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The form's values for a node's `data` (or a list item), field by field. Keys the form does not know are not included. */
export function formValuesFromData(fields: FieldSpec[], data: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const field of fields) values[field.key] = toFormValue(field, data[field.key]);
  return values;
}

/** A JSON text the person typed that does not parse, by dotted form path. */
export type JsonProblems = Record<string, string>;

function fromFormValue(field: FieldSpec, value: unknown, path: string, problems: JsonProblems): unknown {
  switch (field.kind) {
    case "text": {
      const text = typeof value === "string" ? value : "";
      return text === "" && field.optional ? undefined : text;
    }
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? value : undefined;
    case "boolean":
      return Boolean(value);
    case "enum":
      return value === "" || value === undefined ? undefined : value;
    case "list":
      return Array.isArray(value)
        ? value.map((item, index) => dataFromValues(field.itemFields, (item ?? {}) as FormValues, `${path}.${index}`, problems))
        : [];
    case "string-list": {
      const items = String(value ?? "")
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item !== "");
      return items.length === 0 && field.optional && field.defaultValue === undefined ? undefined : items;
    }
    case "map": {
      const entries = Array.isArray(value) ? (value as MapEntry[]) : [];
      return Object.fromEntries(entries.filter((entry) => entry.key.trim() !== "").map((entry) => [entry.key.trim(), entry.value]));
    }
    case "scalar": {
      const text = typeof value === "string" ? value : "";
      if (text === "") return undefined;
      if (text === "true" || text === "false") return text === "true";
      if (/^-?\d+(\.\d+)?$/.test(text.trim())) return Number(text);
      return text;
    }
    case "json": {
      const text = typeof value === "string" ? value.trim() : "";
      if (text === "") return undefined;
      try {
        return JSON.parse(text);
      } catch (error) {
        if (!(error instanceof SyntaxError)) throw error;
        // kept as the text itself, so nothing typed is lost: the node's schema then rejects it where a
        // string does not belong (an output schema), and takes it where one does (a string default value)
        problems[path] = `Not valid JSON: ${error.message}`;
        return text;
      }
    }
  }
}

function dataFromValues(fields: FieldSpec[], values: FormValues, prefix: string, problems: JsonProblems): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of fields) {
    const path = prefix === "" ? field.key : `${prefix}.${field.key}`;
    const converted = fromFormValue(field, values[field.key], path, problems);
    if (converted !== undefined) data[field.key] = converted;
  }
  return data;
}

/**
 * A node's `data` from the form's values: empty optional fields are left out, map rows become an
 * object (rows without a key dropped), JSON text is parsed. A JSON text that does not parse is kept in
 * `data` as the text (a string; formValuesFromData shows it as typed) and reported in `problems` under its
 * form path; `keep` carries the members of the previous `data` that the form does not show (unknown keys
 * survive an edit).
 */
export function dataFromFormValues(
  fields: FieldSpec[],
  values: FormValues,
  keep: Record<string, unknown> = {},
): { data: Record<string, unknown>; problems: JsonProblems } {
  const problems: JsonProblems = {};
  const known = new Set(fields.map((field) => field.key));
  const extra = Object.fromEntries(Object.entries(keep).filter(([key]) => !known.has(key)));
  const data = { ...extra, ...dataFromValues(fields, values, "", problems) };
  return { data, problems };
}

/** A new, empty list item for a list field: defaults where the schema has them. */
export function emptyListItem(field: Extract<FieldSpec, { kind: "list" }>): FormValues {
  const data: Record<string, unknown> = {};
  for (const child of field.itemFields) if (child.defaultValue !== undefined) data[child.key] = child.defaultValue;
  return formValuesFromData(field.itemFields, data);
}
