/**
 * `template_render`: fills a `{{name.path}}` template (the workflow template syntax, spec §3) with values.
 */
import { z } from "zod";
import { isWorkflowError } from "@/lib/workflow/errors";
import { renderText } from "@/lib/workflow/template";
import { defineTool } from "../define-tool";
import { ToolError } from "../tool-error";

export const templateRenderTool = defineTool({
  name: "template_render",
  description:
    "Render a text template: `{{name}}` or `{{customer.address.city}}` / `{{items[0].title}}` are replaced by values from `variables` (objects and arrays as JSON). A missing value is an error.",
  category: "text",
  input: z.object({
    template: z.string().max(100_000),
    variables: z.record(z.string(), z.unknown()).default({}).describe("The values, by top-level name"),
  }),
  run({ template, variables }) {
    try {
      return renderText(template, variables);
    } catch (error) {
      if (isWorkflowError(error)) throw new ToolError(error.code, error.message);
      throw error;
    }
  },
});
