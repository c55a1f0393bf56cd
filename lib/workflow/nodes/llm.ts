/**
 * LLM (spec §2): one model call through `services.llm`, streamed as `node.delta` events.
 * Outputs `text`, `json` (when `output_schema` is set) and `usage` (tokens).
 */
import Ajv from "ajv";
import { z } from "zod";
import { renderText, type TemplateScope } from "../template";
import { commonDataShape, missingService, unnamedHandle, withoutUndefined } from "./common";
import { defineNode } from "./node-definition";

const schemaChecker = new Ajv({ strict: false, allErrors: false });

/** The `data` of a LLM node (spec §2), common fields included; `.describe()` texts are the editor's field help. */
export const llmConfigSchema = z.object({
  ...commonDataShape,
  model: z.string().min(1).optional().describe("Model name; empty uses the default model."),
  system_prompt: z.string().default("").describe("System prompt (template)."),
  prompt_template: z
    .string()
    .min(1, "Required: write the prompt; insert values with the variable picker, e.g. {{input.question}}.")
    .describe("User prompt (template), e.g. Summarise {{start.text}}."),
  temperature: z.number().min(0).max(2).optional().describe("Sampling temperature, 0–2."),
  max_tokens: z.number().int().positive().optional().describe("Upper bound of completion tokens."),
  output_schema: z
    .record(z.string(), z.unknown())
    .optional()
    .superRefine((schema, ctx) => {
      if (schema !== undefined && !schemaChecker.validateSchema(schema)) {
        ctx.addIssue({ code: "custom", message: `not a valid JSON Schema: ${schemaChecker.errorsText(schemaChecker.errors)}` });
      }
    })
    .describe("JSON Schema of a structured answer; when set, the answer is parsed into `json`."),
});

/** Parsed `data` of a LLM node. */
export type LlmConfig = z.infer<typeof llmConfigSchema>;

/** Token usage of a model call, in tokens. */
export const tokenUsageSchema = z.object({ prompt_tokens: z.number(), completion_tokens: z.number() });

/** The outputs of a LLM node (spec §2). */
export const llmOutputSchema = z.object({
  text: z.string(),
  json: z.unknown().optional(),
  usage: tokenUsageSchema,
});

/** Outputs of a LLM node. */
export type LlmOutputs = z.infer<typeof llmOutputSchema>;

/** Resolved inputs of an LLM node, as recorded in its node run. */
export interface LlmInputs {
  model?: string;
  system_prompt: string;
  prompt: string;
  temperature?: number;
  max_tokens?: number;
  output_schema?: Record<string, unknown>;
}

/** The LLM node type: schemas, handles, editor metadata, executor. */
export const llmNode = defineNode({
  type: "LLM",
  configSchema: llmConfigSchema,
  outputSchema: llmOutputSchema,
  meta: {
    label: "LLM",
    description: "Asks a language model; streams its answer.",
    icon: "Sparkles",
    color: "#7c3aed",
    category: "model",
    defaultData: { title: "LLM", system_prompt: "", prompt_template: "" },
  },
  templateFields: ["system_prompt", "prompt_template"],
  sourceHandles: unnamedHandle,
  takenHandles: unnamedHandle,
  continueHandles: unnamedHandle,
  resolveInputs(config: LlmConfig, scope: TemplateScope): LlmInputs {
    return withoutUndefined({
      model: config.model,
      system_prompt: renderText(config.system_prompt, scope),
      prompt: renderText(config.prompt_template, scope),
      temperature: config.temperature,
      max_tokens: config.max_tokens,
      output_schema: config.output_schema,
    });
  },
  async execute(context) {
    const llm = context.services.llm ?? missingService("LLM", "llm");
    const { inputs } = context;
    const result = await llm.complete({
      ...inputs,
      system_prompt: inputs.system_prompt === "" ? undefined : inputs.system_prompt,
      onDelta: (text) => context.emit(text),
      signal: context.signal,
    });
    const outputs: LlmOutputs = { text: result.text, usage: result.usage };
    if (inputs.output_schema !== undefined) outputs.json = result.json ?? null;
    return { outputs, usage: result.usage, model: result.model };
  },
});
