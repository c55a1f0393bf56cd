/**
 * `text_utils`: exact text operations models are bad at (counting, case, slicing, search, replace).
 */
import { countTokens } from "gpt-tokenizer";
import { z } from "zod";
import { defineTool } from "../define-tool";
import { ToolError } from "../tool-error";

const operations = ["count", "upper", "lower", "trim", "reverse", "slice", "replace", "split", "contains", "slug"] as const;

export const textUtilsTool = defineTool({
  name: "text_utils",
  description:
    "Exact text operations. operation: count (characters, words, lines, tokens), upper, lower, trim, reverse, slice (start, end), replace (find, replacement; all occurrences), split (separator), contains (find), slug.",
  category: "text",
  input: z.object({
    operation: z.enum(operations),
    text: z.string().max(1_000_000),
    find: z.string().optional(),
    replacement: z.string().optional(),
    separator: z.string().optional(),
    start: z.number().int().optional(),
    end: z.number().int().optional(),
  }),
  run({ operation, text, find, replacement, separator, start, end }) {
    switch (operation) {
      case "count": {
        const trimmed = text.trim();
        return {
          characters: [...text].length,
          words: trimmed === "" ? 0 : trimmed.split(/\s+/u).length,
          lines: text === "" ? 0 : text.split(/\r\n|\r|\n/).length,
          tokens: countTokens(text),
        };
      }
      case "upper":
        return text.toUpperCase();
      case "lower":
        return text.toLowerCase();
      case "trim":
        return text.trim();
      case "reverse":
        return [...text].reverse().join("");
      case "slice":
        return [...text].slice(start ?? 0, end).join("");
      case "replace":
        if (find === undefined || find === "") throw new ToolError("invalid_arguments", "replace needs `find`");
        return text.split(find).join(replacement ?? "");
      case "split":
        return text.split(separator ?? "\n");
      case "contains":
        if (find === undefined) throw new ToolError("invalid_arguments", "contains needs `find`");
        return { contains: text.includes(find), count: find === "" ? 0 : text.split(find).length - 1 };
      case "slug":
        return text
          .normalize("NFKD")
          .replace(/[\u0300-\u036f]/g, "")
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-+|-+$/g, "");
    }
  },
});
