"use client";

import { Search, Workflow } from "lucide-react";
import Link from "next/link";
import { useDeferredValue, useState } from "react";
import { Badge, EmptyState } from "@/components/ui/page";
import type { WorkflowListItem } from "@/lib/db/queries/workflows";
import { StatusBadge } from "@/components/runs/status-badge";
import { WorkflowRowActions } from "./workflow-row-actions";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

/**
 * The workflows table with a search box (name and description, as you type). `isAdmin`: the viewer may manage
 * the triggers of every workflow, not only their own.
 */
export function WorkflowList({ workflows, isAdmin = false }: { workflows: WorkflowListItem[]; isAdmin?: boolean }) {
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query.trim().toLowerCase());
  const shown = deferred
    ? workflows.filter((w) => w.name.toLowerCase().includes(deferred) || w.description.toLowerCase().includes(deferred))
    : workflows;

  if (workflows.length === 0) {
    return (
      <EmptyState icon={<Workflow size={28} aria-hidden="true" />} title="No workflows yet">
        Create your first workflow with “New workflow”, or import a workflow file (.json) exported from Switchyard.
      </EmptyState>
    );
  }

  return (
    <div className="space-y-4">
      <div className="relative max-w-sm">
        <Search size={16} aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-zinc-400" />
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search workflows"
          aria-label="Search workflows"
          className="block w-full rounded-md border border-zinc-300 bg-white py-2 pr-3 pl-9 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900"
        />
      </div>
      <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <table className="w-full text-sm">
          <thead className="border-b border-zinc-200 bg-zinc-50 text-left text-xs font-medium text-zinc-500 uppercase dark:border-zinc-800 dark:bg-zinc-900/60">
            <tr>
              <th className="px-4 py-2.5">Name</th>
              <th className="px-4 py-2.5">Status</th>
              <th className="px-4 py-2.5">Last run</th>
              <th className="px-4 py-2.5">Updated</th>
              <th className="px-4 py-2.5 text-right">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {shown.map((workflow) => (
              <tr key={workflow.id} data-testid="workflow-row" className="hover:bg-zinc-50 dark:hover:bg-zinc-800/40">
                <td className="max-w-xs px-4 py-3">
                  <Link href={`/workflows/${workflow.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-500">
                    {workflow.name}
                  </Link>
                  <p className="truncate text-xs text-zinc-500">
                    {workflow.description || `${workflow.nodeCount} ${workflow.nodeCount === 1 ? "node" : "nodes"}`}
                    {workflow.isOwner ? "" : ` · shared by ${workflow.ownerName}`}
                  </p>
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  {workflow.status === "active" ? <Badge tone="green">active · v{workflow.activeVersion}</Badge> : <Badge>draft</Badge>}
                </td>
                <td className="px-4 py-3">
                  {workflow.lastRun ? (
                    <span className="inline-flex items-center gap-2 whitespace-nowrap">
                      <StatusBadge status={workflow.lastRun.status} />
                      <span className="text-xs text-zinc-500">{dateFormat.format(new Date(workflow.lastRun.createdAt))}</span>
                    </span>
                  ) : (
                    <span className="text-xs text-zinc-500">never run</span>
                  )}
                </td>
                <td className="px-4 py-3 text-xs whitespace-nowrap text-zinc-500">{dateFormat.format(new Date(workflow.updatedAt))}</td>
                <td className="px-4 py-3">
                  <WorkflowRowActions workflow={workflow} canManageTriggers={isAdmin} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {shown.length === 0 ? <p className="px-4 py-6 text-center text-sm text-zinc-500">No workflow matches “{query}”.</p> : null}
      </div>
    </div>
  );
}
