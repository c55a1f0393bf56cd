"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { createConnector, deleteConnector, updateConnector } from "@/app/(app)/settings/connectors/actions";
import { type ConnectorFormValues, connectorSchema } from "@/app/(app)/settings/connectors/schema";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import type { ConnectorView } from "@/lib/db/queries/connectors";

const SECRET_LABELS: Record<ConnectorFormValues["authKind"], string> = {
  none: "Secret",
  bearer: "Bearer token",
  api_key_header: "API key",
  api_key_query: "API key",
  basic: "Password",
};

function defaults(connector: ConnectorView | null): ConnectorFormValues {
  return {
    key: connector?.key ?? "",
    name: connector?.name ?? "",
    description: connector?.description ?? "",
    kind: connector?.kind ?? "http",
    baseUrl: connector?.baseUrl ?? "",
    authKind: connector?.authKind ?? "none",
    headerName: connector?.authConfig.header_name ?? "X-API-Key",
    queryName: connector?.authConfig.query_name ?? "api_key",
    username: connector?.authConfig.username ?? "",
    secret: "",
    clearSecret: false,
    maxRows: connector?.authConfig.max_rows ?? 100,
    visibility: connector?.visibility ?? "shared",
  };
}

/** Creates a connector (then opens it) or edits one. Secrets are write-only: blank keeps the stored one. */
export function ConnectorForm({ connector, canEdit, isAdmin }: { connector: ConnectorView | null; canEdit: boolean; isAdmin: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const { register, handleSubmit, setError, watch, setValue, formState } = useForm<ConnectorFormValues>({
    resolver: zodResolver(connectorSchema),
    defaultValues: defaults(connector),
  });
  const errors = formState.errors;
  const kind = watch("kind");
  const authKind = watch("authKind");
  const clearSecret = watch("clearSecret");

  const onSubmit = handleSubmit((values) =>
    startTransition(async () => {
      setStatus(null);
      const result = connector ? await updateConnector(connector.id, values) : await createConnector(values);
      if (!result.ok) {
        for (const [name, message] of Object.entries(result.error.fields ?? {})) setError(name as keyof ConnectorFormValues, { message });
        setStatus({ ok: false, message: result.error.message });
        return;
      }
      if (!connector) {
        router.push(`/settings/connectors/${result.data.id}`);
        return;
      }
      setValue("secret", "");
      setValue("clearSecret", false);
      setStatus({ ok: true, message: "Saved." });
      router.refresh();
    }),
  );

  const onDelete = () => {
    if (!connector || !window.confirm(`Delete the connector "${connector.name}" and its actions?`)) return;
    startTransition(async () => {
      const result = await deleteConnector(connector.id);
      if (result.ok) router.push("/settings/connectors");
      else setStatus({ ok: false, message: result.error.message });
    });
  };

  const stored = connector?.hasSecret
    ? `Stored: ${connector.secretMasked}. Leave blank to keep it.`
    : "Stored encrypted; never shown again.";
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={connector ? "Edit connector" : "New connector"}>
      <fieldset disabled={!canEdit || pending} className="grid gap-5 sm:grid-cols-2">
        <Field id="name" label="Name" error={errors.name?.message}>
          <Input id="name" placeholder="Orders API" invalid={Boolean(errors.name)} {...register("name")} />
        </Field>
        <Field id="key" label="Key" help="Used in workflow documents and tool names." error={errors.key?.message}>
          <Input id="key" placeholder="orders" invalid={Boolean(errors.key)} {...register("key")} />
        </Field>
        <Field id="kind" label="Kind" error={errors.kind?.message}>
          <Select id="kind" disabled={Boolean(connector)} {...register("kind")}>
            <option value="http">HTTP API</option>
            {isAdmin || connector?.kind === "database" ? (
              <option value="database">Database (PostgreSQL or SQLite, read-only)</option>
            ) : null}
          </Select>
        </Field>
        <Field id="visibility" label="Visibility" error={errors.visibility?.message}>
          <Select id="visibility" {...register("visibility")}>
            <option value="shared">Shared with the workspace</option>
            <option value="private">Only me</option>
          </Select>
        </Field>
        {kind === "http" ? (
          <>
            <div className="sm:col-span-2">
              <Field id="baseUrl" label="Base URL" help="Action paths are appended to it." error={errors.baseUrl?.message}>
                <Input id="baseUrl" placeholder="https://api.example.com/v1" invalid={Boolean(errors.baseUrl)} {...register("baseUrl")} />
              </Field>
            </div>
            <Field id="authKind" label="Authentication" error={errors.authKind?.message}>
              <Select id="authKind" {...register("authKind")}>
                <option value="none">None</option>
                <option value="bearer">Bearer token</option>
                <option value="api_key_header">API key in a header</option>
                <option value="api_key_query">API key in the query</option>
                <option value="basic">Basic (user name and password)</option>
              </Select>
            </Field>
            {authKind === "api_key_header" ? (
              <Field id="headerName" label="Header name" error={errors.headerName?.message}>
                <Input id="headerName" invalid={Boolean(errors.headerName)} {...register("headerName")} />
              </Field>
            ) : authKind === "api_key_query" ? (
              <Field id="queryName" label="Query parameter" error={errors.queryName?.message}>
                <Input id="queryName" invalid={Boolean(errors.queryName)} {...register("queryName")} />
              </Field>
            ) : authKind === "basic" ? (
              <Field id="username" label="User name" error={errors.username?.message}>
                <Input id="username" autoComplete="off" invalid={Boolean(errors.username)} {...register("username")} />
              </Field>
            ) : (
              <div />
            )}
            {authKind !== "none" ? (
              <Field id="secret" label={SECRET_LABELS[authKind]} help={stored} error={errors.secret?.message}>
                <Input
                  id="secret"
                  type="password"
                  autoComplete="new-password"
                  disabled={clearSecret}
                  invalid={Boolean(errors.secret)}
                  {...register("secret")}
                />
              </Field>
            ) : null}
          </>
        ) : (
          <>
            <div className="sm:col-span-2">
              <Field
                id="secret"
                label="Connection URL"
                help={
                  connector?.hasSecret
                    ? `Stored encrypted (${connector.authConfig.dialect ?? "database"}, ${connector.secretMasked}). Leave blank to keep it.`
                    : "postgresql://reader:password@db.internal:5432/shop or file:/srv/data/shop.db — use a read-only role; the connection is read-only too."
                }
                error={errors.secret?.message}
              >
                <Input id="secret" type="password" autoComplete="new-password" invalid={Boolean(errors.secret)} {...register("secret")} />
              </Field>
            </div>
            <Field id="maxRows" label="Row cap" help="Most rows one query returns (1–1000)." error={errors.maxRows?.message}>
              <Input
                id="maxRows"
                type="number"
                min={1}
                max={1000}
                invalid={Boolean(errors.maxRows)}
                {...register("maxRows", { valueAsNumber: true })}
              />
            </Field>
          </>
        )}
        {connector?.hasSecret && kind === "http" && authKind !== "none" ? (
          <div className="flex items-end pb-2">
            <label className="inline-flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4" {...register("clearSecret")} /> Remove the stored secret
            </label>
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <Field id="description" label="Description" help="Shown to agents choosing a tool." error={errors.description?.message}>
            <Textarea id="description" rows={2} {...register("description")} />
          </Field>
        </div>
      </fieldset>
      {canEdit ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={pending}>
            {pending ? "Saving…" : connector ? "Save connector" : "Create connector"}
          </Button>
          {connector ? (
            <Button variant="danger" onClick={onDelete} disabled={pending}>
              Delete
            </Button>
          ) : null}
          {status ? (
            <span role="status" className={status.ok ? "text-sm text-green-700 dark:text-green-400" : "text-sm text-red-600"}>
              {status.message}
            </span>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-zinc-500">Only the connector's owner or an administrator can change it.</p>
      )}
    </form>
  );
}
