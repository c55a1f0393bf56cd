"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Check, Copy } from "lucide-react";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { createApiKeyAction } from "@/app/(app)/settings/api-keys/actions";
import { type CreateApiKeyInput, createApiKeySchema } from "@/app/(app)/settings/api-keys/schema";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";

/** Names and creates a key, then shows the secret once with a copy button. */
export function CreateApiKeyForm() {
  const [pending, start] = useTransition();
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<CreateApiKeyInput>({
    resolver: zodResolver(createApiKeySchema),
    defaultValues: { name: "" },
  });

  const onSubmit = handleSubmit((values) =>
    start(async () => {
      setFailure(null);
      setCopied(false);
      const result = await createApiKeyAction(values);
      if (result.ok) {
        setCreated({ key: result.data.key, name: result.data.view.name });
        reset({ name: "" });
        return;
      }
      for (const [name, message] of Object.entries(result.error.fields ?? {})) setError(name as keyof CreateApiKeyInput, { message });
      if (!result.error.fields) setFailure(result.error.message);
    }),
  );

  const copy = async () => {
    if (!created) return;
    await navigator.clipboard.writeText(created.key);
    setCopied(true);
  };

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} noValidate aria-label="Create API key" className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <Field
            id="api-key-name"
            label="Key name"
            help="Name it after what will use it, so you know what to revoke."
            error={formState.errors.name?.message}
          >
            <Input id="api-key-name" placeholder="billing-service" invalid={Boolean(formState.errors.name)} {...register("name")} />
          </Field>
        </div>
        <div className={formState.errors.name ? "pb-6" : "pb-5"}>
          <Button type="submit" disabled={pending}>
            {pending ? "Creating…" : "Create key"}
          </Button>
        </div>
      </form>
      {failure ? (
        <p role="alert" className="text-sm text-red-600">
          {failure}
        </p>
      ) : null}
      {created ? (
        <div
          role="status"
          data-testid="new-api-key"
          className="rounded-md border border-green-300 bg-green-50 p-4 dark:border-green-900 dark:bg-green-950"
        >
          <p className="text-sm font-medium text-green-900 dark:text-green-200">
            Key “{created.name}” created. Copy it now: it is not shown again.
          </p>
          <div className="mt-2 flex items-center gap-2">
            <code
              data-testid="new-api-key-value"
              className="flex-1 select-all break-all rounded bg-white px-3 py-2 font-mono text-sm dark:bg-zinc-900"
            >
              {created.key}
            </code>
            <Button variant="secondary" size="sm" onClick={copy} aria-label="Copy the key">
              {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
              {copied ? "Copied" : "Copy"}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
