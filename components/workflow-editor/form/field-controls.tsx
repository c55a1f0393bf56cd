"use client";

import { Plus, Trash2 } from "lucide-react";
import get from "lodash/get";
import { type Control, Controller, type FieldErrors, type UseFormRegister, useFieldArray } from "react-hook-form";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import { isResourceKey, ResourceIdInput } from "./resource-id-input";
import { emptyListItem, type FieldSpec, type FormValues } from "./schema-fields";
import { TemplateInput } from "./template-input";

export interface ControlProps {
  field: FieldSpec;
  /** The react-hook-form path (`conditions.0.rules.1.variable`). */
  name: string;
  /** Prefix of element ids, unique per node. */
  idPrefix: string;
  control: Control<FormValues>;
  register: UseFormRegister<FormValues>;
  errors: FieldErrors<FormValues>;
  jsonProblems: Record<string, string>;
}

function errorAt(errors: FieldErrors<FormValues>, name: string): string | undefined {
  const found = get(errors, name) as { message?: unknown } | undefined;
  return typeof found?.message === "string" ? found.message : undefined;
}

function domId(idPrefix: string, name: string): string {
  return `${idPrefix}-${name.replace(/\./g, "-")}`;
}

function singular(key: string): string {
  if (key.endsWith("ies")) return `${key.slice(0, -3)}y`;
  return key.endsWith("s") ? key.slice(0, -1) : key;
}

function helpFor(field: FieldSpec): string | undefined {
  const extra =
    field.kind === "string-list"
      ? "Comma-separated."
      : field.kind === "json"
        ? "JSON."
        : field.kind === "number" && field.defaultValue !== undefined
          ? `Default ${String(field.defaultValue)}.`
          : undefined;
  return [field.help, extra].filter(Boolean).join(" ") || undefined;
}

/** One generated form control for a field of a node's config (kinds from schema-fields.ts). */
export function FieldControl(props: ControlProps) {
  const { field, name, idPrefix, control, register, errors, jsonProblems } = props;
  const id = domId(idPrefix, name);
  // text that is not JSON is kept as a string (schema-fields.ts): where the schema rejects that, say why
  const schemaError = errorAt(errors, name);
  const error = schemaError && jsonProblems[name] ? jsonProblems[name] : schemaError;
  const label = field.optional || field.kind === "boolean" || field.kind === "list" ? field.label : `${field.label} *`;

  switch (field.kind) {
    case "text":
    case "scalar":
      if (field.template) {
        return (
          <Field id={id} label={label} help={helpFor(field)} error={error}>
            <Controller
              control={control}
              name={name}
              render={({ field: controlled }) => (
                <TemplateInput
                  id={id}
                  label={field.label}
                  value={typeof controlled.value === "string" ? controlled.value : ""}
                  onChange={controlled.onChange}
                  onBlur={controlled.onBlur}
                  multiline={field.kind === "text" && field.multiline}
                  invalid={Boolean(error)}
                />
              )}
            />
          </Field>
        );
      }
      if (field.kind === "text" && !field.multiline && isResourceKey(name))
        return (
          <ResourceIdInput id={id} name={name} label={label} help={helpFor(field)} error={error} control={control} register={register} />
        );
      return (
        <Field id={id} label={label} help={helpFor(field)} error={error}>
          {field.kind === "text" && field.multiline ? (
            <Textarea id={id} rows={3} invalid={Boolean(error)} {...register(name)} />
          ) : (
            <Input id={id} invalid={Boolean(error)} {...register(name)} />
          )}
        </Field>
      );
    case "number":
      return (
        <Field id={id} label={label} help={helpFor(field)} error={error}>
          <Input
            id={id}
            type="number"
            inputMode="decimal"
            step={field.integer ? 1 : "any"}
            min={field.min}
            max={field.max}
            placeholder={field.defaultValue === undefined ? undefined : String(field.defaultValue)}
            invalid={Boolean(error)}
            {...register(name, {
              setValueAs: (value: unknown) => (value === "" || value === null || value === undefined ? undefined : Number(value)),
            })}
          />
        </Field>
      );
    case "boolean":
      return (
        <div className="space-y-1">
          <label htmlFor={id} className="inline-flex items-center gap-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">
            <input id={id} type="checkbox" className="size-4" {...register(name)} />
            {field.label}
          </label>
          {field.help ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{field.help}</p> : null}
        </div>
      );
    case "enum":
      return (
        <Field id={id} label={label} help={helpFor(field)} error={error}>
          <Select id={id} invalid={Boolean(error)} {...register(name)}>
            {field.optional || field.defaultValue === undefined ? (
              <option value="">{field.defaultValue === undefined ? "— choose —" : `Default (${String(field.defaultValue)})`}</option>
            ) : null}
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </Field>
      );
    case "string-list":
      return (
        <Field id={id} label={label} help={helpFor(field)} error={error}>
          <Input id={id} invalid={Boolean(error)} {...register(name)} />
        </Field>
      );
    case "json":
      return (
        <Field id={id} label={label} help={helpFor(field)} error={error}>
          <Textarea
            id={id}
            rows={field.key === "default_value" ? 1 : 4}
            className="font-mono text-xs"
            invalid={Boolean(error)}
            {...register(name)}
          />
        </Field>
      );
    case "map":
      return <MapControl {...props} id={id} error={error} label={label} />;
    case "list":
      return <ListControl {...props} id={id} error={error} label={label} />;
  }
}

