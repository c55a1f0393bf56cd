import { BookOpen, KeyRound } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { ApiKeyList } from "@/components/settings/api-keys/api-key-list";
import { CreateApiKeyForm } from "@/components/settings/api-keys/create-api-key-form";
import { buttonClass } from "@/components/ui/button";
import { Card, EmptyState, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { listApiKeys } from "@/lib/db/queries/api-keys";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const user = await requirePageUser("/settings/api-keys");
  const keys = await listApiKeys(getDb(), user.id);
  return (
    <div className="mx-auto max-w-5xl px-8 py-8">
      <PageHeader
        title="API keys"
        description="Keys for the REST API and the MCP endpoint. A key acts as you: it starts and reads the runs you could."
        actions={
          <Link href="/settings/api-keys/reference" className={buttonClass("secondary", "sm")}>
            <BookOpen size={16} aria-hidden="true" /> API reference
          </Link>
        }
      />
      <div className="space-y-6">
        <Card>
          <CreateApiKeyForm />
        </Card>
        {keys.length === 0 ? (
          <EmptyState icon={<KeyRound size={28} aria-hidden="true" />} title="No API keys yet">
            Create a key to start runs and decide approvals from other systems. A key is shown once.
          </EmptyState>
        ) : (
          <ApiKeyList keys={keys} />
        )}
        <Card>
          <h2 className="text-sm font-semibold">Using a key</h2>
          <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-zinc-500">REST API</dt>
            <dd>
              <code className="break-all font-mono text-xs">curl -H "Authorization: Bearer sy_…" /api/v1/workflows</code>
            </dd>
            <dt className="text-zinc-500">OpenAPI 3.1</dt>
            <dd>
              <a className="font-mono text-xs text-brand-700 underline dark:text-brand-400" href="/api/v1/openapi.json">
                /api/v1/openapi.json
              </a>
            </dd>
            <dt className="text-zinc-500">MCP (Streamable HTTP)</dt>
            <dd className="font-mono text-xs">/api/mcp — your published workflows without approvals, as tools</dd>
          </dl>
        </Card>
      </div>
    </div>
  );
}
