"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { deleteConnectorAction } from "@/app/(app)/settings/connectors/actions";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/page";
import type { ConnectorActionView } from "@/lib/db/queries/connectors";
import { ActionEditor } from "./action-editor";
import { OpenApiImport } from "./openapi-import";
import { type TryableAction, TryAction } from "./try-action";

type Mode =
  | { type: "none" }
  | { type: "new" }
  | { type: "import" }
  | { type: "edit"; action: ConnectorActionView }
  | { type: "try"; action: TryableAction };

/**
 * The connector's actions: a table with try / edit / delete, plus "Add action" and "Import from OpenAPI".
 * Database connectors have their three built-in tools (`builtIn`), which can only be tried.
 */
export function ActionsPanel({
  connectorId,
  actions,
  builtIn,
  canEdit,
}: {
  connectorId: string;
  actions: ConnectorActionView[];
  builtIn: TryableAction[] | null;
  canEdit: boolean;
}) {
  const router = useRouter();
  const [mode, setMode] = useState<Mode>({ type: "none" });
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const rows: TryableAction[] = builtIn ?? actions;
  const close = () => setMode({ type: "none" });
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (mode.type !== "none") panel.current?.scrollIntoView({ behavior: "smooth", block: "nearest" });
  }, [mode]);

  const onDelete = (action: ConnectorActionView) => {
    if (!window.confirm(`Delete the action "${action.key}"?`)) return;
    startTransition(async () => {
      const result = await deleteConnectorAction(connectorId, action.id);
      if (result.ok) router.refresh();
      else setFailure(result.error.message);
    });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold">
          {builtIn ? "Tools" : "Actions"} <span className="text-sm font-normal text-zinc-500">({rows.length})</span>
        </h2>
        {canEdit && !builtIn ? (
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" onClick={() => setMode({ type: "import" })}>
              Import from OpenAPI
            </Button>
            <Button size="sm" onClick={() => setMode({ type: "new" })}>
              Add action
            </Button>
          </div>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-500">No actions yet. Add one by hand, or import them from the API's OpenAPI document.</p>
      ) : (
        <div className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-zinc-200 text-xs uppercase text-zinc-500 dark:border-zinc-800">
              <tr>
                <th className="px-3 py-2 font-medium">Action</th>
                {builtIn ? null : <th className="px-3 py-2 font-medium">Request</th>}
                {builtIn ? null : <th className="px-3 py-2 font-medium">Access</th>}
                <th className="px-3 py-2" />
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const stored = builtIn ? null : actions.find((action) => action.key === row.key)!;
                return (
                  <tr
                    key={row.key}
                    data-testid={`action-${row.key}`}
                    className="border-b border-zinc-100 last:border-0 dark:border-zinc-800"
                  >
                    <td className="px-3 py-2">
                      <div className="font-medium">{row.name}</div>
                      <div className="font-mono text-xs text-zinc-500">{row.key}</div>
                    </td>
                    {stored ? (
                      <>
                        <td className="px-3 py-2 font-mono text-xs">
                          <span className="mr-2 font-semibold">{stored.method}</span>
                          <span className="break-all text-zinc-600 dark:text-zinc-400">{stored.path}</span>
                        </td>
                        <td className="px-3 py-2">
                          <Badge tone={stored.access === "read" ? "neutral" : stored.access === "write" ? "blue" : "red"}>
                            {stored.access}
                          </Badge>
                        </td>
                      </>
                    ) : null}
                    <td className="whitespace-nowrap px-3 py-2 text-right">
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setMode({ type: "try", action: row })}
                        aria-label={`Try ${row.key}`}
                      >
                        Try
                      </Button>
                      {stored && canEdit ? (
                        <>
                          <Button
                            size="sm"
                            variant="ghost"
                            onClick={() => setMode({ type: "edit", action: stored })}
                            aria-label={`Edit ${row.key}`}
                          >
                            Edit
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            disabled={pending}
                            onClick={() => onDelete(stored)}
                            aria-label={`Delete ${row.key}`}
                          >
                            Delete
                          </Button>
                        </>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {failure ? (
        <p role="alert" className="text-sm text-red-600">
          {failure}
        </p>
      ) : null}
      {mode.type !== "none" ? (
        <div ref={panel} className="rounded-md border border-zinc-200 bg-zinc-50/60 p-4 dark:border-zinc-800 dark:bg-zinc-950/40">
          {mode.type === "try" ? (
            <TryAction key={mode.action.key} connectorId={connectorId} action={mode.action} />
          ) : mode.type === "import" ? (
            <OpenApiImport connectorId={connectorId} existingKeys={actions.map((action) => action.key)} onDone={close} />
          ) : (
            <ActionEditor
              key={mode.type === "edit" ? mode.action.id : "new"}
              connectorId={connectorId}
              action={mode.type === "edit" ? mode.action : null}
              onDone={close}
            />
          )}
        </div>
      ) : null}
    </div>
  );
}
