/**
 * `calculator`: evaluates a math expression with mathjs's own parser (no JS eval). Functions that could
 * change the math instance or parse further code are disabled (mathjs docs, "Security").
 */
import { all, create, type MathJsInstance } from "mathjs";
import { z } from "zod";
import { defineTool } from "../define-tool";
import { ToolError } from "../tool-error";

const math: MathJsInstance = create(all, { number: "number", precision: 64 });
const evaluate = math.evaluate.bind(math);
const disabled = (name: string) => () => {
  throw new Error(`Function ${name} is disabled`);
};
math.import(
  {
    import: disabled("import"),
    createUnit: disabled("createUnit"),
    evaluate: disabled("evaluate"),
    parse: disabled("parse"),
    simplify: disabled("simplify"),
    derivative: disabled("derivative"),
    resolve: disabled("resolve"),
    reviver: disabled("reviver"),
  },
  { override: true },
);

/** Formats a mathjs value: numbers as JS numbers (14 significant digits, no float noise), the rest as text. */
function formatValue(value: unknown): number | string | boolean {
  if (typeof value === "number") return Number(math.format(value, { precision: 14 }));
  if (typeof value === "boolean") return value;
  return math.format(value, { precision: 14 });
}

export const calculatorTool = defineTool({
  name: "calculator",
  description:
    "Evaluate a math expression exactly (mathjs syntax): arithmetic, powers (^), sqrt, trig, log, units (e.g. `5 km to mi`), matrices. Use it for any arithmetic instead of computing in your head.",
  category: "math",
  input: z.object({ expression: z.string().min(1).max(2000).describe("The expression, e.g. `(12.5 * 4) / 3` or `sqrt(2)^2`") }),
  run({ expression }) {
    let value: unknown;
    try {
      value = evaluate(expression);
    } catch (error) {
      throw new ToolError(
        "invalid_expression",
        `Cannot evaluate "${expression}": ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (typeof value === "function" || value === undefined)
      throw new ToolError("invalid_expression", `"${expression}" does not evaluate to a value`);
    if (typeof value === "number" && !Number.isFinite(value)) return { expression, result: String(value) };
    return { expression, result: formatValue(value) };
  },
});
