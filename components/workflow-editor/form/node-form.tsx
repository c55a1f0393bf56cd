"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { ChevronRight } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import type { NodeType } from "@/lib/workflow/nodes/node-definition";
import { getNodeDefinition } from "@/lib/workflow/nodes/registry";
import { readableZodError } from "@/lib/workflow/zod-messages";
import { FieldControl } from "./field-controls";
import { configFieldsFor, dataFromFormValues, type FieldSpec, type FormValues, formValuesFromData } from "./schema-fields";

/**
 * Friendlier texts for zod's generic messages, as sentences: the form's own for a missing value, else the
 * plain words the problems list uses (readableZodError: "Must be at most 2."); the schemas' own messages
 * are kept.
 */
export function friendlyMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === "too_small" && issue.origin === "string" && issue.minimum === 1) return "Required.";
  if (issue.code === "too_small" && issue.origin === "array") return `Add at least ${String(issue.minimum)}.`;
  if (issue.code === "invalid_type" && issue.input === undefined) return "Required.";
  const readable = readableZodError(issue);
  return readable === undefined ? undefined : `${readable[0].toUpperCase()}${readable.slice(1)}.`;
}

/** A map or JSON field's errors nest under keys the form does not have; show them on the field. */
function collapseNested(errors: FieldErrors<FormValues>, fields: FieldSpec[]): FieldErrors<FormValues> {
  const result: Record<string, unknown> = { ...errors };
  for (const field of fields) {
    const error = result[field.key] as Record<string, unknown> | undefined;
    if (!error || typeof error.message === "string" || !["map", "json", "string-list"].includes(field.kind)) continue;
    const first = Object.values(error).find((value) => typeof (value as { message?: unknown })?.message === "string") as
      | { message: string }
      | undefined;
    result[field.key] = { type: "invalid", message: first?.message ?? "Not valid." };
  }
  return result as FieldErrors<FormValues>;
}

/**
 * Node types whose form leaves out "Error handling and retries": START and END do no work that can fail
 * or be retried. Their schemas still accept the common fields (spec §2), and values already in a node's
 * data are kept as they are.
 */
const WITHOUT_ERROR_HANDLING: ReadonlySet<NodeType> = new Set(["START", "END"]);

/**
 * The resolver of a node's form: the form's values become the node's `data` (dataFromFormValues), which
 * the node type's own config schema checks (zodResolver) — the same schema the runtime parses with.
 */
function nodeResolver(fields: FieldSpec[], schema: z.ZodType): Resolver<FormValues> {
  const check = zodResolver(schema as never, { error: friendlyMessage } as never) as unknown as Resolver<Record<string, unknown>>;
  return async (values, context, options) => {
    const { data } = dataFromFormValues(fields, values);
    const result = await check(data, context, { ...options, fields: {}, names: undefined } as never);
    const errors = collapseNested(result.errors as FieldErrors<FormValues>, fields);
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

/**
 * The side panel form of one node, generated from its type's zod config schema (fields, help from
 * `.describe()`, checks). Every change goes straight into the node's `data` (`onChange`), so validation,
 * the canvas summary and autosave follow as you type. Remount it (key) when the data changes from
 * elsewhere (undo, paste).
 */
export function NodeForm({
  nodeId,
  type,
  data,
  onChange,
}: {
  nodeId: string;
  type: NodeType;
  data: Record<string, unknown>;
  onChange: (data: Record<string, unknown>) => void;
}) {
  const fields = configFieldsFor(type);
  const resolver = useMemo(() => nodeResolver(fields, getNodeDefinition(type).configSchema), [fields, type]);
  const [defaultValues] = useState(() => formValuesFromData(fields, data));
  const { control, register, formState, watch, trigger } = useForm<FormValues>({ defaultValues, resolver, mode: "all" });
  const [jsonProblems, setJsonProblems] = useState<Record<string, string>>({});
  const latest = useRef({ data, onChange });
  latest.current = { data, onChange };

  useEffect(() => {
    void trigger();
  }, [trigger]);

  useEffect(() => {
    const subscription = watch((values) => {
      const { data: next, problems } = dataFromFormValues(fields, values as FormValues, latest.current.data);
      setJsonProblems(problems);
      latest.current.onChange(next);
    });
    return () => subscription.unsubscribe();
  }, [watch, fields]);

  const main = fields.filter((field) => !field.common);
  const common = fields.filter((field) => field.common);
  const idPrefix = `node-${nodeId}`;
  const shared = { control, register, errors: formState.errors, jsonProblems, idPrefix };

  return (
    <form className="space-y-4" noValidate onSubmit={(event) => event.preventDefault()} aria-label={`${nodeId} settings`}>
      {main.map((field) => (
        <FieldControl key={field.key} field={field} name={field.key} {...shared} />
      ))}
      {common.length > 0 && !WITHOUT_ERROR_HANDLING.has(type) ? (
        <details className="group rounded-md border border-zinc-200 dark:border-zinc-800">
          <summary className="flex cursor-pointer list-none items-center gap-1 px-3 py-2 text-sm font-medium text-zinc-700 select-none dark:text-zinc-300">
            <ChevronRight size={14} className="transition-transform group-open:rotate-90" aria-hidden="true" />
            Error handling and retries
          </summary>
          <div className="space-y-4 border-t border-zinc-200 px-3 py-3 dark:border-zinc-800">
            {common.map((field) => (
              <FieldControl key={field.key} field={field} name={field.key} {...shared} />
            ))}
          </div>
        </details>
      ) : null}
    </form>
  );
}
