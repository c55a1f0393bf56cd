import type { Metadata } from "next";
import { ModelProviderForm } from "@/components/settings/model-provider-form";
import { Card, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { getDefaultModelProvider } from "@/lib/db/queries/model-providers";

export const metadata: Metadata = { title: "Models" };

export default async function ModelsPage() {
  const user = await requirePageUser("/settings/models");
  const provider = await getDefaultModelProvider(getDb());
  const overrides = ["OPENAI_BASE_URL", "OPENAI_API_KEY", "SWITCHYARD_MODEL"].filter((name) => process.env[name]);
  return (
    <div className="mx-auto max-w-3xl px-8 py-8">
      <PageHeader title="Models" description="The OpenAI-compatible endpoint every LLM node, agent and chat uses." />
      {overrides.length ? (
        <p className="mb-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200">
          The server's environment overrides these settings: {overrides.join(", ")}.
        </p>
      ) : null}
      {!provider ? (
        <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
          No model endpoint yet. Enter one below — for a local Ollama use <code>http://127.0.0.1:11434/v1</code> — then test it.
        </p>
      ) : null}
      <Card>
        <ModelProviderForm provider={provider} canEdit={user.role === "admin"} />
      </Card>
    </div>
  );
}
