"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { type UseFormRegister, useFieldArray, useForm, type Control } from "react-hook-form";
import { saveMcpServer, testMcpServerAction } from "@/app/(app)/settings/mcp-servers/actions";
import { type McpServerFormValues, mcpServerProblem, mcpServerSchema } from "@/app/(app)/settings/mcp-servers/schema";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea, inputClass } from "@/components/ui/field";
import type { McpTestResult } from "@/lib/capabilities/mcp";
import type { McpServerView } from "@/lib/db/queries/mcp-servers";
import { McpTestOutcome } from "./tool-list";

function defaults(server: McpServerView | null): McpServerFormValues {
  return {
    key: server?.key ?? "",
    name: server?.name ?? "",
    transport: server?.transport ?? "streamable_http",
    url: server?.url ?? "",
    command: server?.command ?? "",
    args: server?.args.join("\n") ?? "",
    headers: server?.headers.map((header) => ({ name: header.name, value: "" })) ?? [],
    env: server?.env.map((variable) => ({ name: variable.name, value: "" })) ?? [],
    timeoutMs: server?.timeoutMs ?? 30_000,
    scope: server?.scope ?? "personal",
    enabled: server?.enabled ?? true,
  };
}

/** Name/value rows for headers or env variables; stored values show masked and stay when left blank. */
function SecretRows({
  name,
  label,
  control,
  register,
  stored,
}: {
  name: "headers" | "env";
  label: string;
  control: Control<McpServerFormValues>;
  register: UseFormRegister<McpServerFormValues>;
  stored: { name: string; masked: string }[];
}) {
  const { fields, append, remove } = useFieldArray({ control, name });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{label}</legend>
      {fields.map((field, index) => {
        const masked = stored.find((entry) => entry.name === field.name)?.masked;
        return (
          <div key={field.id} className="flex gap-2">
            <input
              aria-label={`${label} ${index + 1} name`}
              placeholder="Name"
              className={`${inputClass} font-mono`}
              {...register(`${name}.${index}.name`)}
            />
            <input
              aria-label={`${label} ${index + 1} value`}
              type="password"
              autoComplete="new-password"
              placeholder={masked ? `${masked} (keep)` : "Value"}
              className={inputClass}
              {...register(`${name}.${index}.value`)}
            />
            <Button variant="ghost" size="sm" onClick={() => remove(index)} aria-label={`Remove ${label} ${index + 1}`}>
              ✕
            </Button>
          </div>
        );
      })}
      <Button variant="ghost" size="sm" onClick={() => append({ name: "", value: "" })}>
        + Add
      </Button>
      <p className="text-xs text-zinc-500">Values are stored encrypted and never shown again.</p>
    </fieldset>
  );
}

