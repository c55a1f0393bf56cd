/**
 * AGENT (spec §2): runs the agent loop through `services.agent` (lib/agent), with a saved agent
 * (`agent_id`) or inline fields. Outputs `text`, `steps`, `usage` (tokens).
 */
import { z } from "zod";
import { renderText, type TemplateScope } from "../template";
import { commonDataShape, missingService, unnamedHandle, withoutUndefined } from "./common";
import { tokenUsageSchema } from "./llm";
import { defineNode } from "./node-definition";

/** The `data` of a AGENT node (spec §2), common fields included; `.describe()` texts are the editor's field help. */
export const agentConfigSchema = z
  .object({
    ...commonDataShape,
    agent_id: z.string().min(1).optional().describe("A saved agent; leave empty to define one inline."),
    instructions: z.string().optional().describe("Inline agent: its instructions (template)."),
    model: z.string().min(1).optional().describe("Inline agent: model name; empty uses the default model."),
    tool_categories: z.array(z.string().min(1)).optional().describe("Inline agent: tool categories it may use; absent = all."),
    max_iterations: z.number().int().min(1).max(200).optional().describe("Inline agent: upper bound of reasoning steps."),
    prompt_template: z
      .string()
      .min(1, "Required: write the task; insert values with the variable picker, e.g. {{input.question}}.")
      .describe("The task given to the agent (template)."),
  })
  .superRefine((data, ctx) => {
    if (data.agent_id === undefined && (data.instructions === undefined || data.instructions.trim() === "")) {
      ctx.addIssue({ code: "custom", path: ["agent_id"], message: "give agent_id or inline instructions" });
    }
  });

/** Parsed `data` of a AGENT node. */
export type AgentConfig = z.infer<typeof agentConfigSchema>;

/** The outputs of a AGENT node (spec §2). */
export const agentOutputSchema = z.object({
  text: z.string(),
  steps: z.array(z.unknown()),
  usage: tokenUsageSchema,
});

/** Outputs of a AGENT node. */
export type AgentOutputs = z.infer<typeof agentOutputSchema>;

/** Resolved inputs of an AGENT node. */
export interface AgentInputs {
  agent_id?: string;
  instructions?: string;
  model?: string;
  tool_categories?: string[];
  max_iterations?: number;
  prompt: string;
}

/** The AGENT node type: schemas, handles, editor metadata, executor. */
export const agentNode = defineNode({
  type: "AGENT",
  configSchema: agentConfigSchema,
  outputSchema: agentOutputSchema,
  meta: {
    label: "Agent",
    description: "Lets an agent use tools to reach an answer.",
    icon: "Bot",
    color: "#2563eb",
    category: "model",
    defaultData: { title: "Agent", instructions: "You are a helpful assistant.", prompt_template: "" },
  },
  templateFields: ["instructions", "prompt_template"],
  sourceHandles: unnamedHandle,
  takenHandles: unnamedHandle,
  continueHandles: unnamedHandle,
  resolveInputs(config: AgentConfig, scope: TemplateScope): AgentInputs {
    return withoutUndefined({
      agent_id: config.agent_id,
      instructions: config.instructions === undefined ? undefined : renderText(config.instructions, scope),
      model: config.model,
      tool_categories: config.tool_categories,
      max_iterations: config.max_iterations,
      prompt: renderText(config.prompt_template, scope),
    });
  },
  async execute(context) {
    const agent = context.services.agent ?? missingService("AGENT", "agent");
    const { inputs, run } = context;
    const result = await agent.run(
      withoutUndefined({
        agentId: inputs.agent_id,
        instructions: inputs.instructions,
        model: inputs.model,
        tool_categories: inputs.tool_categories,
        max_iterations: inputs.max_iterations,
        prompt: inputs.prompt,
        signal: context.signal,
        onDelta: (text: string) => context.emit(text),
        context: { runId: run.runId, depth: run.depth, callStack: run.callStack, userId: run.userId },
      }),
    );
    return {
      outputs: { text: result.text, steps: result.steps, usage: result.usage },
      usage: result.usage,
      model: result.model,
    };
  },
});
