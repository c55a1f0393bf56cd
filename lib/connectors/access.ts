/**
 * Who may call which connector action. Roles are the User.role values (`admin`, `member`):
 * - `admin` holds read, write and admin actions;
 * - `member` holds read and write actions (members run the workflows that write; admin actions, such as
 *   deleting or managing accounts through an API, stay with admins);
 * - any other or unknown role holds read only.
 */
import type { AccessLevel } from "./types";

const RANK: Record<AccessLevel, number> = { read: 0, write: 1, admin: 2 };
const ROLE_RANK: Record<string, number> = { admin: 2, member: 1 };

/** The highest level a role holds. */
export function accessForRole(role: string | undefined): AccessLevel {
  const rank = role ? (ROLE_RANK[role] ?? 0) : 0;
  return (Object.keys(RANK) as AccessLevel[]).find((level) => RANK[level] === rank) ?? "read";
}

/** True when `role` holds `required` (read < write < admin). */
export function roleHoldsAccess(role: string | undefined, required: AccessLevel): boolean {
  return RANK[accessForRole(role)] >= RANK[required];
}
