"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { deleteAgentAction, saveAgentAction } from "@/app/(app)/settings/agents/actions";
import { type AgentFormInput, agentFormSchema } from "@/app/(app)/settings/agents/schema";
import { Button, buttonClass } from "@/components/ui/button";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import type { AgentView } from "@/lib/db/queries/agents";
import { SELECTABLE_TOOL_CATEGORIES } from "@/lib/tools/types";

type Option = { id: string; name: string };

function CheckboxGroup({
  legend,
  name,
  options,
  register,
  empty,
  disabled,
  error,
}: {
  legend: string;
  name: "toolCategories" | "knowledgeBaseIds" | "connectorIds" | "mcpServerIds";
  options: { value: string; label: string }[];
  register: ReturnType<typeof useForm<AgentFormInput>>["register"];
  empty: React.ReactNode;
  disabled?: boolean;
  error?: string;
}) {
  return (
    <fieldset className="space-y-1.5" disabled={disabled}>
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      {options.length === 0 ? <p className="text-xs text-zinc-500">{empty}</p> : null}
      <div className="grid gap-1 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" value={option.value} {...register(name)} /> {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p role="alert" id={`${name}-error`} className="text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Creates or edits an agent (schema.ts is the one source of the rules). */
export function AgentForm({
  agent,
  options,
  canEdit,
}: {
  agent: AgentView | null;
  options: { knowledgeBases: Option[]; connectors: Option[]; mcpServers: Option[] };
  canEdit: boolean;
}) {
  const router = useRouter();
  const [saving, startSave] = useTransition();
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const { register, handleSubmit, setError, watch, formState } = useForm<AgentFormInput>({
    resolver: zodResolver(agentFormSchema),
    defaultValues: {
      name: agent?.name ?? "",
      description: agent?.description ?? "",
      instructions: agent?.instructions ?? "",
      modelTier: agent?.modelTier ?? "smart",
      model: agent?.model ?? "",
      allCategories: agent ? agent.toolCategories === null : true,
      toolCategories: agent?.toolCategories ?? [],
      knowledgeBaseIds: agent?.knowledgeBaseIds ?? [],
      connectorIds: agent?.connectorIds ?? [],
      mcpServerIds: agent?.mcpServerIds ?? [],
      maxIterations: agent?.maxIterations ?? 50,
      visibility: agent?.visibility ?? "private",
    },
  });
  const errors = formState.errors;
  const allCategories = watch("allCategories");

  const onSave = handleSubmit((values) =>
    startSave(async () => {
      setStatus(null);
      const result = await saveAgentAction(agent?.id ?? null, values);
      if (!result.ok) {
        for (const [field, message] of Object.entries(result.error.fields ?? {})) setError(field as keyof AgentFormInput, { message });
        setStatus({ ok: false, message: result.error.message });
        return;
      }
      setStatus({ ok: true, message: "Saved." });
      if (!agent) router.push(`/settings/agents?id=${result.data.id}`);
      else router.refresh();
    }),
  );

  const onDelete = () =>
    startSave(async () => {
      if (!agent || !window.confirm(`Delete the agent "${agent.name}"? Its conversations stay, without the agent.`)) return;
      const result = await deleteAgentAction(agent.id);
      if (result.ok) router.push("/settings/agents");
      else setStatus({ ok: false, message: result.error.message });
    });

  return (
    <form onSubmit={onSave} noValidate className="space-y-5" aria-label={agent ? `Edit ${agent.name}` : "New agent"}>
      <h2 className="text-base font-semibold">{agent ? agent.name : "New agent"}</h2>
      <fieldset disabled={!canEdit} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="name" label="Name" error={errors.name?.message}>
            <Input id="name" invalid={Boolean(errors.name)} {...register("name")} />
          </Field>
          <Field
            id="description"
            label="Description"
            help="Shown in pickers and to auto mode when it delegates."
            error={errors.description?.message}
          >
            <Input id="description" invalid={Boolean(errors.description)} {...register("description")} />
          </Field>
        </div>
        <Field
          id="instructions"
          label="Instructions"
          help="The agent's system prompt: role, tone, rules, when to use which tool."
          error={errors.instructions?.message}
        >
          <Textarea id="instructions" rows={6} invalid={Boolean(errors.instructions)} {...register("instructions")} />
        </Field>
        <div className="grid gap-5 sm:grid-cols-3">
          <Field id="modelTier" label="Model" help="Smart for demanding work, fast for quick answers.">
            <Select id="modelTier" {...register("modelTier")}>
              <option value="smart">Smart model</option>
              <option value="fast">Fast model</option>
            </Select>
          </Field>
          <Field id="model" label="Model name override" help="Optional: a model name your endpoint serves." error={errors.model?.message}>
            <Input id="model" placeholder="(use the tier)" {...register("model")} />
          </Field>
          <Field id="maxIterations" label="Max steps" help="Tool rounds before it must answer." error={errors.maxIterations?.message}>
            <Input
              id="maxIterations"
              type="number"
              min={1}
              max={200}
              invalid={Boolean(errors.maxIterations)}
              {...register("maxIterations", { valueAsNumber: true })}
            />
          </Field>
        </div>
        <div className="space-y-2">
          <label className="inline-flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" className="size-4" {...register("allCategories")} /> Allow every tool category
          </label>
          {!allCategories ? (
            <CheckboxGroup
              legend="Tool categories"
              name="toolCategories"
              options={SELECTABLE_TOOL_CATEGORIES.map((category) => ({ value: category.value, label: category.label }))}
              register={register}
              empty=""
              error={errors.toolCategories?.message}
            />
          ) : null}
        </div>
        <CheckboxGroup
          legend="Knowledge bases"
          name="knowledgeBaseIds"
          options={options.knowledgeBases.map((option) => ({ value: option.id, label: option.name }))}
          register={register}
          empty={
            <>
              None yet —{" "}
              <Link href="/settings/knowledge" className="underline">
                add one
              </Link>
              .
            </>
          }
        />
        <CheckboxGroup
          legend="Connectors"
          name="connectorIds"
          options={options.connectors.map((option) => ({ value: option.id, label: option.name }))}
          register={register}
          empty={
            <>
              None yet —{" "}
              <Link href="/settings/connectors" className="underline">
                add one
              </Link>
              .
            </>
          }
        />
        <CheckboxGroup
          legend="MCP servers"
          name="mcpServerIds"
          options={options.mcpServers.map((option) => ({ value: option.id, label: option.name }))}
          register={register}
          empty={
            <>
              None yet —{" "}
              <Link href="/settings/mcp-servers" className="underline">
                add one
              </Link>
              .
            </>
          }
        />
        <Field id="visibility" label="Visibility">
          <Select id="visibility" {...register("visibility")}>
            <option value="private">Private: only you</option>
            <option value="shared">Shared: everyone in the workspace</option>
          </Select>
        </Field>
      </fieldset>
      {canEdit ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving…" : agent ? "Save" : "Create agent"}
          </Button>
          {agent ? (
            <>
              <Link href="/chat" className={buttonClass("secondary")}>
                Chat
              </Link>
              <Button type="button" variant="danger" onClick={onDelete} disabled={saving}>
                Delete
              </Button>
            </>
          ) : null}
          {status ? (
            <span role="status" className={status.ok ? "text-sm text-green-700 dark:text-green-400" : "text-sm text-red-600"}>
              {status.message}
            </span>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-zinc-500">Shared by {agent?.ownerName}; only its owner can change it.</p>
      )}
    </form>
  );
}
