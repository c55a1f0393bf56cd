/**
 * The builtin tools, discovered without configuration (issue 5 "Six capability sources").
 */
import type { Tool } from "../types";
import { calculatorTool } from "./calculator";
import { jsonTransformTool } from "./json-transform";
import { templateRenderTool } from "./template-render";
import { textUtilsTool } from "./text-utils";
import { createWebFetchTool, type WebFetchOptions } from "./web-fetch";

export { calculatorTool, createWebFetchTool, jsonTransformTool, templateRenderTool, textUtilsTool };

/** Every builtin tool, in a stable order. */
export function builtinTools(options: { webFetch?: WebFetchOptions } = {}): Tool[] {
  return [calculatorTool, jsonTransformTool, templateRenderTool, textUtilsTool, createWebFetchTool(options.webFetch)];
}
