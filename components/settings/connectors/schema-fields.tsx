"use client";

import { Field, Input, Select, Textarea } from "@/components/ui/field";

/** The subset of JSON Schema a parameter form understands; anything else is edited as JSON. */
interface PropertySchema {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  default?: unknown;
  format?: string;
}

export type SchemaFieldValues = Record<string, string | boolean>;

function typeOf(schema: PropertySchema): string {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  return type ?? "string";
}

/** Initial form values: each property's default, as text (JSON for objects and arrays). */
export function initialSchemaValues(schema: Record<string, unknown>): SchemaFieldValues {
  const properties = (schema.properties ?? {}) as Record<string, PropertySchema>;
  return Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      const type = typeOf(property);
      if (type === "boolean") return [name, property.default === true];
      if (property.default === undefined) return [name, ""];
      return [name, typeof property.default === "string" ? property.default : JSON.stringify(property.default)];
    }),
  );
}

/**
 * The form's values as parameters: blank optional fields left out, numbers and booleans typed, objects and
 * arrays parsed from JSON.
 * @returns the parameters, or the first problem (`{error}`) naming the field.
 */
export function schemaValuesToParameters(
  schema: Record<string, unknown>,
  values: SchemaFieldValues,
): { parameters: Record<string, unknown> } | { error: string } {
  const properties = (schema.properties ?? {}) as Record<string, PropertySchema>;
  const parameters: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    const value = values[name];
    const type = typeOf(property);
    if (type === "boolean") {
      parameters[name] = value === true;
      continue;
    }
    if (typeof value !== "string" || value.trim() === "") continue;
    if (type === "object" || type === "array") {
      try {
        parameters[name] = JSON.parse(value);
      } catch {
        return { error: `${name}: enter valid JSON.` };
      }
    } else if (type === "number" || type === "integer") {
      const number = Number(value);
      if (Number.isNaN(number)) return { error: `${name}: enter a number.` };
      parameters[name] = number;
    } else {
      parameters[name] = value;
    }
  }
  return { parameters };
}

/** One labelled input per property of an object JSON Schema (string, number, boolean, enum, JSON). */
export function SchemaFields({
  schema,
  values,
  onChange,
  idPrefix,
}: {
  schema: Record<string, unknown>;
  values: SchemaFieldValues;
  onChange: (values: SchemaFieldValues) => void;
  idPrefix: string;
}) {
  const properties = (schema.properties ?? {}) as Record<string, PropertySchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const names = Object.keys(properties);
  if (names.length === 0) return <p className="text-sm text-zinc-500">This action takes no parameters.</p>;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {names.map((name) => {
        const property = properties[name];
        const type = typeOf(property);
        const id = `${idPrefix}-${name}`;
        const label = `${name}${required.has(name) ? " *" : ""}`;
        const help = [type, property.format, property.description].filter(Boolean).join(" · ");
        const set = (value: string | boolean) => onChange({ ...values, [name]: value });
        if (type === "boolean") {
          return (
            <label key={name} className="inline-flex items-center gap-2 self-end pb-2 text-sm">
              <input
                id={id}
                type="checkbox"
                className="size-4"
                checked={values[name] === true}
                onChange={(event) => set(event.target.checked)}
              />
              {label}
            </label>
          );
        }
        if (Array.isArray(property.enum)) {
          return (
            <Field key={name} id={id} label={label} help={help}>
              <Select id={id} value={String(values[name] ?? "")} onChange={(event) => set(event.target.value)}>
                <option value="">—</option>
                {property.enum.map((option) => (
                  <option key={String(option)} value={String(option)}>
                    {String(option)}
                  </option>
                ))}
              </Select>
            </Field>
          );
        }
        if (type === "object" || type === "array" || name === "sql") {
          return (
            <div key={name} className="sm:col-span-2">
              <Field id={id} label={label} help={type === "object" || type === "array" ? `${help} (JSON)` : help}>
                <Textarea
                  id={id}
                  rows={4}
                  className="font-mono text-xs"
                  value={String(values[name] ?? "")}
                  onChange={(event) => set(event.target.value)}
                />
              </Field>
            </div>
          );
        }
        return (
          <Field key={name} id={id} label={label} help={help}>
            <Input
              id={id}
              inputMode={type === "number" || type === "integer" ? "decimal" : undefined}
              value={String(values[name] ?? "")}
              onChange={(event) => set(event.target.value)}
            />
          </Field>
        );
      })}
    </div>
  );
}
