"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, Input, Textarea } from "@/components/ui/field";
import { Dialog } from "@/components/workflows/dialog";
import { type RunInputField, runInputSchema } from "./run-inputs";

type Values = Record<string, string | boolean>;

/** How each START variable type is described under its field. */
const INPUT_KINDS: Record<string, string> = {
  string: "text",
  number: "a number",
  boolean: "true or false",
  object: "a JSON object",
  array: "a JSON list",
};

/**
 * "Run": a form generated from START's variables (their types, required flags, defaults and
 * descriptions); the draft runs with the typed values. Problems that kept a run from starting
 * (`invalid_input`, an invalid graph) are shown here.
 */
export function RunDialog({
  open,
  fields,
  busy,
  problems,
  onRun,
  onClose,
}: {
  open: boolean;
  fields: RunInputField[];
  busy: boolean;
  problems: string[];
  onRun: (inputs: Record<string, unknown>) => void;
  onClose: () => void;
}) {
  const schema = useMemo(() => runInputSchema(fields), [fields]);
  const defaultValues = useMemo(() => Object.fromEntries(fields.map((field) => [field.name, field.initial])), [fields]);
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(schema as never) as unknown as Resolver<Values>,
    defaultValues,
    values: defaultValues,
  });
  const submit = handleSubmit((values) => onRun(values as Record<string, unknown>));
  return (
    <Dialog
      open={open}
      title="Run the draft"
      description="The run uses the saved draft; its progress shows on the canvas."
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={busy}>
            {busy ? "Starting…" : "Start run"}
          </Button>
        </>
      }
    >
      <form className="space-y-4" noValidate onSubmit={(event) => void submit(event)} aria-label="Run inputs">
        {fields.length === 0 ? <p className="text-sm text-zinc-600 dark:text-zinc-400">This workflow takes no inputs.</p> : null}
        {fields.map((field) => {
          const id = `run-input-${field.name}`;
          const error = formState.errors[field.name]?.message;
          const label = `${field.name}${field.required ? " *" : ""}`;
          const kind = INPUT_KINDS[field.type] ?? field.type;
          const help = field.description ? `${field.description} (${kind})` : kind;
          if (field.type === "boolean") {
            return (
              <label key={field.name} htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
                <input id={id} type="checkbox" className="size-4" {...register(field.name)} /> {field.name}
                {field.description ? <span className="text-xs font-normal text-zinc-500">{field.description}</span> : null}
              </label>
            );
          }
          return (
            <Field key={field.name} id={id} label={label} help={help} error={typeof error === "string" ? error : undefined}>
              {field.type === "object" || field.type === "array" ? (
                <Textarea id={id} rows={3} className="font-mono text-xs" invalid={Boolean(error)} {...register(field.name)} />
              ) : (
                <Input
                  id={id}
                  inputMode={field.type === "number" ? "decimal" : undefined}
                  invalid={Boolean(error)}
                  {...register(field.name)}
                />
              )}
            </Field>
          );
        })}
        {problems.length > 0 ? (
          <ul
            role="alert"
            className="list-disc space-y-0.5 rounded-md border border-red-200 bg-red-50 py-2 pr-3 pl-7 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          >
            {problems.map((problem, index) => (
              <li key={index}>{problem}</li>
            ))}
          </ul>
        ) : null}
      </form>
    </Dialog>
  );
}
