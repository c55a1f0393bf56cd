"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { createKnowledgeBase } from "@/app/(app)/settings/knowledge/actions";
import { type KnowledgeBaseFormValues, knowledgeBaseSchema } from "@/app/(app)/settings/knowledge/schema";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^[^a-z]+|_+$/g, "")
    .slice(0, 64);

/** Creates a knowledge base, then opens it for uploads. */
export function KnowledgeBaseForm() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, setValue, getFieldState, formState } = useForm<KnowledgeBaseFormValues>({
    resolver: zodResolver(knowledgeBaseSchema),
    defaultValues: { name: "", key: "", description: "", chunkSize: 400, chunkOverlap: 60, visibility: "shared", embeddingModel: "" },
  });
  const errors = formState.errors;
  const nameField = register("name");

  const onSubmit = handleSubmit((values) =>
    startTransition(async () => {
      setFailure(null);
      const result = await createKnowledgeBase(values);
      if (!result.ok) {
        for (const [name, message] of Object.entries(result.error.fields ?? {}))
          setError(name as keyof KnowledgeBaseFormValues, { message });
        setFailure(result.error.message);
        return;
      }
      router.push(`/settings/knowledge/${result.data.id}`);
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="New knowledge base">
      <fieldset disabled={pending} className="grid gap-5 sm:grid-cols-2">
        <Field id="kb-name" label="Name" error={errors.name?.message}>
          <Input
            id="kb-name"
            placeholder="Company policies"
            invalid={Boolean(errors.name)}
            {...nameField}
            onChange={(event) => {
              void nameField.onChange(event);
              if (!getFieldState("key").isDirty) setValue("key", slug(event.target.value));
            }}
          />
        </Field>
        <Field id="kb-key" label="Key" help="Used by KNOWLEDGE_RETRIEVAL nodes (kb_ids)." error={errors.key?.message}>
          <Input id="kb-key" placeholder="policies" invalid={Boolean(errors.key)} {...register("key")} />
        </Field>
        <Field id="kb-chunk-size" label="Chunk size (tokens)" error={errors.chunkSize?.message}>
          <Input id="kb-chunk-size" type="number" invalid={Boolean(errors.chunkSize)} {...register("chunkSize", { valueAsNumber: true })} />
        </Field>
        <Field
          id="kb-chunk-overlap"
          label="Overlap (tokens)"
          help="Repeated from one chunk at the start of the next."
          error={errors.chunkOverlap?.message}
        >
          <Input
            id="kb-chunk-overlap"
            type="number"
            invalid={Boolean(errors.chunkOverlap)}
            {...register("chunkOverlap", { valueAsNumber: true })}
          />
        </Field>
        <Field id="kb-description" label="Description" error={errors.description?.message}>
          <Input id="kb-description" {...register("description")} />
        </Field>
        <Field
          id="kb-embedding-model"
          label="Embedding model"
          help="Optional: a model at the default provider (Settings → Models) for hybrid ranking. Empty: keyword (bm25) ranking only."
          error={errors.embeddingModel?.message}
        >
          <Input
            id="kb-embedding-model"
            placeholder="text-embedding-3-small"
            invalid={Boolean(errors.embeddingModel)}
            {...register("embeddingModel")}
          />
        </Field>
        <Field id="kb-visibility" label="Visibility">
          <Select id="kb-visibility" {...register("visibility")}>
            <option value="shared">Shared with the workspace</option>
            <option value="private">Only me</option>
          </Select>
        </Field>
      </fieldset>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? "Creating…" : "Create knowledge base"}
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
