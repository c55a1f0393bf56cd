"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { createWorkflowAction } from "@/app/(app)/workflows/actions";
import { type CreateWorkflowInput, type CreateWorkflowOutput, createWorkflowSchema } from "@/app/(app)/workflows/schema";
import { Button } from "@/components/ui/button";
import { Field, Input, Textarea } from "@/components/ui/field";
import { Dialog } from "./dialog";

/** "New workflow": asks for a name, creates an empty draft and opens it in the editor. */
export function CreateWorkflowButton() {
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const { register, handleSubmit, formState, setError, reset } = useForm<CreateWorkflowInput, unknown, CreateWorkflowOutput>({
    resolver: zodResolver(createWorkflowSchema),
    defaultValues: { name: "", description: "" },
  });
  const onSubmit = handleSubmit((values) =>
    startTransition(async () => {
      const result = await createWorkflowAction(values);
      if (!result.ok) {
        setError("name", { message: result.error.fields?.name ?? result.error.message });
        return;
      }
      router.push(`/workflows/${result.data.id}`);
    }),
  );
  return (
    <>
      <Button
        onClick={() => {
          reset();
          setOpen(true);
        }}
      >
        <Plus size={16} aria-hidden="true" /> New workflow
      </Button>
      <Dialog open={open} title="New workflow" onClose={() => setOpen(false)}>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="New workflow">
          <Field id="new-name" label="Name" error={formState.errors.name?.message}>
            <Input id="new-name" autoFocus invalid={Boolean(formState.errors.name)} {...register("name")} />
          </Field>
          <Field id="new-description" label="Description" help="Optional: what the workflow is for.">
            <Textarea id="new-description" rows={2} {...register("description")} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Creating…" : "Create and open"}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
