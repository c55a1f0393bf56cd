"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { saveConnectorAction } from "@/app/(app)/settings/connectors/actions";
import { type ActionFormValues, actionSchema } from "@/app/(app)/settings/connectors/schema";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import type { ConnectorActionView } from "@/lib/db/queries/connectors";

const pretty = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value, null, 2));

function defaults(action: ConnectorActionView | null): ActionFormValues {
  return {
    key: action?.key ?? "",
    name: action?.name ?? "",
    description: action?.description ?? "",
    method: action?.method ?? "GET",
    path: action?.path ?? "/",
    query: action && Object.keys(action.query).length ? pretty(action.query) : "",
    headers: action && Object.keys(action.headers).length ? pretty(action.headers) : "",
    body: pretty(action?.body ?? null),
    parameters: pretty(action?.parameters ?? { type: "object", properties: {}, required: [] }),
    access: action?.access ?? "read",
    timeoutMs: action?.timeoutMs ?? 10_000,
    maxResponseBytes: action?.maxResponseBytes ?? 1_048_576,
  };
}

/** Adds or edits one action: method, path and templates over {{params.NAME}}, parameter schema, limits. */
export function ActionEditor({
  connectorId,
  action,
  onDone,
}: {
  connectorId: string;
  action: ConnectorActionView | null;
  onDone: () => void;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<ActionFormValues>({
    resolver: zodResolver(actionSchema),
    defaultValues: defaults(action),
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit((values) =>
    startTransition(async () => {
      setFailure(null);
      const result = await saveConnectorAction(connectorId, action?.id ?? null, values);
      if (!result.ok) {
        for (const [name, message] of Object.entries(result.error.fields ?? {})) setError(name as keyof ActionFormValues, { message });
        setFailure(result.error.message);
        return;
      }
      router.refresh();
      onDone();
    }),
  );

  const json = "font-mono text-xs";
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={action ? `Edit action ${action.key}` : "New action"}>
      <h3 className="text-sm font-semibold">{action ? `Edit ${action.key}` : "New action"}</h3>
      <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-4">
        <Field id="action-name" label="Name" error={errors.name?.message}>
          <Input id="action-name" placeholder="Get order" invalid={Boolean(errors.name)} {...register("name")} />
        </Field>
        <Field id="action-key" label="Key" error={errors.key?.message}>
          <Input id="action-key" placeholder="get_order" invalid={Boolean(errors.key)} {...register("key")} />
        </Field>
        <Field id="action-method" label="Method">
          <Select id="action-method" {...register("method")}>
            {["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"].map((method) => (
              <option key={method}>{method}</option>
            ))}
          </Select>
        </Field>
        <Field id="action-access" label="Access" help="The level the caller must hold." error={errors.access?.message}>
          <Select id="action-access" {...register("access")}>
            <option value="read">read</option>
            <option value="write">write</option>
            <option value="admin">admin</option>
          </Select>
        </Field>
        <div className="sm:col-span-4">
          <Field
            id="action-path"
            label="Path template"
            help="Appended to the base URL, e.g. /orders/{{params.order_id}}"
            error={errors.path?.message}
          >
            <Input id="action-path" className="font-mono" invalid={Boolean(errors.path)} {...register("path")} />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field id="action-query" label="Query template (JSON)" help='e.g. {"status": "{{params.status}}"}' error={errors.query?.message}>
            <Textarea id="action-query" rows={3} className={json} invalid={Boolean(errors.query)} {...register("query")} />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field id="action-headers" label="Headers template (JSON)" error={errors.headers?.message}>
            <Textarea id="action-headers" rows={3} className={json} invalid={Boolean(errors.headers)} {...register("headers")} />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field
            id="action-body"
            label="Body template (JSON)"
            help="An object (sent as JSON), a string, or blank for none."
            error={errors.body?.message}
          >
            <Textarea id="action-body" rows={6} className={json} invalid={Boolean(errors.body)} {...register("body")} />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field id="action-parameters" label="Parameters (JSON Schema)" error={errors.parameters?.message}>
            <Textarea id="action-parameters" rows={6} className={json} invalid={Boolean(errors.parameters)} {...register("parameters")} />
          </Field>
        </div>
        <Field id="action-timeout" label="Timeout (ms)" error={errors.timeoutMs?.message}>
          <Input
            id="action-timeout"
            type="number"
            invalid={Boolean(errors.timeoutMs)}
            {...register("timeoutMs", { valueAsNumber: true })}
          />
        </Field>
        <Field
          id="action-max-bytes"
          label="Response cap (bytes)"
          help="Longer bodies are cut and marked."
          error={errors.maxResponseBytes?.message}
        >
          <Input
            id="action-max-bytes"
            type="number"
            invalid={Boolean(errors.maxResponseBytes)}
            {...register("maxResponseBytes", { valueAsNumber: true })}
          />
        </Field>
        <div className="sm:col-span-2">
          <Field id="action-description" label="Description">
            <Input id="action-description" {...register("description")} />
          </Field>
        </div>
      </fieldset>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save action"}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        {failure ? (
          <span role="alert" className="text-sm text-red-600">
            {failure}
          </span>
        ) : null}
      </div>
    </form>
  );
}