/** Adds or edits an MCP server, with "test connection" on the form's values. */
export function McpServerForm({
  server,
  isAdmin,
  allowStdio,
  onDone,
}: {
  server: McpServerView | null;
  isAdmin: boolean;
  allowStdio: boolean;
  onDone?: () => void;
}) {
  const router = useRouter();
  const [saving, startSave] = useTransition();
  const [testing, startTest] = useTransition();
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const [test, setTest] = useState<McpTestResult | null>(null);
  const { register, control, handleSubmit, setError, watch, getValues, trigger, reset, formState } = useForm<McpServerFormValues>({
    resolver: zodResolver(mcpServerSchema),
    defaultValues: defaults(server),
  });
  const errors = formState.errors;
  const transport = watch("transport");
  const prefix = server ? `mcp-${server.key}` : "mcp-new";

  const onSubmit = handleSubmit((values) =>
    startSave(async () => {
      setStatus(null);
      const result = await saveMcpServer(server?.id ?? null, values);
      if (!result.ok) {
        for (const [name, message] of Object.entries(result.error.fields ?? {})) setError(name as keyof McpServerFormValues, { message });
        setStatus({ ok: false, message: result.error.message });
        return;
      }
      setStatus({ ok: true, message: "Saved." });
      if (!server) {
        reset(defaults(null));
        setTest(null);
      }
      router.refresh();
      onDone?.();
    }),
  );

  // Invalid values are not sent: each field shows its error, and the outcome line beside the button names the
  // first one (so a problem is never silent). The server checks again and its field errors are shown the same way.
  const onTest = () =>
    startTest(async () => {
      setTest(null);
      if (!(await trigger())) {
        const parsed = mcpServerSchema.safeParse(getValues());
        const error = parsed.success ? "Some fields need attention." : mcpServerProblem(parsed.error).message;
        setTest({ ok: false, code: "invalid_input", error, elapsed_ms: 0 });
        return;
      }
      const result = await testMcpServerAction(server?.id ?? null, getValues());
      if (!result.ok)
        for (const [name, message] of Object.entries(result.fields ?? {})) setError(name as keyof McpServerFormValues, { message });
      setTest(result);
    });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={server ? `Edit ${server.name}` : "New MCP server"}>
      <fieldset disabled={saving} className="grid gap-5 sm:grid-cols-2">
        <Field id={`${prefix}-name`} label="Name" error={errors.name?.message}>
          <Input id={`${prefix}-name`} placeholder="Everything" invalid={Boolean(errors.name)} {...register("name")} />
        </Field>
        <Field id={`${prefix}-key`} label="Key" help="Used in workflow documents and tool names." error={errors.key?.message}>
          <Input id={`${prefix}-key`} placeholder="everything" invalid={Boolean(errors.key)} {...register("key")} />
        </Field>
        <Field id={`${prefix}-transport`} label="Transport" error={errors.transport?.message}>
          <Select id={`${prefix}-transport`} {...register("transport")}>
            <option value="streamable_http">Streamable HTTP (remote URL)</option>
            <option value="stdio" disabled={!allowStdio}>
              stdio (local command){allowStdio ? "" : " — disabled by the administrator"}
            </option>
          </Select>
        </Field>
        <Field id={`${prefix}-scope`} label="Available to" error={errors.scope?.message}>
          <Select id={`${prefix}-scope`} {...register("scope")}>
            <option value="personal">Only me (personal)</option>
            {isAdmin ? <option value="global">Everyone (global)</option> : null}
          </Select>
        </Field>
        {transport === "streamable_http" ? (
          <>
            <div className="sm:col-span-2">
              <Field id={`${prefix}-url`} label="URL" error={errors.url?.message}>
                <Input id={`${prefix}-url`} placeholder="https://mcp.example.com/mcp" invalid={Boolean(errors.url)} {...register("url")} />
              </Field>
            </div>
            <div className="sm:col-span-2">
              <SecretRows name="headers" label="Headers" control={control} register={register} stored={server?.headers ?? []} />
            </div>
          </>
        ) : (
          <>
            <Field id={`${prefix}-command`} label="Command" error={errors.command?.message}>
              <Input
                id={`${prefix}-command`}
                placeholder="npx"
                className="font-mono"
                invalid={Boolean(errors.command)}
                {...register("command")}
              />
            </Field>
            <Field id={`${prefix}-args`} label="Arguments" help="One per line." error={errors.args?.message}>
              <Textarea id={`${prefix}-args`} rows={3} className="font-mono text-xs" {...register("args")} />
            </Field>
            <div className="sm:col-span-2">
              <SecretRows name="env" label="Environment" control={control} register={register} stored={server?.env ?? []} />
            </div>
          </>
        )}
        <Field
          id={`${prefix}-timeout`}
          label="Per-call timeout (ms)"
          help="Also bounds “test connection”."
          error={errors.timeoutMs?.message}
        >
          <Input
            id={`${prefix}-timeout`}
            type="number"
            invalid={Boolean(errors.timeoutMs)}
            {...register("timeoutMs", { valueAsNumber: true })}
          />
        </Field>
        <div className="flex items-end pb-2">
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" {...register("enabled")} /> Enabled
          </label>
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving…" : server ? "Save server" : "Add server"}
        </Button>
        <Button variant="secondary" onClick={onTest} disabled={testing}>
          {testing ? "Testing…" : "Test connection"}
        </Button>
        {onDone ? (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
        {status ? (
          <span role="status" className={status.ok ? "text-sm text-green-700 dark:text-green-400" : "text-sm text-red-600"}>
            {status.message}
          </span>
        ) : null}
      </div>
      {test ? <McpTestOutcome result={test} /> : null}
    </form>
  );
}
