"use client";

import { clsx } from "clsx";
import {
  AlertTriangle,
  ArrowLeft,
  Check,
  ClipboardPaste,
  Copy,
  Download,
  History,
  LayoutDashboard,
  Loader2,
  Play,
  Redo2,
  Rocket,
  Trash2,
  Undo2,
  Zap,
} from "lucide-react";
import Link from "next/link";
import { memo, type ReactNode } from "react";
import { Badge } from "@/components/ui/page";
import type { SaveState } from "./hooks/use-autosave";

function ToolButton({
  label,
  onClick,
  disabled,
  children,
  shortcut,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
  shortcut?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      className="inline-flex size-8 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-100 disabled:opacity-40 disabled:hover:bg-transparent dark:text-zinc-300 dark:hover:bg-zinc-800"
    >
      {children}
    </button>
  );
}

const timeFormat = new Intl.DateTimeFormat("en", { timeStyle: "short" });

/** The draft's save state as the person should read it: saving, saved, unsaved, failed (with retry), conflict. */
function SaveIndicator({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  const base = "inline-flex items-center gap-1.5 text-xs";
  switch (state.status) {
    case "saved":
      return (
        <span role="status" data-testid="save-state" data-state="saved" className={clsx(base, "text-zinc-500")}>
          <Check size={13} aria-hidden="true" /> Saved{state.savedAt ? ` ${timeFormat.format(new Date(state.savedAt))}` : ""}
        </span>
      );
    case "dirty":
      return (
        <span role="status" data-testid="save-state" data-state="dirty" className={clsx(base, "text-zinc-500")}>
          Unsaved changes
        </span>
      );
    case "saving":
      return (
        <span role="status" data-testid="save-state" data-state="saving" className={clsx(base, "text-zinc-500")}>
          <Loader2 size={13} className="animate-spin" aria-hidden="true" /> Saving…
        </span>
      );
    case "error":
      return (
        <span role="status" data-testid="save-state" data-state="error" className={clsx(base, "text-red-600 dark:text-red-400")}>
          <AlertTriangle size={13} aria-hidden="true" /> Not saved: {state.message} (kept in this browser)
          <button type="button" onClick={onRetry} className="font-medium underline">
            Retry
          </button>
        </span>
      );
    case "conflict":
      return (
        <span role="status" data-testid="save-state" data-state="conflict" className={clsx(base, "text-amber-700 dark:text-amber-400")}>
          <AlertTriangle size={13} aria-hidden="true" /> Someone else saved this workflow
        </span>
      );
  }
}

export interface ToolbarProps {
  name: string;
  status: "draft" | "active";
  activeVersion: number | null;
  saveState: SaveState;
  canUndo: boolean;
  canRedo: boolean;
  hasSelection: boolean;
  issueCount: number;
  runAvailable: boolean;
  /** The workflow's Triggers page (webhook, schedules, API, MCP), or null when the viewer may not manage them. */
  triggersHref: string | null;
  onRetrySave: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onCopy: () => void;
  onPaste: () => void;
  onDelete: () => void;
  onLayout: () => void;
  onVersions: () => void;
  onExport: () => void;
  onPublish: () => void;
  onRun: () => void;
}

/** The editor's top bar: back to the list, name and status, save state, edit tools, versions, export, triggers, run, publish. */
export const Toolbar = memo(function Toolbar(props: ToolbarProps) {
  return (
    <header className="flex h-12 shrink-0 items-center gap-2 border-b border-zinc-200 bg-white px-3 dark:border-zinc-800 dark:bg-zinc-900">
      <Link
        href="/workflows"
        aria-label="Back to workflows"
        className="inline-flex size-8 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        <ArrowLeft size={16} aria-hidden="true" />
      </Link>
      <h1 className="max-w-[16rem] truncate text-sm font-semibold">{props.name}</h1>
      {props.status === "active" ? <Badge tone="green">active · v{props.activeVersion}</Badge> : <Badge>draft</Badge>}
      <SaveIndicator state={props.saveState} onRetry={props.onRetrySave} />
      <div className="ml-auto flex items-center gap-0.5">
        <ToolButton label="Undo" shortcut="Ctrl+Z" onClick={props.onUndo} disabled={!props.canUndo}>
          <Undo2 size={16} aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Redo" shortcut="Ctrl+Shift+Z" onClick={props.onRedo} disabled={!props.canRedo}>
          <Redo2 size={16} aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Copy selection" shortcut="Ctrl+C" onClick={props.onCopy} disabled={!props.hasSelection}>
          <Copy size={16} aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Paste" shortcut="Ctrl+V" onClick={props.onPaste}>
          <ClipboardPaste size={16} aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Delete selection" shortcut="Delete" onClick={props.onDelete} disabled={!props.hasSelection}>
          <Trash2 size={16} aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Auto-layout" onClick={props.onLayout}>
          <LayoutDashboard size={16} aria-hidden="true" />
        </ToolButton>
        <span className="mx-1 h-5 w-px bg-zinc-200 dark:bg-zinc-700" />
        <ToolButton label="Version history" onClick={props.onVersions}>
          <History size={16} aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Export workflow file" onClick={props.onExport}>
          <Download size={16} aria-hidden="true" />
        </ToolButton>
        {props.triggersHref ? (
          <Link
            href={props.triggersHref}
            title="Start this workflow from a webhook, a schedule, the REST API or MCP"
            className="ml-1 inline-flex h-8 items-center gap-1.5 rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            <Zap size={14} aria-hidden="true" /> Triggers
          </Link>
        ) : null}
        <button
          type="button"
          onClick={props.onRun}
          disabled={!props.runAvailable}
          title={
            props.runAvailable ? "Run the draft" : "Running from the editor is coming: the workflow runtime is not part of this build yet."
          }
          className="ml-1 inline-flex h-8 items-center gap-1.5 rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          <Play size={14} aria-hidden="true" /> Run{props.runAvailable ? "" : " (coming)"}
        </button>
        <button
          type="button"
          onClick={props.onPublish}
          title={props.issueCount > 0 ? "Fix the problems listed on the canvas first." : "Publish the draft as a new version"}
          className="ml-1 inline-flex h-8 items-center gap-1.5 rounded-md bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700"
        >
          <Rocket size={14} aria-hidden="true" /> Publish
        </button>
      </div>
    </header>
  );
});
