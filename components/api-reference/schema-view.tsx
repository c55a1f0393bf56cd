/**
 * A JSON Schema (as zod-openapi writes it for OpenAPI 3.1) as a nested property list: names, types,
 * required marks, enums, limits and descriptions; `$ref`s link to the schema section.
 */
import type { ReactNode } from "react";

export type JsonSchemaNode = Record<string, unknown>;

/** `Run` for `{"$ref": "#/components/schemas/Run"}`, else null. */
export function schemaRefName(schema: JsonSchemaNode): string | null {
  const ref = schema.$ref;
  return typeof ref === "string" && ref.startsWith("#/components/schemas/") ? ref.slice("#/components/schemas/".length) : null;
}

function typeLabel(schema: JsonSchemaNode): ReactNode {
  const ref = schemaRefName(schema);
  if (ref) {
    return (
      <a href={`#schema-${ref}`} className="text-brand-700 underline dark:text-brand-400">
        {ref}
      </a>
    );
  }
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchemaNode[] | undefined;
  if (Array.isArray(variants)) {
    return variants.map((variant, index) => (
      <span key={index}>
        {index > 0 ? " | " : null}
        {typeLabel(variant)}
      </span>
    ));
  }
  if (schema.type === "array" && schema.items && typeof schema.items === "object")
    return <>{typeLabel(schema.items as JsonSchemaNode)}[]</>;
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  if (typeof schema.type === "string") return schema.type;
  if (schema.additionalProperties !== undefined) return "object";
  return "any";
}

function limits(schema: JsonSchemaNode): string[] {
  const out: string[] = [];
  if (schema.minimum !== undefined) out.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) out.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined) out.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) out.push(`max length ${schema.maxLength}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

/** Children worth listing under a node: object properties (or those of an array's items), resolved one `$ref` deep when asked. */
function propertiesOf(schema: JsonSchemaNode): [Record<string, JsonSchemaNode>, string[]] | null {
  const target = schema.type === "array" && schema.items && typeof schema.items === "object" ? (schema.items as JsonSchemaNode) : schema;
  if (!target.properties || typeof target.properties !== "object") return null;
  return [target.properties as Record<string, JsonSchemaNode>, Array.isArray(target.required) ? (target.required as string[]) : []];
}

export function SchemaView({
  schema,
  schemas,
  depth = 0,
}: {
  schema: JsonSchemaNode;
  schemas: Record<string, JsonSchemaNode>;
  depth?: number;
}) {
  const ref = schemaRefName(schema);
  // A body's top-level `$ref` is shown in place; deeper refs stay links to the schema section.
  const resolved = ref && depth === 0 && schemas[ref] ? schemas[ref] : schema;
  const properties = propertiesOf(resolved);
  if (!properties) {
    return <p className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{typeLabel(resolved)}</p>;
  }
  const [props, required] = properties;
  return (
    <ul className={depth > 0 ? "mt-1 space-y-1 border-l border-zinc-200 pl-3 dark:border-zinc-700" : "space-y-1"}>
      {Object.entries(props).map(([name, child]) => {
        const nested = depth < 3 && !schemaRefName(child) ? propertiesOf(child) : null;
        const extra = limits(child);
        return (
          <li key={name} className="text-sm">
            <code className="font-mono text-xs font-semibold">{name}</code>
            {required.includes(name) ? (
              <span className="ml-0.5 text-red-600" title="required">
                *
              </span>
            ) : null}
            <span className="ml-2 font-mono text-xs text-zinc-500">{typeLabel(child)}</span>
            {extra.length ? <span className="ml-2 text-xs text-zinc-400">{extra.join(", ")}</span> : null}
            {typeof child.description === "string" ? (
              <span className="ml-2 text-xs text-zinc-600 dark:text-zinc-400">— {child.description}</span>
            ) : null}
            {nested ? <SchemaView schema={child} schemas={schemas} depth={depth + 1} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
