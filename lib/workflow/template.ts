/**
 * `{{node_id.field.sub[0].x}}` templates, spec §3. Parsing and rendering only: no eval, no `new Function`.
 *
 * - A value that is exactly one reference keeps the referenced value's type (`renderValue`).
 * - A reference inside other text is rendered as text; objects and arrays as JSON, `null` as "" (`renderText`).
 * - A reference inside a JSON text is escaped for its place in the JSON (`renderJsonString`).
 * - A missing path throws WorkflowError `unresolved_reference`, never a silent ""; only the lenient mode
 *   (CONDITION_BRANCH rules) resolves a missing path to `undefined` (rendered "").
 * - Braces that do not form a reference (`{{ not a ref }}`, `{x}`, `{{}}`) pass through unchanged.
 */
import toPath from "lodash/toPath";
import { WorkflowError } from "./errors";

/** What templates resolve against. Top-level keys: node ids (their outputs), `input`, `env`, `params`. */
export type TemplateScope = Record<string, unknown>;

/** One `{{root.path}}` occurrence. */
export interface TemplateReference {
  /** First name: a node id, `input`, `env` or `params`. */
  root: string;
  /** The keys after the root, array indexes as decimal strings (`a.b[0]` → `["b", "0"]`). */
  path: string[];
  /** The text as written, braces and spaces included (`{{ a.b }}`). */
  raw: string;
  /** The reference without braces and spaces (`a.b`). */
  expression: string;
  /** Where the string holding it sits inside the value given to `listReferences` (keys and indexes). */
  location?: (string | number)[];
}

/** A piece of a parsed template. */
export type TemplateSegment = { kind: "text"; text: string } | { kind: "reference"; reference: TemplateReference };

/** How to treat a missing path. */
export interface ResolveOptions {
  /** A missing path resolves to `undefined` instead of throwing (CONDITION_BRANCH rules, spec §2). */
  lenient?: boolean;
}

const EXPRESSION = String.raw`[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_-]+|\[\d+\])*`;
const REFERENCE_PATTERN = new RegExp(String.raw`\{\{\s*(${EXPRESSION})\s*\}\}`, "g");
const SINGLE_REFERENCE = new RegExp(String.raw`^\s*\{\{\s*(${EXPRESSION})\s*\}\}\s*$`);
const BARE_EXPRESSION = new RegExp(`^${EXPRESSION}$`);

const parseCache = new Map<string, TemplateSegment[]>();
const PARSE_CACHE_LIMIT = 2000;

function makeReference(expression: string, raw: string): TemplateReference {
  const [root, ...path] = toPath(expression);
  return { root, path, raw, expression };
}

/**
 * Splits a template into text and reference segments, in order. Adjacent text is merged; a string
 * without references gives one text segment (or none when empty). Results are cached; do not mutate them.
 */
export function parseTemplate(text: string): TemplateSegment[] {
  const cached = parseCache.get(text);
  if (cached) return cached;
  const segments: TemplateSegment[] = [];
  if (text.includes("{{")) {
    let last = 0;
    for (const match of text.matchAll(REFERENCE_PATTERN)) {
      const index = match.index ?? 0;
      if (index > last) segments.push({ kind: "text", text: text.slice(last, index) });
      segments.push({ kind: "reference", reference: makeReference(match[1], match[0]) });
      last = index + match[0].length;
    }
    if (last < text.length) segments.push({ kind: "text", text: text.slice(last) });
  } else if (text.length > 0) {
    segments.push({ kind: "text", text });
  }
  if (parseCache.size >= PARSE_CACHE_LIMIT) parseCache.clear();
  parseCache.set(text, segments);
  return segments;
}

/** The reference when `text` is exactly one reference (surrounding whitespace allowed), else null. */
export function parseSingleReference(text: string): TemplateReference | null {
  const match = SINGLE_REFERENCE.exec(text);
  return match ? makeReference(match[1], text) : null;
}

/**
 * Every reference in every string of `value`, deep over plain objects and arrays (keys are not
 * templates), in document order, each with the `location` of its string.
 */
export function listReferences(value: unknown): TemplateReference[] {
  const found: TemplateReference[] = [];
  const visit = (current: unknown, location: (string | number)[]): void => {
    if (typeof current === "string") {
      if (!current.includes("{{")) return;
      for (const segment of parseTemplate(current)) {
        if (segment.kind === "reference") found.push({ ...segment.reference, location: [...location] });
      }
    } else if (Array.isArray(current)) {
      for (const [index, item] of current.entries()) visit(item, [...location, index]);
    } else if (isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) visit(item, [...location, key]);
    }
  };
  visit(value, []);
  return found;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const MISSING = Symbol("missing");

