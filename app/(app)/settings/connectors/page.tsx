import { Database, Plug } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { ConnectorForm } from "@/components/settings/connectors/connector-form";
import { NetworkSettingsForm } from "@/components/settings/connectors/network-settings-form";
import { Badge, Card, EmptyState, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { listConnectors } from "@/lib/db/queries/connectors";
import { getNetworkSettings } from "@/lib/db/queries/settings";

export const metadata: Metadata = { title: "Connectors" };

const AUTH_LABELS: Record<string, string> = {
  none: "no auth",
  bearer: "bearer token",
  api_key_header: "API key header",
  api_key_query: "API key query",
  basic: "basic",
};

export default async function ConnectorsPage() {
  const user = await requirePageUser("/settings/connectors");
  const db = getDb();
  const [connectors, network] = await Promise.all([listConnectors(db, user), user.role === "admin" ? getNetworkSettings(db) : null]);
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-8 py-8">
      <PageHeader title="Connectors" description="Enterprise HTTP APIs and databases your workflows and agents may call." />
      {connectors.length === 0 ? (
        <EmptyState icon={<Plug size={28} aria-hidden="true" />} title="No connectors yet">
          Add a connector with a base URL and credentials below, then import its actions from an OpenAPI document.
        </EmptyState>
      ) : (
        <Card className="p-0">
          <table className="w-full text-left text-sm" aria-label="Connectors">
            <thead className="border-b border-zinc-200 text-xs uppercase text-zinc-500 dark:border-zinc-800">
              <tr>
                <th className="px-5 py-3 font-medium">Name</th>
                <th className="px-5 py-3 font-medium">Endpoint</th>
                <th className="px-5 py-3 font-medium">Auth</th>
                <th className="px-5 py-3 font-medium">Actions</th>
              </tr>
            </thead>
            <tbody>
              {connectors.map((connector) => (
                <tr key={connector.id} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800">
                  <td className="px-5 py-3">
                    <Link
                      href={`/settings/connectors/${connector.id}`}
                      className="font-medium text-brand-700 hover:underline dark:text-brand-400"
                    >
                      {connector.name}
                    </Link>
                    <div className="font-mono text-xs text-zinc-500">{connector.key}</div>
                  </td>
                  <td className="px-5 py-3">
                    {connector.kind === "database" ? (
                      <span className="inline-flex items-center gap-1.5">
                        <Database size={14} aria-hidden="true" /> {connector.authConfig.dialect === "postgres" ? "PostgreSQL" : "SQLite"}{" "}
                        (read-only)
                      </span>
                    ) : (
                      <span className="break-all font-mono text-xs">{connector.baseUrl}</span>
                    )}
                  </td>
                  <td className="px-5 py-3">
                    {connector.kind === "database" ? (
                      <Badge>connection URL {connector.secretMasked}</Badge>
                    ) : (
                      <Badge tone={connector.authKind === "none" ? "neutral" : "blue"}>
                        {AUTH_LABELS[connector.authKind]}
                        {connector.hasSecret ? ` ${connector.secretMasked}` : ""}
                      </Badge>
                    )}
                  </td>
                  <td className="px-5 py-3 text-zinc-600 dark:text-zinc-400">
                    {connector.kind === "database" ? 3 : connector.actionCount}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <Card>
        <h2 className="mb-4 text-base font-semibold">Add a connector</h2>
        <ConnectorForm connector={null} canEdit isAdmin={user.role === "admin"} />
      </Card>
      {network ? (
        <Card>
          <h2 className="mb-1 text-base font-semibold">Network</h2>
          <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
            Where connectors and MCP servers may send requests (SSRF protection).
          </p>
          <NetworkSettingsForm
            allowedHosts={network.allowedHosts}
            allowLoopback={network.allowLoopback}
            envAllowList={process.env.SWITCHYARD_ALLOWED_HOSTS ?? ""}
          />
        </Card>
      ) : null}
    </div>
  );
}
