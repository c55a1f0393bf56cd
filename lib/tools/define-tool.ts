/**
 * Tools we define ourselves take a zod schema; the advertised JSON Schema comes from it
 * (`z.toJSONSchema`), so the schema is declared once (STYLE.md "One source of truth per fact").
 */
import { z } from "zod";
import type { JsonSchema, Tool, ToolCategory, ToolContext, ToolOutput } from "./types";

/** A zod object schema as the JSON Schema the model sees (without `$schema`, which Ajv 8 draft-07 rejects). */
export function toParametersSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/**
 * Defines a tool from a zod object schema. `run` receives the parsed value (the envelope has already
 * validated and coerced it with Ajv against the same schema; zod parses it once more for the typed value).
 */
export function defineTool<Schema extends z.ZodType<Record<string, unknown>>>(definition: {
  name: string;
  description: string;
  category: ToolCategory;
  provider?: string;
  input: Schema;
  presets?: Record<string, unknown>;
  run: (args: z.output<Schema>, context: ToolContext) => Promise<ToolOutput> | ToolOutput;
}): Tool {
  return {
    name: definition.name,
    description: definition.description,
    category: definition.category,
    provider: definition.provider ?? "builtin",
    parameters: toParametersSchema(definition.input),
    ...(definition.presets ? { presets: definition.presets } : {}),
    run: (args, context) => definition.run(definition.input.parse(args), context),
  };
}
