import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RoleSelect } from "@/components/settings/role-select";
import { Card, PageHeader } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const user = await requirePageUser("/settings/users");
  if (user.role !== "admin") notFound();
  const users = await getDb().user.findMany({
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, email: true, role: true, createdAt: true },
  });
  return (
    <div className="mx-auto max-w-5xl px-8 py-8">
      <PageHeader title="Users" description="Everyone in this workspace. New people register themselves and join as members." />
      <Card className="p-0">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-zinc-200 text-xs uppercase text-zinc-500 dark:border-zinc-800">
            <tr>
              <th className="px-5 py-3 font-medium">Name</th>
              <th className="px-5 py-3 font-medium">Email</th>
              <th className="px-5 py-3 font-medium">Joined</th>
              <th className="px-5 py-3 font-medium">Role</th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800">
                <td className="px-5 py-3 font-medium">{u.name}</td>
                <td className="px-5 py-3">{u.email}</td>
                <td className="px-5 py-3 text-zinc-500">{u.createdAt.toISOString().slice(0, 10)}</td>
                <td className="px-5 py-3">
                  <RoleSelect userId={u.id} role={u.role} label={`Role of ${u.name}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </div>
  );
}
