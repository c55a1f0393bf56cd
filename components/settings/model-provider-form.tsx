"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, XCircle } from "lucide-react";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { saveModelProviderAction, testModelProviderAction } from "@/app/(app)/settings/models/actions";
import { modelProviderSchema, type ModelProviderInput } from "@/app/(app)/settings/models/schema";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { TestConnectionResult } from "@/lib/llm/test-connection";
import type { ModelProviderView } from "@/lib/db/queries/model-providers";

export function ModelProviderForm({ provider, canEdit }: { provider: ModelProviderView | null; canEdit: boolean }) {
  const [saving, startSave] = useTransition();
  const [testing, startTest] = useTransition();
  const [saveState, setSaveState] = useState<{ ok: boolean; message: string } | null>(null);
  const [testResult, setTestResult] = useState<TestConnectionResult | null>(null);
  const { register, handleSubmit, setError, getValues, trigger, watch, formState } = useForm<ModelProviderInput>({
    resolver: zodResolver(modelProviderSchema),
    defaultValues: {
      name: provider?.name ?? "Default",
      baseUrl: provider?.baseUrl ?? "",
      apiKey: "",
      clearApiKey: false,
      smartModel: provider?.smartModel ?? "",
      fastModel: provider?.fastModel ?? "",
    },
  });
  const errors = formState.errors;
  const clearApiKey = watch("clearApiKey");

  const onSave = handleSubmit((values) =>
    startSave(async () => {
      setSaveState(null);
      const result = await saveModelProviderAction(values);
      if (result.ok) {
        setSaveState({ ok: true, message: "Saved." });
        return;
      }
      for (const [name, message] of Object.entries(result.error.fields ?? {})) setError(name as keyof ModelProviderInput, { message });
      setSaveState({ ok: false, message: result.error.message });
    }),
  );

  const onTest = () =>
    startTest(async () => {
      setTestResult(null);
      if (!(await trigger())) return;
      setTestResult(await testModelProviderAction(getValues()));
    });

  return (
    <form onSubmit={onSave} noValidate className="space-y-5" aria-label="Model provider">
      <fieldset disabled={!canEdit} className="grid gap-5 sm:grid-cols-2">
        <Field id="name" label="Name" error={errors.name?.message}>
          <Input id="name" invalid={Boolean(errors.name)} {...register("name")} />
        </Field>
        <Field
          id="baseUrl"
          label="Base URL"
          help="Any OpenAI-compatible endpoint: OpenAI, Azure, Ollama, vLLM, LM Studio."
          error={errors.baseUrl?.message}
        >
          <Input id="baseUrl" placeholder="https://api.openai.com/v1" invalid={Boolean(errors.baseUrl)} {...register("baseUrl")} />
        </Field>
        <Field
          id="apiKey"
          label="API key"
          help={
            provider?.hasApiKey
              ? `Stored: ${provider.apiKeyMasked}. Leave blank to keep it.`
              : "Stored encrypted. Leave blank for endpoints without keys."
          }
          error={errors.apiKey?.message}
        >
          <Input
            id="apiKey"
            type="password"
            autoComplete="off"
            disabled={clearApiKey}
            invalid={Boolean(errors.apiKey)}
            {...register("apiKey")}
          />
        </Field>
        <div className="flex items-end pb-2">
          {provider?.hasApiKey ? (
            <label className="inline-flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4" {...register("clearApiKey")} /> Remove the stored key
            </label>
          ) : null}
        </div>
        <Field id="smartModel" label="Smart model" help="Used by default: agents, LLM nodes." error={errors.smartModel?.message}>
          <Input id="smartModel" placeholder="gpt-4o" invalid={Boolean(errors.smartModel)} {...register("smartModel")} />
        </Field>
        <Field id="fastModel" label="Fast model" help="Used for quick work: tool selection, summaries." error={errors.fastModel?.message}>
          <Input id="fastModel" placeholder="gpt-4o-mini" invalid={Boolean(errors.fastModel)} {...register("fastModel")} />
        </Field>
      </fieldset>
      {canEdit ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving…" : "Save"}
          </Button>
          <Button type="button" variant="secondary" onClick={onTest} disabled={testing}>
            {testing ? "Testing…" : "Test connection"}
          </Button>
          {saveState ? (
            <span role="status" className={saveState.ok ? "text-sm text-green-700 dark:text-green-400" : "text-sm text-red-600"}>
              {saveState.message}
            </span>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-zinc-500">Only administrators can change the model provider.</p>
      )}
      {testResult ? (
        <div
          role="status"
          data-testid="test-connection-result"
          className={
            testResult.ok
              ? "flex items-start gap-2 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900 dark:border-green-900 dark:bg-green-950 dark:text-green-200"
              : "flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          }
        >
          {testResult.ok ? <CheckCircle2 size={16} className="mt-0.5 shrink-0" /> : <XCircle size={16} className="mt-0.5 shrink-0" />}
          <div>
            {testResult.ok ? (
              <>
                <p className="font-medium">
                  Connected to {testResult.model} in {testResult.elapsed_ms} ms.
                </p>
                <p>Answer: “{testResult.answer}”</p>
              </>
            ) : (
              <>
                <p className="font-medium">Connection failed ({testResult.code}).</p>
                <p className="break-all">{testResult.error}</p>
              </>
            )}
          </div>
        </div>
      ) : null}
    </form>
  );
}
