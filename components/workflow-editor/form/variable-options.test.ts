import { describe, expect, it } from "vitest";
import type { VariableGroup } from "../upstream";
import { emptyListMessage, filterVariables, flattenOptions, pickerKeyAction } from "./variable-options";

const groups: VariableGroup[] = [
  { root: "input", label: "Run inputs", nodeType: "START", fields: [{ path: "question", type: "string" }] },
  {
    root: "llm",
    label: "Classify",
    nodeType: "LLM",
    fields: [
      { path: "text", type: "string" },
      { path: "usage.prompt_tokens", type: "number" },
    ],
  },
];

describe("variable picker options", () => {
  it("numbers every variable in list order across groups, with its reference", () => {
    expect(filterVariables(groups, "")).toEqual([
      {
        root: "input",
        label: "Run inputs",
        options: [{ index: 0, name: "input.question", reference: "{{input.question}}", type: "string" }],
      },
      {
        root: "llm",
        label: "Classify",
        options: [
          { index: 1, name: "llm.text", reference: "{{llm.text}}", type: "string" },
          { index: 2, name: "llm.usage.prompt_tokens", reference: "{{llm.usage.prompt_tokens}}", type: "number" },
        ],
      },
    ]);
  });

  it("filters on root.path and the group's label, trimmed and case-insensitive; empty groups go, numbering restarts at 0", () => {
    expect(flattenOptions(filterVariables(groups, "  TOKENS "))).toEqual([
      { index: 0, name: "llm.usage.prompt_tokens", reference: "{{llm.usage.prompt_tokens}}", type: "number" },
    ]);
    expect(flattenOptions(filterVariables(groups, "classify")).map((option) => [option.index, option.name])).toEqual([
      [0, "llm.text"],
      [1, "llm.usage.prompt_tokens"],
    ]);
    expect(filterVariables(groups, "nothing like it")).toEqual([]);
  });

  it("says why the list is empty: a filter that matched nothing, START without variables, or nothing upstream", () => {
    expect(emptyListMessage(groups)).toBe("No variable matches.");
    expect(emptyListMessage([])).toBe("Nothing upstream yet: connect a node before this one to use its outputs.");
    expect(emptyListMessage([{ root: "input", label: "Run inputs", nodeType: "START", fields: [] }])).toBe(
      "Nothing upstream yet: connect a node before this one to use its outputs.",
    );
    expect(
      emptyListMessage([
        { root: "input", label: "Run inputs", nodeType: "START", fields: [] },
        { root: "start", label: "start", nodeType: "START", fields: [] },
      ]),
    ).toBe("Nothing to insert yet: START declares no variables; add one to use it here as {{input.name}}.");
  });

  it("moves the active option with the arrows (wrapping), picks it with Enter, closes with Escape", () => {
    expect(pickerKeyAction("ArrowDown", 0, 3)).toEqual({ kind: "move", active: 1 });
    expect(pickerKeyAction("ArrowDown", 2, 3)).toEqual({ kind: "move", active: 0 });
    expect(pickerKeyAction("ArrowUp", 0, 3)).toEqual({ kind: "move", active: 2 });
    expect(pickerKeyAction("ArrowUp", 2, 3)).toEqual({ kind: "move", active: 1 });
    expect(pickerKeyAction("Enter", 0, 1)).toEqual({ kind: "pick", index: 0 });
    expect(pickerKeyAction("Enter", 2, 3)).toEqual({ kind: "pick", index: 2 });
    expect(pickerKeyAction("Enter", -1, 2)).toEqual({ kind: "pick", index: 0 });
    expect(pickerKeyAction("Escape", 1, 3)).toEqual({ kind: "close" });
    expect(pickerKeyAction("a", 1, 3)).toEqual({ kind: "none" });
  });

  it("does nothing on the arrows or Enter when the list is empty", () => {
    expect(pickerKeyAction("ArrowDown", -1, 0)).toEqual({ kind: "none" });
    expect(pickerKeyAction("ArrowUp", -1, 0)).toEqual({ kind: "none" });
    expect(pickerKeyAction("Enter", -1, 0)).toEqual({ kind: "none" });
    expect(pickerKeyAction("Escape", -1, 0)).toEqual({ kind: "close" });
  });
});