function MapControl({ field, name, control, register, id, error, label }: ControlProps & { id: string; error?: string; label: string }) {
  const { fields, append, remove } = useFieldArray({ control, name: name as never });
  const template = field.kind === "map" && field.template;
  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-help`}>
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{label}</legend>
      {field.help ? (
        <p id={`${id}-help`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {field.help}
        </p>
      ) : null}
      {fields.map((row, index) => (
        <div key={row.id} className="flex items-start gap-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
          <div className="w-28 shrink-0">
            <Input
              id={`${id}-${index}-key`}
              aria-label={`${field.label} ${index + 1} name`}
              placeholder="name"
              className="font-mono text-xs"
              {...register(`${name}.${index}.key`)}
            />
          </div>
          <div className="min-w-0 flex-1">
            {template ? (
              <Controller
                control={control}
                name={`${name}.${index}.value`}
                render={({ field: controlled }) => (
                  <TemplateInput
                    id={`${id}-${index}-value`}
                    label={`${field.label} ${index + 1} value`}
                    labelledByItself
                    value={typeof controlled.value === "string" ? controlled.value : ""}
                    onChange={controlled.onChange}
                    onBlur={controlled.onBlur}
                    multiline={false}
                  />
                )}
              />
            ) : (
              <Input id={`${id}-${index}-value`} aria-label={`${field.label} ${index + 1} value`} {...register(`${name}.${index}.value`)} />
            )}
          </div>
          <button
            type="button"
            onClick={() => remove(index)}
            aria-label={`Remove ${field.label} ${index + 1}`}
            className="mt-1.5 inline-flex size-7 items-center justify-center rounded text-zinc-500 hover:bg-zinc-100 hover:text-red-600 dark:hover:bg-zinc-800"
          >
            <Trash2 size={14} aria-hidden="true" />
          </button>
        </div>
      ))}
      {error ? (
        <p role="alert" className="text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => append({ key: "", value: "" } as never)}
        className="inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:underline dark:text-brand-500"
      >
        <Plus size={12} aria-hidden="true" /> Add {field.key === "output_mapping" ? "output" : "parameter"}
      </button>
    </fieldset>
  );
}

function ListControl(props: ControlProps & { id: string; error?: string; label: string }) {
  const { field, name, control, id, error, label } = props;
  const { fields, append, remove } = useFieldArray({ control, name: name as never });
  if (field.kind !== "list") return null;
  const itemLabel = singular(field.key).replace(/_/g, " ");
  const compact = field.itemFields.length > 3;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{label}</legend>
      {field.help ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{field.help}</p> : null}
      {fields.map((item, index) => (
        <div
          key={item.id}
          className="space-y-3 rounded-md border border-zinc-200 bg-zinc-50/60 p-3 dark:border-zinc-800 dark:bg-zinc-950/40"
          data-testid={`${field.key}-item`}
        >
          <div className="flex items-center justify-between">
            <p className="text-xs font-semibold text-zinc-600 capitalize dark:text-zinc-400">
              {itemLabel} {index + 1}
            </p>
            <button
              type="button"
              onClick={() => remove(index)}
              disabled={field.minItems !== undefined && fields.length <= field.minItems}
              aria-label={`Remove ${itemLabel} ${index + 1}`}
              className="inline-flex size-7 items-center justify-center rounded text-zinc-500 hover:bg-zinc-100 hover:text-red-600 disabled:opacity-40 dark:hover:bg-zinc-800"
            >
              <Trash2 size={14} aria-hidden="true" />
            </button>
          </div>
          <div className={compact ? "grid grid-cols-2 gap-3" : "space-y-3"}>
            {field.itemFields.map((child) => (
              <div
                key={child.key}
                className={
                  compact && (child.kind === "list" || child.kind === "json" || child.key === "description") ? "col-span-2" : undefined
                }
              >
                <FieldControl {...props} field={child} name={`${name}.${index}.${child.key}`} />
              </div>
            ))}
          </div>
        </div>
      ))}
      {error ? (
        <p role="alert" className="text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        id={`${id}-add`}
        onClick={() => {
          const item = emptyListItem(field);
          // a new condition needs an id of its own: it becomes the branch's handle
          if ("id" in item && item.id === "") item.id = `${singular(field.key)}_${fields.length + 1}`;
          append(item as never);
        }}
        className="inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:underline dark:text-brand-500"
      >
        <Plus size={12} aria-hidden="true" /> Add {itemLabel}
      </button>
    </fieldset>
  );
}
