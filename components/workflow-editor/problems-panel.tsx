"use client";

import { clsx } from "clsx";
import { AlertTriangle, CheckCircle2, ChevronDown, ChevronUp, Loader2 } from "lucide-react";
import { memo, useState } from "react";
import type { GraphIssue } from "@/lib/workflow/validate";

const NONE: GraphIssue[] = [];

/**
 * The live list of validation problems (spec §4), over the bottom of the canvas. Clicking a problem
 * selects and shows the node it names. `checked` null: the first check has not run yet.
 */
export const ProblemsPanel = memo(function ProblemsPanel({
  issues: checked,
  onFocusNode,
}: {
  issues: GraphIssue[] | null;
  onFocusNode: (id: string) => void;
}) {
  const [open, setOpen] = useState(true);
  const issues = checked ?? NONE;
  return (
    <section
      aria-label="Problems"
      data-canvas-overlay=""
      className="absolute bottom-3 left-3 z-10 w-[min(32rem,calc(100%-10rem))] rounded-lg border border-zinc-200 bg-white shadow-md dark:border-zinc-700 dark:bg-zinc-900"
    >
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm font-medium"
      >
        {checked === null ? (
          <Loader2 size={15} className="animate-spin text-zinc-500" aria-hidden="true" />
        ) : issues.length === 0 ? (
          <CheckCircle2 size={15} className="text-green-600" aria-hidden="true" />
        ) : (
          <AlertTriangle size={15} className="text-red-600" aria-hidden="true" />
        )}
        <span data-testid="problems-count">
          {checked === null
            ? "Checking for problems…"
            : issues.length === 0
              ? "No problems: ready to publish"
              : `${issues.length} ${issues.length === 1 ? "problem" : "problems"}`}
        </span>
        {issues.length > 0 ? (
          open ? (
            <ChevronDown size={14} className="ml-auto" aria-hidden="true" />
          ) : (
            <ChevronUp size={14} className="ml-auto" aria-hidden="true" />
          )
        ) : null}
      </button>
      {open && issues.length > 0 ? (
        <ul className="max-h-44 overflow-y-auto border-t border-zinc-200 py-1 dark:border-zinc-700" data-testid="problems-list">
          {issues.map((issue, index) => {
            const target = issue.nodeIds[0];
            return (
              <li key={`${issue.code}-${index}`}>
                <button
                  type="button"
                  disabled={!target}
                  onClick={() => target && onFocusNode(target)}
                  className={clsx(
                    "flex w-full items-start gap-2 px-3 py-1 text-left text-xs",
                    target ? "hover:bg-zinc-100 dark:hover:bg-zinc-800" : "cursor-default",
                  )}
                >
                  <code className="shrink-0 rounded bg-red-50 px-1 text-[10px] text-red-700 dark:bg-red-950 dark:text-red-300">
                    {issue.code}
                  </code>
                  <span className="text-zinc-700 dark:text-zinc-300">{issue.message}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
});
