"use client";

import { useState, useTransition } from "react";
import { setUserRoleAction } from "@/app/(app)/settings/users/actions";
import { Select } from "@/components/ui/field";

export function RoleSelect({ userId, role, label }: { userId: string; role: string; label: string }) {
  const [pending, start] = useTransition();
  const [error, setError] = useState("");
  return (
    <div>
      <Select
        id={`role-${userId}`}
        aria-label={label}
        defaultValue={role}
        disabled={pending}
        className="w-32"
        onChange={(event) => {
          const next = event.target.value;
          const select = event.target;
          start(async () => {
            setError("");
            const result = await setUserRoleAction({ userId, role: next });
            if (!result.ok) {
              setError(result.error.message);
              select.value = role;
            }
          });
        }}
      >
        <option value="admin">admin</option>
        <option value="member">member</option>
      </Select>
      {error ? (
        <p role="alert" className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
