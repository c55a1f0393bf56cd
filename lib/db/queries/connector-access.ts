/**
 * Who may see and change a connector (model Connector): members see shared connectors and their own,
 * admins all; only the owner or an admin changes one. Shared by connectors.ts and connector-actions.ts.
 */
import { AppError } from "@/lib/errors";
import type { Db } from "../client";

/** Who is asking: members see shared connectors and their own; admins see all. */
export interface Viewer {
  id: string;
  role: string;
}

export type ConnectorRow = Awaited<ReturnType<Db["connector"]["findFirstOrThrow"]>>;
export type ActionRow = Awaited<ReturnType<Db["connectorAction"]["findFirstOrThrow"]>>;

/** The Prisma filter for connectors `viewer` may see. */
export function visibleTo(viewer: Viewer) {
  return viewer.role === "admin" ? {} : { OR: [{ visibility: "shared" }, { ownerId: viewer.id }] };
}

/** True when the viewer may change the connector: its owner, or an admin. */
export function canEditConnector(viewer: Viewer, connector: { ownerId: string | null }): boolean {
  return viewer.role === "admin" || connector.ownerId === viewer.id;
}

/** The connector row `viewer` may change. @throws AppError `not_found`, `forbidden`. */
export async function editableRow(db: Db, viewer: Viewer, id: string): Promise<ConnectorRow> {
  const row = await db.connector.findFirst({ where: { id, ...visibleTo(viewer) } });
  if (!row) throw new AppError("not_found", "That connector does not exist.");
  if (!canEditConnector(viewer, row)) throw new AppError("forbidden", "Only the connector's owner or an administrator can change it.");
  return row;
}
