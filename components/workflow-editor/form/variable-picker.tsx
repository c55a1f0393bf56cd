"use client";

import { Braces } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useVariables } from "./variables-context";

/**
 * The "insert variable" button of a template field: a list of what the node may refer to — run inputs
 * (`input.*`) and the outputs of upstream nodes, each with its type — filtered as you type; a choice
 * inserts `{{root.path}}`.
 */
export function VariablePicker({
  onPick,
  fieldLabel,
  compact = false,
}: {
  onPick: (reference: string) => void;
  fieldLabel: string;
  compact?: boolean;
}) {
  const { groups } = useVariables();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState("");
  const panel = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (panel.current && !panel.current.parentElement?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [open]);

  const needle = filter.trim().toLowerCase();
  const shown = groups
    .map((group) => ({
      ...group,
      fields: group.fields.filter((field) => needle === "" || `${group.root}.${field.path} ${group.label}`.toLowerCase().includes(needle)),
    }))
    .filter((group) => group.fields.length > 0);

  return (
    <div className="relative">
      <button
        type="button"
        aria-label={`Insert variable into ${fieldLabel}`}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        title="Insert a variable"
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-6 items-center gap-1 rounded border border-zinc-300 bg-white px-1.5 text-[11px] font-medium text-zinc-600 hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        <Braces size={12} aria-hidden="true" />
        {compact ? null : "Variable"}
      </button>
      {open ? (
        <div
          ref={panel}
          id={listId}
          role="dialog"
          aria-label="Insert a variable"
          className="absolute top-full right-0 z-30 mt-1 w-72 rounded-md border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.stopPropagation();
              setOpen(false);
            }
          }}
        >
          <input
            // biome-ignore lint/a11y/noAutofocus: the picker opens to be typed into
            autoFocus
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="Filter variables"
            aria-label="Filter variables"
            className="mb-2 block w-full rounded border border-zinc-300 bg-white px-2 py-1 text-xs dark:border-zinc-700 dark:bg-zinc-950"
          />
          <div className="max-h-64 overflow-y-auto" role="listbox" aria-label="Variables">
            {shown.length === 0 ? (
              <p className="px-1 py-2 text-xs text-zinc-500">
                {groups.length === 0
                  ? "Nothing upstream yet: connect this node after others, or add START variables."
                  : "No variable matches."}
              </p>
            ) : (
              shown.map((group) => (
                <div key={group.root} className="mb-1.5">
                  <p className="px-1 text-[10px] font-semibold tracking-wide text-zinc-500 uppercase">
                    {group.label} <span className="font-mono normal-case">({group.root})</span>
                  </p>
                  {group.fields.map((field) => {
                    const reference = `{{${group.root}.${field.path}}}`;
                    return (
                      <button
                        type="button"
                        role="option"
                        aria-selected={false}
                        key={field.path}
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => {
                          onPick(reference);
                          setOpen(false);
                          setFilter("");
                        }}
                        className="flex w-full items-center justify-between gap-2 rounded px-1.5 py-1 text-left font-mono text-xs hover:bg-brand-50 dark:hover:bg-zinc-800"
                      >
                        <span className="truncate">
                          {group.root}.{field.path}
                        </span>
                        <span className="shrink-0 rounded bg-zinc-100 px-1 font-sans text-[10px] text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">
                          {field.type}
                        </span>
                      </button>
                    );
                  })}
                </div>
              ))
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
