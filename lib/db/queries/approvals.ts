import type { Db } from "../client";

/** Who an approval is for: `assignee` is a user email, a role name, or "" (anyone). */
export function approvalAssigneeFilter(user: { email: string; role: string }) {
  return { assignee: { in: ["", user.email, user.role] } };
}

/** Number of pending approvals the user may decide. */
export function countPendingApprovals(db: Db, user: { email: string; role: string }): Promise<number> {
  return db.approval.count({ where: { status: "pending", ...approvalAssigneeFilter(user) } });
}
