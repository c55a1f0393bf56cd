/**
 * `json_transform`: queries or reshapes JSON with a JSONata expression (https://jsonata.org).
 */
import jsonata from "jsonata";
import { z } from "zod";
import { defineTool } from "../define-tool";
import { ToolError } from "../tool-error";

/** Wall-clock cap for one evaluation, ms. */
const TIMEOUT_MS = 2_000;

export const jsonTransformTool = defineTool({
  name: "json_transform",
  description:
    'Query or reshape JSON data with a JSONata expression, e.g. `$sum(orders.amount)`, `items[price > 10].name`, `{ "total": $count(items) }`.',
  category: "data",
  input: z.object({
    expression: z.string().min(1).max(5000).describe("JSONata expression"),
    data: z.unknown().describe("The JSON input (object, array or value)"),
  }),
  async run({ expression, data }) {
    let compiled: ReturnType<typeof jsonata>;
    try {
      compiled = jsonata(expression);
    } catch (error) {
      throw new ToolError("invalid_expression", `JSONata syntax error: ${(error as { message?: string }).message ?? String(error)}`);
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ToolError("timeout", `JSONata evaluation took longer than ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
      });
      const value = await Promise.race([compiled.evaluate(data ?? null), timeout]);
      return { result: value === undefined ? null : value };
    } catch (error) {
      if (error instanceof ToolError) throw error;
      throw new ToolError("invalid_expression", `JSONata evaluation failed: ${(error as { message?: string }).message ?? String(error)}`);
    } finally {
      clearTimeout(timer);
    }
  },
});
