/**
 * The append-only audit log (model AuditLog). Only `appendAuditLog` writes it: no code path updates
 * or deletes a row. `data` must never hold secrets.
 */
import type { Db } from "@/lib/db/client";

export interface AuditEntry {
  /** e.g. "auth.sign_in", "connector.call", "approval.decide", "settings.update" */
  action: string;
  actorId?: string | null;
  actorEmail?: string | null;
  targetType?: string;
  targetId?: string;
  data?: Record<string, unknown>;
}

export async function appendAuditLog(db: Db, entry: AuditEntry): Promise<void> {
  await db.auditLog.create({
    data: {
      action: entry.action,
      actorId: entry.actorId ?? null,
      actorEmail: entry.actorEmail ?? null,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      data: JSON.stringify(entry.data ?? {}),
    },
  });
}
