"use client";

import { useState, useTransition } from "react";
import { saveConfirmToolsAction } from "@/app/(app)/settings/agents/actions";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";

/** The confirmation gate's workspace setting: which tool calls wait for the user's OK in chat. */
export function ConfirmToolsForm({ pattern, canEdit }: { pattern: string; canEdit: boolean }) {
  const [value, setValue] = useState(pattern);
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <form
      className="space-y-3"
      aria-label="Confirmations"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          const result = await saveConfirmToolsAction({ pattern: value });
          setStatus(
            result.ok ? { ok: true, message: "Saved." } : { ok: false, message: result.error.fields?.pattern ?? result.error.message },
          );
        });
      }}
    >
      <Field
        id="confirm-pattern"
        label="Ask before these tool calls"
        help="Tool names with * and ?, separated by |, e.g. orders__*|web_fetch. In chat, a matching call waits until the user allows it."
        error={status && !status.ok ? status.message : undefined}
      >
        <Input
          id="confirm-pattern"
          value={value}
          disabled={!canEdit}
          onChange={(event) => setValue(event.target.value)}
          placeholder="(none)"
        />
      </Field>
      {canEdit ? (
        <div className="flex items-center gap-3">
          <Button type="submit" variant="secondary" size="sm" disabled={pending}>
            Save
          </Button>
          {status?.ok ? (
            <span role="status" className="text-sm text-green-700 dark:text-green-400">
              {status.message}
            </span>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
