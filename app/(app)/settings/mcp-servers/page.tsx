import { Server } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "MCP servers" };

export default async function Page() {
  await requirePageUser("/settings/mcp-servers");
  return (
    <div className="mx-auto max-w-5xl px-8 py-8">
      <PageHeader title="MCP servers" description="Tools on Model Context Protocol servers, over Streamable HTTP or stdio." />
      <EmptyState icon={<Server size={28} aria-hidden="true" />} title="No MCP servers yet">
        Add a server by URL (Streamable HTTP) or command (stdio, when an administrator allows it) and test its tools.
      </EmptyState>
    </div>
  );
}
