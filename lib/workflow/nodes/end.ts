/**
 * END (spec §2): maps values to the run's outputs. With several ENDs, the run's outputs are the union of
 * the mapped keys of the ENDs that ran (a later END wins on a shared key).
 */
import { z } from "zod";
import { renderValue, type TemplateScope } from "../template";
import { commonDataShape, noHandles, templateMapSchema } from "./common";
import { defineNode } from "./node-definition";

/** The `data` of a END node (spec §2), common fields included; `.describe()` texts are the editor's field help. */
export const endConfigSchema = z.object({
  ...commonDataShape,
  output_mapping: templateMapSchema
    .default({})
    .describe("Output key → template. A value that is one reference keeps its type ({{llm.json}} stays an object)."),
});

/** Parsed `data` of a END node. */
export type EndConfig = z.infer<typeof endConfigSchema>;

/** The outputs of a END node (spec §2). */
export const endOutputSchema = z.record(z.string(), z.unknown());

/** The END node type: schemas, handles, editor metadata, executor. */
export const endNode = defineNode({
  type: "END",
  pure: true,
  configSchema: endConfigSchema,
  outputSchema: endOutputSchema,
  meta: {
    label: "End",
    description: "Ends a branch and sets the run's outputs.",
    icon: "Flag",
    color: "#dc2626",
    category: "control",
    defaultData: { title: "End", output_mapping: {} },
  },
  templateFields: ["output_mapping"],
  sourceHandles: noHandles,
  takenHandles: noHandles,
  continueHandles: noHandles,
  resolveInputs(config: EndConfig, scope: TemplateScope): Record<string, unknown> {
    return renderValue(config.output_mapping, scope) as Record<string, unknown>;
  },
  async execute(context) {
    return { outputs: context.inputs };
  },
});
