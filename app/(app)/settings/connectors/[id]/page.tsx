import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ActionsPanel } from "@/components/settings/connectors/actions-panel";
import { ConnectorForm } from "@/components/settings/connectors/connector-form";
import { Card, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";
import { DATABASE_ACTIONS } from "@/lib/connectors/database-connector";
import { getDb } from "@/lib/db/client";
import { canEditConnector, getConnector } from "@/lib/db/queries/connectors";

export const metadata: Metadata = { title: "Connector" };

export default async function ConnectorPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requirePageUser(`/settings/connectors/${id}`);
  const detail = await getConnector(getDb(), user, id);
  if (!detail) notFound();
  const { connector, actions } = detail;
  const canEdit = canEditConnector(user, connector);
  const builtIn =
    connector.kind === "database"
      ? DATABASE_ACTIONS.map((action) => ({
          key: action.id,
          name: action.name,
          method: "SQL",
          path: "",
          parameters: action.parameters ?? {},
        }))
      : null;
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-8 py-8">
      <div>
        <Link href="/settings/connectors" className="text-sm text-zinc-500 hover:underline">
          ← Connectors
        </Link>
        <PageHeader
          title={connector.name}
          description={
            connector.kind === "database" ? "A read-only database: list tables, describe a table, run a query." : connector.baseUrl
          }
        />
      </div>
      <Card>
        <ActionsPanel connectorId={connector.id} actions={actions} builtIn={builtIn} canEdit={canEdit} />
      </Card>
      <Card>
        <h2 className="mb-4 text-base font-semibold">Connection</h2>
        <ConnectorForm connector={connector} canEdit={canEdit} isAdmin={user.role === "admin"} />
      </Card>
    </div>
  );
}
