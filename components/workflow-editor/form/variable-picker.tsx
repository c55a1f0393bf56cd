"use client";

import { clsx } from "clsx";
import { Braces } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { emptyListMessage, filterVariables, flattenOptions, pickerKeyAction } from "./variable-options";
import { useVariables } from "./variables-context";

/**
 * The "insert variable" button of a template field: a list of what the node may refer to — run inputs
 * (`input.*`) and the outputs of upstream nodes, each with its type — filtered as you type; a choice
 * inserts `{{root.path}}` (through `onPick`). The filter box is a combobox (WAI-ARIA combobox with a
 * listbox popup): it keeps the focus, ArrowUp and ArrowDown move the active option, Enter inserts it (the
 * first match until moved), Escape closes the picker and hands the focus back (`onDismiss`). The picker
 * also closes when the focus leaves it (back to the field, Tab) or on a click outside it.
 */
/** The popup's height at most (px): the filter box, a list of at most 256 px (`max-h-64`), padding. */
const POPUP_HEIGHT_PX = 310;

export function VariablePicker({
  onPick,
  onDismiss,
  fieldLabel,
  compact = false,
}: {
  onPick: (reference: string) => void;
  /** Called when Escape closes the picker: the field takes the focus back. */
  onDismiss?: () => void;
  fieldLabel: string;
  compact?: boolean;
}) {
  const { groups } = useVariables();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState("");
  const [active, setActive] = useState(0);
  const [above, setAbove] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const listId = `${panelId}-list`;
  const optionId = (index: number) => `${panelId}-option-${index}`;

  const shown = useMemo(() => filterVariables(groups, filter), [groups, filter]);
  const options = useMemo(() => flattenOptions(shown), [shown]);
  const activeIndex = options.length === 0 ? -1 : Math.min(active, options.length - 1);

  const close = useCallback(() => {
    setOpen(false);
    setFilter("");
    setActive(0);
  }, []);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) close();
    };
    document.addEventListener("mousedown", closeOutside);
    return () => document.removeEventListener("mousedown", closeOutside);
  }, [open, close]);

  // keep the active option in sight as the keyboard moves it through a list longer than the popup
  const activeId = open && activeIndex >= 0 ? optionId(activeIndex) : null;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  const pick = (reference: string) => {
    onPick(reference);
    close();
  };

  return (
    <div className="relative" ref={root}>
      <button
        type="button"
        aria-label={`Insert variable into ${fieldLabel}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        title="Insert a variable"
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          if (open) return close();
          // open upwards when the popup would not fit below the button (a field near the window's bottom)
          const box = root.current?.getBoundingClientRect();
          setAbove(!!box && window.innerHeight - box.bottom < POPUP_HEIGHT_PX && box.top > window.innerHeight - box.bottom);
          setOpen(true);
        }}
        className="inline-flex h-6 items-center gap-1 rounded border border-zinc-300 bg-white px-1.5 text-[11px] font-medium text-zinc-600 hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        <Braces size={12} aria-hidden="true" />
        {compact ? null : "Variable"}
      </button>
      {open ? (
        <div
          id={panelId}
          role="dialog"
          aria-label="Insert a variable"
          className={clsx(
            "absolute right-0 z-30 w-72 rounded-md border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-700 dark:bg-zinc-900",
            above ? "bottom-full mb-1" : "top-full mt-1",
          )}
          data-placement={above ? "above" : "below"}
          onBlur={(event) => {
            // the focus went back to the field, or elsewhere (Tab): the picker is done
            const next = event.relatedTarget as Node | null;
            if (next && !root.current?.contains(next)) close();
          }}
        >
          <input
            // biome-ignore lint/a11y/noAutofocus: the picker opens to be typed into
            autoFocus
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeId ?? undefined}
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              setActive(0);
            }}
            onKeyDown={(event) => {
              if (event.nativeEvent.isComposing) return;
              const action = pickerKeyAction(event.key, activeIndex, options.length);
              if (event.key === "Enter" || action.kind !== "none") event.preventDefault();
              if (action.kind === "move") setActive(action.active);
              else if (action.kind === "pick") pick(options[action.index].reference);
              else if (action.kind === "close") {
                event.stopPropagation();
                close();
                onDismiss?.();
              }
            }}
            placeholder="Filter variables"
            aria-label="Filter variables"
            className="mb-2 block w-full rounded border border-zinc-300 bg-white px-2 py-1 text-xs dark:border-zinc-700 dark:bg-zinc-950"
          />
          <div id={listId} className="max-h-64 overflow-y-auto" role="listbox" aria-label="Variables">
            {shown.length === 0 ? (
              <p className="px-1 py-2 text-xs text-zinc-500">{emptyListMessage(groups)}</p>
            ) : (
              shown.map((group) => (
                <div key={group.root} role="group" aria-labelledby={`${panelId}-group-${group.root}`} className="mb-1.5">
                  <p id={`${panelId}-group-${group.root}`} className="px-1 text-[10px] font-semibold tracking-wide text-zinc-500 uppercase">
                    {group.label} <span className="font-mono normal-case">({group.root})</span>
                  </p>
                  {group.options.map((option) => {
                    const isActive = option.index === activeIndex;
                    return (
                      <button
                        type="button"
                        role="option"
                        id={optionId(option.index)}
                        aria-selected={isActive}
                        tabIndex={-1}
                        key={option.name}
                        onMouseDown={(event) => event.preventDefault()}
                        onMouseMove={() => {
                          if (!isActive) setActive(option.index);
                        }}
                        onClick={() => pick(option.reference)}
                        className={clsx(
                          "flex w-full items-center justify-between gap-2 rounded px-1.5 py-1 text-left font-mono text-xs",
                          isActive
                            ? "bg-brand-50 ring-1 ring-brand-500/50 ring-inset dark:bg-zinc-800 dark:ring-brand-500/70"
                            : "hover:bg-brand-50 dark:hover:bg-zinc-800",
                        )}
                      >
                        <span className="truncate">{option.name}</span>
                        <span className="shrink-0 rounded bg-zinc-100 px-1 font-sans text-[10px] text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">
                          {option.type}
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
