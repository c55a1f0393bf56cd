import { Server } from "lucide-react";
import type { Metadata } from "next";
import { McpServerForm } from "@/components/settings/mcp/mcp-server-form";
import { McpServerList, StdioToggle } from "@/components/settings/mcp/mcp-server-list";
import { Card, EmptyState, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { listMcpServers } from "@/lib/db/queries/mcp-servers";
import { getAllowStdio } from "@/lib/db/queries/settings";

export const metadata: Metadata = { title: "MCP servers" };

export default async function McpServersPage() {
  const user = await requirePageUser("/settings/mcp-servers");
  const db = getDb();
  const [servers, allowStdio] = await Promise.all([listMcpServers(db, user), getAllowStdio(db)]);
  const isAdmin = user.role === "admin";
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-8 py-8">
      <PageHeader title="MCP servers" description="Model Context Protocol servers whose tools agents and MCP nodes may call." />
      {servers.length === 0 ? (
        <EmptyState icon={<Server size={28} aria-hidden="true" />} title="No MCP servers yet">
          Add a server by its Streamable HTTP URL below{allowStdio ? ", or a local command over stdio" : ""}, then test the connection to
          see its tools.
        </EmptyState>
      ) : (
        <McpServerList servers={servers} viewer={{ id: user.id, role: user.role }} allowStdio={allowStdio} />
      )}
      <Card>
        <h2 className="mb-4 text-base font-semibold">Add an MCP server</h2>
        <McpServerForm server={null} isAdmin={isAdmin} allowStdio={allowStdio} />
      </Card>
      {isAdmin ? (
        <Card>
          <h2 className="mb-3 text-base font-semibold">Workspace</h2>
          <StdioToggle allowStdio={allowStdio} />
        </Card>
      ) : null}
    </div>
  );
}
