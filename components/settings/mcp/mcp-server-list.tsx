"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { deleteMcpServer, setAllowStdioAction, testMcpServerAction } from "@/app/(app)/settings/mcp-servers/actions";
import { Button } from "@/components/ui/button";
import { Badge, Card } from "@/components/ui/page";
import type { McpTestResult } from "@/lib/capabilities/mcp";
import type { McpServerView } from "@/lib/db/queries/mcp-servers";
import { McpServerForm } from "./mcp-server-form";
import { McpTestOutcome } from "./tool-list";

function ServerCard({
  server,
  canEdit,
  isAdmin,
  allowStdio,
}: {
  server: McpServerView;
  canEdit: boolean;
  isAdmin: boolean;
  allowStdio: boolean;
}) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [test, setTest] = useState<McpTestResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [testing, startTest] = useTransition();
  const [deleting, startDelete] = useTransition();

  const onTest = () =>
    startTest(async () => {
      setTest(null);
      setTest(await testMcpServerAction(server.id, null));
    });
  const onDelete = () => {
    if (!window.confirm(`Remove the MCP server "${server.name}"?`)) return;
    startDelete(async () => {
      const result = await deleteMcpServer(server.id);
      if (result.ok) router.refresh();
      else setFailure(result.error.message);
    });
  };

  return (
    <Card>
      <div data-testid={`mcp-server-${server.key}`} className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h3 className="font-semibold">
              {server.name} <span className="ml-1 font-mono text-xs font-normal text-zinc-500">{server.key}</span>
            </h3>
            <p className="mt-1 break-all font-mono text-xs text-zinc-600 dark:text-zinc-400">
              {server.transport === "stdio" ? [server.command, ...server.args].join(" ") : server.url}
            </p>
            <div className="mt-2 flex flex-wrap gap-1.5">
              <Badge tone="blue">{server.transport === "stdio" ? "stdio" : "Streamable HTTP"}</Badge>
              <Badge tone={server.scope === "global" ? "green" : "neutral"}>{server.scope}</Badge>
              <Badge>timeout {server.timeoutMs / 1000} s</Badge>
              {server.enabled ? null : <Badge tone="amber">disabled</Badge>}
              {[...server.headers, ...server.env].map((entry) => (
                <Badge key={entry.name}>
                  {entry.name} {entry.masked}
                </Badge>
              ))}
            </div>
          </div>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" onClick={onTest} disabled={testing || !server.enabled}>
              {testing ? "Testing…" : "Test connection"}
            </Button>
            {canEdit ? (
              <>
                <Button size="sm" variant="ghost" onClick={() => setEditing((value) => !value)}>
                  {editing ? "Close" : "Edit"}
                </Button>
                <Button size="sm" variant="ghost" onClick={onDelete} disabled={deleting}>
                  Delete
                </Button>
              </>
            ) : null}
          </div>
        </div>
        {failure ? (
          <p role="alert" className="text-sm text-red-600">
            {failure}
          </p>
        ) : null}
        {test ? <McpTestOutcome result={test} /> : null}
        {editing ? (
          <div className="border-t border-zinc-200 pt-4 dark:border-zinc-800">
            <McpServerForm server={server} isAdmin={isAdmin} allowStdio={allowStdio} onDone={() => setEditing(false)} />
          </div>
        ) : null}
      </div>
    </Card>
  );
}

/** The servers the user sees, each with test / edit / delete. */
export function McpServerList({
  servers,
  viewer,
  allowStdio,
}: {
  servers: McpServerView[];
  viewer: { id: string; role: string };
  allowStdio: boolean;
}) {
  return (
    <div className="space-y-4">
      {servers.map((server) => (
        <ServerCard
          key={server.id}
          server={server}
          canEdit={viewer.role === "admin" || (server.scope === "personal" && server.ownerId === viewer.id)}
          isAdmin={viewer.role === "admin"}
          allowStdio={allowStdio}
        />
      ))}
    </div>
  );
}

/** Admins: allow MCP servers over stdio (they run commands on this server). */
export function StdioToggle({ allowStdio }: { allowStdio: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <div className="space-y-2">
      <label className="inline-flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={allowStdio}
          disabled={pending}
          onChange={(event) =>
            startTransition(async () => {
              const result = await setAllowStdioAction(event.target.checked);
              if (result.ok) router.refresh();
              else setFailure(result.error.message);
            })
          }
        />
        Allow MCP servers over stdio
      </label>
      <p className="text-xs text-zinc-500">
        A stdio server is a command this server starts, with the server's permissions. Enable it only where you trust who adds servers.
      </p>
      {failure ? (
        <p role="alert" className="text-sm text-red-600">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
