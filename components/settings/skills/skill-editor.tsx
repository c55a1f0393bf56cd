"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { clsx } from "clsx";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { deleteSkill, saveSkill } from "@/app/(app)/settings/skills/actions";
import { type SkillFormValues, skillSchema } from "@/app/(app)/settings/skills/schema";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import type { SkillView } from "@/lib/db/queries/skills";
import { MarkdownPreview } from "./markdown-preview";

const TEMPLATE =
  "# Purpose\n\nWhat this procedure is for.\n\n## Steps\n\n1. First step\n2. Second step\n\n## Escalation\n\nWho to ask when something is unclear.";

/** Edits a skill's name, description, visibility and Markdown body, with Write / Preview tabs. */
export function SkillEditor({ skill, canEdit }: { skill: SkillView | null; canEdit: boolean }) {
  const router = useRouter();
  const [tab, setTab] = useState<"write" | "preview">(canEdit ? "write" : "preview");
  const [pending, startTransition] = useTransition();
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const { register, handleSubmit, setError, watch, formState } = useForm<SkillFormValues>({
    resolver: zodResolver(skillSchema),
    defaultValues: {
      name: skill?.name ?? "",
      description: skill?.description ?? "",
      body: skill?.body ?? TEMPLATE,
      visibility: skill?.visibility ?? "organisation",
    },
  });
  const errors = formState.errors;
  const body = watch("body");

  const onSubmit = handleSubmit((values) =>
    startTransition(async () => {
      setStatus(null);
      const result = await saveSkill(skill?.id ?? null, values);
      if (!result.ok) {
        for (const [name, message] of Object.entries(result.error.fields ?? {})) setError(name as keyof SkillFormValues, { message });
        setStatus({ ok: false, message: result.error.message });
        return;
      }
      setStatus({ ok: true, message: "Saved." });
      if (!skill) router.push(`/settings/skills?id=${result.data.id}`);
      else router.refresh();
    }),
  );

  const onDelete = () => {
    if (!skill || !window.confirm(`Delete the skill "${skill.name}"?`)) return;
    startTransition(async () => {
      const result = await deleteSkill(skill.id);
      if (result.ok) router.push("/settings/skills");
      else setStatus({ ok: false, message: result.error.message });
    });
  };

  const tabClass = (active: boolean) =>
    clsx(
      "rounded-md px-3 py-1 text-sm",
      active ? "bg-zinc-200 font-medium dark:bg-zinc-800" : "text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800",
    );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={skill ? `Edit ${skill.name}` : "New skill"}>
      <fieldset disabled={!canEdit || pending} className="grid gap-5 sm:grid-cols-2">
        <Field
          id="skill-name"
          label="Name"
          help="Lowercase letters, digits, - and _; agents read the skill by this name."
          error={errors.name?.message}
        >
          <Input
            id="skill-name"
            placeholder="refund-approval"
            className="font-mono"
            autoComplete="off"
            invalid={Boolean(errors.name)}
            {...register("name")}
          />
        </Field>
        <Field id="skill-visibility" label="Visibility">
          <Select id="skill-visibility" {...register("visibility")}>
            <option value="organisation">Organisation (everyone)</option>
            <option value="personal">Personal (only me)</option>
          </Select>
        </Field>
        <div className="sm:col-span-2">
          <Field
            id="skill-description"
            label="Description"
            help="One line agents read to decide when to use this skill."
            error={errors.description?.message}
          >
            <Input id="skill-description" invalid={Boolean(errors.description)} {...register("description")} />
          </Field>
        </div>
      </fieldset>
      <div className="space-y-2">
        <div className="flex items-center gap-1" role="tablist" aria-label="Body">
          <button
            type="button"
            role="tab"
            aria-selected={tab === "write"}
            className={tabClass(tab === "write")}
            onClick={() => setTab("write")}
            disabled={!canEdit}
          >
            Write
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === "preview"}
            className={tabClass(tab === "preview")}
            onClick={() => setTab("preview")}
          >
            Preview
          </button>
        </div>
        {tab === "write" ? (
          <Textarea
            id="skill-body"
            aria-label="Body (Markdown)"
            rows={18}
            className="font-mono text-xs"
            invalid={Boolean(errors.body)}
            disabled={!canEdit || pending}
            {...register("body")}
          />
        ) : (
          <div className="min-h-64 rounded-md border border-zinc-200 p-4 dark:border-zinc-800">
            <MarkdownPreview markdown={body} />
          </div>
        )}
        {errors.body ? (
          <p role="alert" className="text-xs font-medium text-red-600">
            {errors.body.message}
          </p>
        ) : null}
      </div>
      {canEdit ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={pending}>
            {pending ? "Saving…" : skill ? "Save skill" : "Create skill"}
          </Button>
          {skill ? (
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
        <p className="text-sm text-zinc-500">Only the skill's author or an administrator can change it.</p>
      )}
    </form>
  );
}
