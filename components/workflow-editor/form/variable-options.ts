/**
 * The logic of the variable picker, without React: which variables a filter leaves, the one list the
 * keyboard moves through, what to say when the list is empty, and what a key does in the filter box
 * (the WAI-ARIA combobox pattern with a listbox popup: https://www.w3.org/WAI/ARIA/apg/patterns/combobox/).
 */
import type { ValueType, VariableGroup } from "../upstream";

/** One variable the picker offers. */
export interface VariableOption {
  /** Position in the flat list across groups (what ArrowUp and ArrowDown move through). */
  index: number;
  /** What it shows: `root.path`. */
  name: string;
  /** What it inserts: `{{root.path}}`. */
  reference: string;
  type: ValueType;
}

/** A group of the picker's list (the run inputs, or one upstream node) with the variables the filter left. */
export interface VariableOptionGroup {
  root: string;
  label: string;
  options: VariableOption[];
}

/**
 * The variables `filter` leaves, in groups, numbered in list order. A variable stays when its
 * `root.path` or its group's label contains the filter (trimmed, case-insensitive); groups left empty
 * are dropped.
 */
export function filterVariables(groups: readonly VariableGroup[], filter: string): VariableOptionGroup[] {
  const needle = filter.trim().toLowerCase();
  const shown: VariableOptionGroup[] = [];
  let index = 0;
  for (const group of groups) {
    const options: VariableOption[] = [];
    for (const field of group.fields) {
      const name = `${group.root}.${field.path}`;
      if (needle !== "" && !`${name} ${group.label}`.toLowerCase().includes(needle)) continue;
      options.push({ index, name, reference: `{{${name}}}`, type: field.type });
      index += 1;
    }
    if (options.length > 0) shown.push({ root: group.root, label: group.label, options });
  }
  return shown;
}

/** The options of `groups` as one list, in order. */
export function flattenOptions(groups: readonly VariableOptionGroup[]): VariableOption[] {
  return groups.flatMap((group) => group.options);
}

/**
 * What the picker says when its filtered list is empty: "No variable matches." when there were variables
 * (the filter removed them all); otherwise why there is nothing to offer (no START variables, nothing upstream).
 */
export function emptyListMessage(groups: readonly VariableGroup[]): string {
  if (groups.some((group) => group.fields.length > 0)) return "No variable matches.";
  const upstreamNodes = groups.some((group) => group.root !== "input");
  return upstreamNodes
    ? "Nothing to insert yet: START declares no variables; add one to use it here as {{input.name}}."
    : "Nothing upstream yet: connect a node before this one to use its outputs.";
}

/** What a key pressed in the filter box does. */
export type PickerKeyAction = { kind: "move"; active: number } | { kind: "pick"; index: number } | { kind: "close" } | { kind: "none" };

/**
 * The action of `key` in the filter box when option `active` (0-based) of `count` is the active one:
 * ArrowDown and ArrowUp move the active option, wrapping at the ends; Enter picks the active option
 * (nothing when the list is empty); Escape closes. Other keys edit the filter ("none").
 */
export function pickerKeyAction(key: string, active: number, count: number): PickerKeyAction {
  switch (key) {
    case "ArrowDown":
      return count === 0 ? { kind: "none" } : { kind: "move", active: (active + 1) % count };
    case "ArrowUp":
      return count === 0 ? { kind: "none" } : { kind: "move", active: (active - 1 + count) % count };
    case "Enter":
      return count === 0 ? { kind: "none" } : { kind: "pick", index: Math.min(Math.max(active, 0), count - 1) };
    case "Escape":
      return { kind: "close" };
    default:
      return { kind: "none" };
  }
}
