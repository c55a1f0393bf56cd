import { clsx } from "clsx";
import type { Metadata } from "next";
import Link from "next/link";
import { AgentForm } from "@/components/settings/agents/agent-form";
import { ConfirmToolsForm } from "@/components/settings/agents/confirm-tools-form";
import { buttonClass } from "@/components/ui/button";
import { Badge, Card, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { canEditAgent, listAgents } from "@/lib/db/queries/agents";
import { listConnectors } from "@/lib/db/queries/connectors";
import { listKnowledgeBases } from "@/lib/db/queries/knowledge";
import { listMcpServers } from "@/lib/db/queries/mcp-servers";
import { getSetting } from "@/lib/db/queries/settings";
import { CONFIRM_TOOLS_SETTING } from "@/lib/runtime-agents";

export const metadata: Metadata = { title: "Agents" };

export default async function AgentsPage({ searchParams }: { searchParams: Promise<{ id?: string }> }) {
  const user = await requirePageUser("/settings/agents");
  const { id } = await searchParams;
  const db = getDb();
  const [agents, knowledgeBases, connectors, mcpServers, confirmPattern] = await Promise.all([
    listAgents(db, user),
    listKnowledgeBases(db, user),
    listConnectors(db, user),
    listMcpServers(db, user),
    getSetting<string>(db, CONFIRM_TOOLS_SETTING, ""),
  ]);
  const selected = agents.find((agent) => agent.id === id) ?? null;
  const options = {
    knowledgeBases: knowledgeBases.map((kb) => ({ id: kb.id, name: kb.name })),
    connectors: connectors.map((connector) => ({ id: connector.id, name: connector.name })),
    mcpServers: mcpServers.filter((server) => server.enabled).map((server) => ({ id: server.id, name: server.name })),
  };
  return (
    <div className="mx-auto max-w-6xl px-8 py-8">
      <PageHeader
        title="Agents"
        description="Agents with instructions, a model and the tools they may use."
        actions={
          <Link href="/settings/agents" className={buttonClass("primary", "sm")}>
            New agent
          </Link>
        }
      />
      <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
        <nav aria-label="Agents" className="space-y-1">
          {agents.length === 0 ? <p className="text-sm text-zinc-500">No agents yet. Create the first one.</p> : null}
          {agents.map((agent) => (
            <Link
              key={agent.id}
              href={`/settings/agents?id=${agent.id}`}
              aria-current={agent.id === selected?.id ? "page" : undefined}
              className={clsx(
                "block rounded-md px-3 py-2 text-sm",
                agent.id === selected?.id ? "bg-zinc-200 dark:bg-zinc-800" : "hover:bg-zinc-100 dark:hover:bg-zinc-900",
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="truncate font-medium">{agent.name}</span>
                {agent.visibility === "shared" ? <Badge tone="blue">shared</Badge> : null}
              </span>
              <span className="mt-0.5 block truncate text-xs text-zinc-500">
                {agent.ownerId === user.id ? agent.description || "Yours" : `by ${agent.ownerName}`}
              </span>
            </Link>
          ))}
        </nav>
        <div className="space-y-6">
          <Card>
            <AgentForm key={selected?.id ?? "new"} agent={selected} options={options} canEdit={!selected || canEditAgent(user, selected)} />
          </Card>
          <Card>
            <ConfirmToolsForm pattern={confirmPattern} canEdit={user.role === "admin"} />
          </Card>
        </div>
      </div>
    </div>
  );
}
