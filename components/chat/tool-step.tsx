"use client";

import { clsx } from "clsx";
import { CheckCircle2, Loader2, ShieldQuestion, Wrench, XCircle } from "lucide-react";
import type { TurnItem } from "./chat-state";

function pretty(value: unknown): string {
  if (typeof value === "string") {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2);
}

/** One tool call as a collapsible step: arguments, result or error, time. */
export function ToolStep({
  item,
  onConfirm,
}: {
  item: Extract<TurnItem, { kind: "tool" }>;
  onConfirm?: (callId: string, approved: boolean) => void;
}) {
  const icon =
    item.status === "running" ? (
      <Loader2 size={14} className="animate-spin" aria-hidden="true" />
    ) : item.status === "awaiting" ? (
      <ShieldQuestion size={14} className="text-amber-600" aria-hidden="true" />
    ) : item.status === "error" ? (
      <XCircle size={14} className="text-red-600" aria-hidden="true" />
    ) : (
      <CheckCircle2 size={14} className="text-green-600" aria-hidden="true" />
    );
  return (
    <details
      data-testid="tool-step"
      className={clsx(
        "group rounded-md border text-sm",
        item.status === "awaiting"
          ? "border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950"
          : "border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900",
      )}
      open={item.status === "awaiting" || undefined}
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 select-none">
        <Wrench size={14} className="text-zinc-500" aria-hidden="true" />
        <span className="font-mono text-xs font-medium">{item.tool}</span>
        {icon}
        <span className="ml-auto text-xs text-zinc-500" data-testid="tool-step-time">
          {item.status === "awaiting"
            ? "waiting for your confirmation"
            : item.elapsedMs !== undefined
              ? `${item.elapsedMs} ms`
              : "running…"}
        </span>
      </summary>
      <div className="space-y-2 border-t border-zinc-200 px-3 py-2 dark:border-zinc-800">
        <div>
          <p className="text-xs font-medium text-zinc-500">Arguments</p>
          <pre className="mt-1 max-h-60 overflow-auto rounded bg-white p-2 font-mono text-xs dark:bg-zinc-950">
            {pretty(item.arguments)}
          </pre>
        </div>
        {item.status === "awaiting" && onConfirm ? (
          <div className="flex items-center gap-2">
            <button
              type="button"
              className="rounded-md bg-brand-600 px-3 py-1 text-xs font-medium text-white hover:bg-brand-700"
              onClick={() => onConfirm(item.callId, true)}
            >
              Allow this call
            </button>
            <button
              type="button"
              className="rounded-md border border-zinc-300 px-3 py-1 text-xs font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
              onClick={() => onConfirm(item.callId, false)}
            >
              Decline
            </button>
          </div>
        ) : null}
        {item.result !== undefined ? (
          <div>
            <p className="text-xs font-medium text-zinc-500">Result</p>
            <pre
              data-testid="tool-step-result"
              className="mt-1 max-h-80 overflow-auto rounded bg-white p-2 font-mono text-xs whitespace-pre-wrap dark:bg-zinc-950"
            >
              {pretty(item.result)}
            </pre>
          </div>
        ) : null}
        {item.error ? (
          <p className="text-xs text-red-700 dark:text-red-400">
            <span className="font-mono">{item.error.code}</span>: {item.error.message}
          </p>
        ) : null}
      </div>
    </details>
  );
}
