"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { revokeApiKeyAction } from "@/app/(app)/settings/api-keys/actions";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/page";
import type { ApiKeyView } from "@/lib/db/queries/api-keys";

/** `2030-01-01 10:05 UTC`: the same text on the server and in the browser (no hydration mismatch). */
function when(iso: string | null): string {
  return iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "Never";
}

function RevokeButton({ apiKey }: { apiKey: ApiKeyView }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [failure, setFailure] = useState<string | null>(null);
  const onRevoke = () => {
    if (!window.confirm(`Revoke the key “${apiKey.name}”? Requests that use it will get 401 from now on.`)) return;
    start(async () => {
      const result = await revokeApiKeyAction(apiKey.id);
      if (result.ok) router.refresh();
      else setFailure(result.error.message);
    });
  };
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={onRevoke}
        disabled={pending}
        aria-label={`Revoke ${apiKey.name}`}
        className="text-red-700 dark:text-red-400"
      >
        {pending ? "Revoking…" : "Revoke"}
      </Button>
      {failure ? (
        <span role="alert" className="text-xs text-red-600">
          {failure}
        </span>
      ) : null}
    </>
  );
}

/** The user's keys: name, prefix, created, last used, and revoke. */
export function ApiKeyList({ keys }: { keys: ApiKeyView[] }) {
  return (
    <div className="overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-zinc-200 bg-zinc-50 text-xs uppercase tracking-wide text-zinc-500 dark:border-zinc-800 dark:bg-zinc-950">
          <tr>
            <th className="px-4 py-2 font-medium">Name</th>
            <th className="px-4 py-2 font-medium">Key</th>
            <th className="px-4 py-2 font-medium">Created</th>
            <th className="px-4 py-2 font-medium">Last used</th>
            <th className="px-4 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {keys.map((key) => (
            <tr key={key.id} data-testid={`api-key-${key.name}`}>
              <td className="px-4 py-2.5 font-medium">{key.name}</td>
              <td className="px-4 py-2.5 font-mono text-xs text-zinc-600 dark:text-zinc-400">{key.prefix}…</td>
              <td className="px-4 py-2.5 text-zinc-600 dark:text-zinc-400">{when(key.createdAt)}</td>
              <td className="px-4 py-2.5 text-zinc-600 dark:text-zinc-400" data-testid="api-key-last-used">
                {when(key.lastUsedAt)}
              </td>
              <td className="px-4 py-2.5 text-right">
                {key.revokedAt ? <Badge tone="red">Revoked {when(key.revokedAt)}</Badge> : <RevokeButton apiKey={key} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
