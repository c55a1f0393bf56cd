"use client";

import { Check, Copy } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { deleteWebhookAction, rotateWebhookAction, setWebhookModeAction } from "@/app/(app)/workflows/[id]/triggers/actions";
import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import type { WebhookView } from "@/lib/db/queries/triggers";

/** `30 s` for 30000, `1500 ms` for 1500. */
function formatWait(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/**
 * The webhook of a workflow: create, rotate (shows the new URL once), sync/async, delete.
 * `waitMs`: how long a sync webhook waits for the run (SWITCHYARD_WEBHOOK_WAIT_MS, read on the server).
 */
export function WebhookPanel({
  workflowId,
  webhook,
  variables,
  waitMs,
}: {
  workflowId: string;
  webhook: WebhookView | null;
  variables: string[];
  waitMs: number;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = (
    action: () => Promise<{ ok: true; data?: unknown } | { ok: false; error: { message: string } }>,
    after?: (data: unknown) => void,
  ) =>
    start(async () => {
      setFailure(null);
      const result = await action();
      if (!result.ok) {
        setFailure(result.error.message);
        return;
      }
      after?.(result.data);
      router.refresh();
    });

  const rotate = () => {
    if (webhook && !window.confirm("Rotate the secret? The current URL stops working at once.")) return;
    run(
      () => rotateWebhookAction(workflowId),
      (data) => {
        setCopied(false);
        setUrl(`${window.location.origin}/api/hooks/${(data as { token: string }).token}`);
      },
    );
  };
  const remove = () => {
    if (!window.confirm("Delete the webhook? Its URL stops working at once.")) return;
    run(
      () => deleteWebhookAction(workflowId),
      () => setUrl(null),
    );
  };
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };
  const example = `{${variables.map((name) => `"${name}": …`).join(", ")}}`;

  return (
    <Card>
      <section aria-label="Webhook" className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-base font-semibold">Webhook</h2>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              A secret URL: <code className="font-mono text-xs">POST</code> a JSON body of START's inputs, like{" "}
              <code className="font-mono text-xs">{example}</code>, to start a run. No API key needed; the URL is the secret.
            </p>
            <p data-testid="webhook-help" className="mt-1 text-xs text-zinc-500">
              Top-level fields must be START's inputs: any other field is refused with 400, naming it. A sync webhook waits up to{" "}
              {formatWait(waitMs)} (<code className="font-mono">SWITCHYARD_WEBHOOK_WAIT_MS</code>) for END's outputs, else answers 202 with
              the run id.
            </p>
          </div>
          <div className="flex gap-2">
            <Button onClick={rotate} disabled={pending} variant={webhook ? "secondary" : "primary"} size="sm">
              {webhook ? "Rotate secret" : "Create webhook"}
            </Button>
            {webhook ? (
              <Button onClick={remove} disabled={pending} variant="ghost" size="sm" className="text-red-700 dark:text-red-400">
                Delete
              </Button>
            ) : null}
          </div>
        </div>
        {url ? (
          <div
            role="status"
            data-testid="webhook-url"
            className="rounded-md border border-green-300 bg-green-50 p-3 dark:border-green-900 dark:bg-green-950"
          >
            <p className="text-sm font-medium text-green-900 dark:text-green-200">
              Copy the URL now: only its hash is stored, so it is not shown again.
            </p>
            <div className="mt-2 flex items-center gap-2">
              <code
                data-testid="webhook-url-value"
                className="flex-1 select-all break-all rounded bg-white px-3 py-2 font-mono text-xs dark:bg-zinc-900"
              >
                {url}
              </code>
              <Button variant="secondary" size="sm" onClick={copy} aria-label="Copy the webhook URL">
                {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
                {copied ? "Copied" : "Copy"}
              </Button>
            </div>
          </div>
        ) : null}
        {webhook ? (
          <div className="flex flex-wrap items-end gap-6">
            <div className="w-72">
              <Field
                id="webhook-mode"
                label="Response"
                help={
                  webhook.mode === "sync"
                    ? `Answers with END's outputs when the run ends within ${formatWait(waitMs)} (else 202).`
                    : "Answers 202 with the run id at once."
                }
              >
                <Select
                  id="webhook-mode"
                  value={webhook.mode}
                  disabled={pending}
                  onChange={(event) => run(() => setWebhookModeAction(workflowId, event.target.value))}
                >
                  <option value="sync">Wait for the outputs (sync)</option>
                  <option value="async">Answer at once (async)</option>
                </Select>
              </Field>
            </div>
            <p className="pb-6 text-xs text-zinc-500">
              Created {webhook.createdAt.slice(0, 16).replace("T", " ")} UTC
              {webhook.rotatedAt ? ` · rotated ${webhook.rotatedAt.slice(0, 16).replace("T", " ")} UTC` : ""}
            </p>
          </div>
        ) : null}
        {failure ? (
          <p role="alert" className="text-sm text-red-600">
            {failure}
          </p>
        ) : null}
      </section>
    </Card>
  );
}
