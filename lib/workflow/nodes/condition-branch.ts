/**
 * CONDITION_BRANCH (spec §2): the first condition (in order) whose rules hold picks its handle (the
 * condition id); none → `default`. Output `matched`. Rule variables resolve leniently: a missing path is empty.
 */
import { z } from "zod";
import { parseSingleReference, renderText, renderValue, resolvePath, type TemplateScope } from "../template";
import { commonDataShape, IDENTIFIER } from "./common";
import { CONDITION_OPERATORS, type ConditionOperator, evaluateCondition, UNARY_OPERATORS } from "./condition-operators";
import { defineNode, ERROR_HANDLE, type SourceHandle } from "./node-definition";

/** Handle taken when no condition holds. */
export const DEFAULT_HANDLE = "default";

/** One rule: `variable` (template) `operator` `value` (spec §2). */
export const conditionRuleSchema = z.object({
  variable: z
    .string()
    .min(1, "Required: choose what to test with the variable picker, e.g. {{input.amount}}.")
    .describe("What to test (template), e.g. {{llm.json.score}}."),
  operator: z.enum(CONDITION_OPERATORS).describe("Comparison."),
  value: z
    .union([z.string(), z.number(), z.boolean(), z.null()])
    .optional()
    .describe("What to compare with (literal or template); unused by is_empty, is_not_empty, is_true, is_false."),
});

/** One condition: its id is the handle taken when its rules hold. */
export const conditionSchema = z.object({
  id: z
    .string()
    .regex(IDENTIFIER, "must start with a letter and contain only letters, digits and _")
    .describe("Handle id of this condition's branch."),
  label: z.string().default("").describe("Shown on the branch."),
  logical_operator: z.enum(["and", "or"]).default("and").describe("How the rules combine."),
  rules: z.array(conditionRuleSchema).min(1).describe("The rules."),
});

/** The `data` of a CONDITION_BRANCH node (spec §2), common fields included; `.describe()` texts are the editor's field help. */
export const conditionBranchConfigSchema = z
  .object({
    ...commonDataShape,
    conditions: z.array(conditionSchema).min(1).describe("Conditions, tested in order; the first that holds wins."),
  })
  .superRefine((data, ctx) => {
    const seen = new Set<string>();
    data.conditions.forEach((condition, index) => {
      if (condition.id === DEFAULT_HANDLE || condition.id === ERROR_HANDLE) {
        ctx.addIssue({ code: "custom", path: ["conditions", index, "id"], message: `"${condition.id}" is reserved` });
      } else if (seen.has(condition.id)) {
        ctx.addIssue({ code: "custom", path: ["conditions", index, "id"], message: `duplicate condition id "${condition.id}"` });
      }
      seen.add(condition.id);
    });
  });

/** Parsed `data` of a CONDITION_BRANCH node. */
export type ConditionBranchConfig = z.infer<typeof conditionBranchConfigSchema>;

/** The outputs of a CONDITION_BRANCH node (spec §2). */
export const conditionBranchOutputSchema = z.object({ matched: z.string() });

/** Outputs of a CONDITION_BRANCH node. */
export type ConditionBranchOutputs = z.infer<typeof conditionBranchOutputSchema>;

/** Resolved inputs: each rule with its operands (a missing operand recorded as null). */
export interface ConditionBranchInputs {
  conditions: Array<{
    id: string;
    logical_operator: "and" | "or";
    rules: Array<{ variable: string; operator: ConditionOperator; left: unknown; right: unknown }>;
  }>;
}

function resolveOperand(template: unknown, scope: TemplateScope): unknown {
  if (typeof template !== "string") return template;
  const single = parseSingleReference(template);
  if (single) return resolvePath(scope, single, { lenient: true });
  return template.includes("{{") ? renderText(template, scope, { lenient: true }) : renderValue(template, scope);
}

/** The CONDITION_BRANCH node type: schemas, handles, editor metadata, executor. */
export const conditionBranchNode = defineNode({
  type: "CONDITION_BRANCH",
  pure: true,
  configSchema: conditionBranchConfigSchema,
  outputSchema: conditionBranchOutputSchema,
  meta: {
    label: "Condition",
    description: "Sends the run down the first branch whose condition holds.",
    icon: "GitBranch",
    color: "#0d9488",
    category: "control",
    // the rule starts empty, flagged as required, rather than naming a variable the workflow may not have
    defaultData: {
      title: "Condition",
      conditions: [{ id: "if_1", label: "If", logical_operator: "and", rules: [{ variable: "", operator: "is_not_empty" }] }],
    },
  },
  templateFields: ["conditions"],
  sourceHandles: (config: ConditionBranchConfig): SourceHandle[] => [...config.conditions.map((c) => c.id), DEFAULT_HANDLE],
  takenHandles: (outputs: ConditionBranchOutputs) => [outputs.matched],
  continueHandles: () => [DEFAULT_HANDLE],
  resolveInputs(config: ConditionBranchConfig, scope: TemplateScope): ConditionBranchInputs {
    return {
      conditions: config.conditions.map((condition) => ({
        id: condition.id,
        logical_operator: condition.logical_operator,
        rules: condition.rules.map((rule) => ({
          variable: rule.variable,
          operator: rule.operator,
          left: resolveOperand(rule.variable, scope) ?? null,
          right: UNARY_OPERATORS.has(rule.operator) ? null : (resolveOperand(rule.value, scope) ?? null),
        })),
      })),
    };
  },
  async execute(context) {
    for (const condition of context.inputs.conditions) {
      const test = (rule: (typeof condition.rules)[number]) => evaluateCondition(rule.left, rule.operator, rule.right);
      const holds = condition.logical_operator === "and" ? condition.rules.every(test) : condition.rules.some(test);
      if (holds) return { outputs: { matched: condition.id } };
    }
    return { outputs: { matched: DEFAULT_HANDLE } };
  },
});
