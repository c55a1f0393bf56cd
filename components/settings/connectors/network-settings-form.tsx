"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { saveNetworkSettingsAction } from "@/app/(app)/settings/connectors/actions";
import { type NetworkSettingsValues, networkSettingsSchema } from "@/app/(app)/settings/connectors/schema";
import { Button } from "@/components/ui/button";
import { Field, Textarea } from "@/components/ui/field";

/** Admins: the SSRF allow-list (`net.allowed_hosts`) and loopback switch (`net.allow_loopback`). */
export function NetworkSettingsForm({
  allowedHosts,
  allowLoopback,
  envAllowList,
}: {
  allowedHosts: string[];
  allowLoopback: boolean;
  envAllowList: string;
}) {
  const [pending, startTransition] = useTransition();
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<NetworkSettingsValues>({
    resolver: zodResolver(networkSettingsSchema),
    defaultValues: { allowedHosts: allowedHosts.join("\n"), allowLoopback },
  });
  const onSubmit = handleSubmit((values) =>
    startTransition(async () => {
      const result = await saveNetworkSettingsAction(values);
      if (result.ok) {
        setStatus({ ok: true, message: "Saved." });
        return;
      }
      for (const [name, message] of Object.entries(result.error.fields ?? {})) setError(name as keyof NetworkSettingsValues, { message });
      setStatus({ ok: false, message: result.error.message });
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Network settings">
      <Field
        id="allowedHosts"
        label="Allowed private hosts"
        help={
          <>
            One per line: a host name (<code>erp.corp.local</code>, <code>*.corp.local</code>), an IP or a CIDR (<code>10.20.0.0/16</code>).
            Private, link-local and internal addresses are refused unless listed here; cloud metadata addresses only when listed exactly.
            {envAllowList ? ` The server's SWITCHYARD_ALLOWED_HOSTS adds: ${envAllowList}.` : ""}
          </>
        }
        error={formState.errors.allowedHosts?.message}
      >
        <Textarea
          id="allowedHosts"
          rows={4}
          className="font-mono text-xs"
          invalid={Boolean(formState.errors.allowedHosts)}
          {...register("allowedHosts")}
        />
      </Field>
      <label className="inline-flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...register("allowLoopback")} /> Allow loopback addresses (127.0.0.1, ::1) — for local
        development and tests
      </label>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? "Saving…" : "Save network settings"}
        </Button>
        {status ? (
          <span role="status" className={status.ok ? "text-sm text-green-700 dark:text-green-400" : "text-sm text-red-600"}>
            {status.message}
          </span>
        ) : null}
      </div>
    </form>
  );
}