function stepInto(current: unknown, key: string): unknown {
  if (Array.isArray(current)) {
    if (!/^\d+$/.test(key)) return MISSING;
    const index = Number(key);
    return index < current.length ? current[index] : MISSING;
  }
  if (current !== null && typeof current === "object" && Object.hasOwn(current, key)) {
    return (current as Record<string, unknown>)[key];
  }
  return MISSING;
}

/**
 * The value a reference points at. `reference` is a parsed reference, `{{a.b}}`, or a bare `a.b`.
 * Only own properties and array indexes are followed; a value of `undefined` counts as missing, `null` does not.
 * @throws WorkflowError `unresolved_reference` for a missing path (unless `lenient`, then `undefined`);
 *   `invalid_config` for a string that is not a reference.
 */
export function resolvePath(scope: TemplateScope, reference: TemplateReference | string, options: ResolveOptions = {}): unknown {
  let parsed: TemplateReference | null;
  if (typeof reference === "string") {
    parsed = BARE_EXPRESSION.test(reference) ? makeReference(reference, `{{${reference}}}`) : parseSingleReference(reference);
    if (!parsed) throw new WorkflowError("invalid_config", `Not a reference: ${JSON.stringify(reference)}`);
  } else {
    parsed = reference;
  }
  let current: unknown = Object.hasOwn(scope, parsed.root) ? scope[parsed.root] : MISSING;
  let depth = 0;
  while (current !== MISSING && current !== undefined && depth < parsed.path.length) {
    current = stepInto(current, parsed.path[depth]);
    depth += 1;
  }
  if (current === MISSING || current === undefined) {
    if (options.lenient) return undefined;
    const missingAt = [parsed.root, ...parsed.path.slice(0, depth)].join(".");
    throw new WorkflowError("unresolved_reference", `Unresolved reference {{${parsed.expression}}}: nothing at "${missingAt}"`, {
      details: { reference: parsed.expression, missing: missingAt },
    });
  }
  return current;
}

/** How a value reads inside text: strings as is, `null`/`undefined` as "", objects and arrays as JSON. */
export function formatTemplateValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value) ?? "";
}

/**
 * Renders every reference in `template` as text (spec §3).
 * @throws WorkflowError `unresolved_reference` for a missing path (unless `options.lenient`).
 */
export function renderText(template: string, scope: TemplateScope, options: ResolveOptions = {}): string {
  if (!template.includes("{{")) return template;
  let out = "";
  for (const segment of parseTemplate(template)) {
    out += segment.kind === "text" ? segment.text : formatTemplateValue(resolvePath(scope, segment.reference, options));
  }
  return out;
}

/**
 * Renders a value deep: a string that is exactly one reference becomes the referenced value itself
 * (number, array, object, null…); other strings are rendered as text; plain objects and arrays are
 * rendered member by member (keys untouched); other values are returned as they are.
 * @throws WorkflowError `unresolved_reference` for a missing path (unless `options.lenient`).
 */
export function renderValue(template: unknown, scope: TemplateScope, options: ResolveOptions = {}): unknown {
  if (typeof template === "string") {
    if (!template.includes("{{")) return template;
    const single = parseSingleReference(template);
    if (single) return resolvePath(scope, single, options);
    return renderText(template, scope, options);
  }
  if (Array.isArray(template)) return template.map((item) => renderValue(item, scope, options));
  if (isPlainObject(template)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(template)) out[key] = renderValue(item, scope, options);
    return out;
  }
  return template;
}

/**
 * Renders a JSON text template (spec §1 string `body`, §3 "escaped as JSON"). A reference inside a JSON
 * string literal is inserted as string content (quotes, backslashes and control characters escaped), so a
 * value cannot break out of its string; a reference outside any string is inserted as a JSON value
 * (`{"n": {{input.n}}}` → `{"n": 42}`, a string value gets its quotes).
 * @throws WorkflowError `unresolved_reference` for a missing path.
 */
export function renderJsonString(template: string, scope: TemplateScope): string {
  if (!template.includes("{{")) return template;
  let out = "";
  let inString = false;
  let escaped = false;
  for (const segment of parseTemplate(template)) {
    if (segment.kind === "text") {
      for (const char of segment.text) {
        if (escaped) escaped = false;
        else if (char === "\\" && inString) escaped = true;
        else if (char === '"') inString = !inString;
      }
      out += segment.text;
      continue;
    }
    const value = resolvePath(scope, segment.reference);
    out += inString ? JSON.stringify(formatTemplateValue(value)).slice(1, -1) : (JSON.stringify(value) ?? "null");
  }
  return out;
}
