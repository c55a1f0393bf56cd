"use client";

import { Check, ChevronDown, ChevronUp, Copy } from "lucide-react";
import { useState } from "react";

const COLLAPSED_LINES = 12;
const COLLAPSED_CHARS = 1200;

/** The exact JSON text of a value, pretty-printed; `undefined` is shown as "(none)". */
export function jsonText(value: unknown): string {
  if (value === undefined) return "(none)";
  return JSON.stringify(value, null, 2) ?? String(value);
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/**
 * A JSON value shown exactly (no previews that silently cut): a large value starts collapsed with a notice of
 * how much is hidden and an Expand button; Copy always copies the whole text.
 */
export function JsonValue({ value, label, name }: { value: unknown; label: string; name?: string }) {
  const accessibleName = name ?? label;
  const text = jsonText(value);
  const lines = text.split("\n");
  const large = lines.length > COLLAPSED_LINES || text.length > COLLAPSED_CHARS;
  const [expanded, setExpanded] = useState(false);
  const [copied, setCopied] = useState(false);
  let shown = text;
  if (large && !expanded) {
    shown = lines.slice(0, COLLAPSED_LINES).join("\n");
    if (shown.length > COLLAPSED_CHARS) shown = shown.slice(0, COLLAPSED_CHARS);
  }
  const hiddenChars = text.length - shown.length;

  async function copy() {
    await navigator.clipboard.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  }

  return (
    <div className="group relative min-w-0" data-testid="json-value" data-label={accessibleName}>
      <div className="mb-1 flex items-center justify-between gap-2">
        <span className="text-xs font-medium uppercase tracking-wide text-zinc-500">{label}</span>
        <span className="flex items-center gap-1">
          {large ? (
            <button
              type="button"
              onClick={() => setExpanded((v) => !v)}
              className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-brand-600 hover:bg-brand-50 dark:hover:bg-brand-600/15"
              aria-expanded={expanded}
            >
              {expanded ? <ChevronUp size={12} aria-hidden="true" /> : <ChevronDown size={12} aria-hidden="true" />}
              {expanded ? "Collapse" : "Expand"}
              <span className="sr-only"> {accessibleName}</span>
            </button>
          ) : null}
          <button
            type="button"
            onClick={copy}
            className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800"
            aria-label={`Copy ${accessibleName}`}
          >
            {copied ? <Check size={12} aria-hidden="true" /> : <Copy size={12} aria-hidden="true" />}
            {copied ? "Copied" : "Copy"}
          </button>
        </span>
      </div>
      <pre className="max-w-full overflow-x-auto whitespace-pre-wrap break-words rounded-md bg-zinc-50 p-2.5 font-mono text-xs leading-5 text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">
        {shown}
      </pre>
      {large && !expanded ? (
        <p className="mt-1 text-xs text-amber-700 dark:text-amber-400" data-testid="collapsed-notice">
          Collapsed: {hiddenChars.toLocaleString("en-US")} more characters hidden ({lines.length.toLocaleString("en-US")} lines,{" "}
          {formatBytes(new TextEncoder().encode(text).length)} in all).{" "}
          <button type="button" className="font-medium underline" onClick={() => setExpanded(true)}>
            Show all
          </button>
        </p>
      ) : null}
    </div>
  );
}
