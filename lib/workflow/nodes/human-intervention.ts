/**
 * HUMAN_INTERVENTION (spec §2, §5): the engine does not execute it; it stores an approval and the run
 * waits. A decision resumes the run: `approved` takes the `approved` handle; `rejected` takes the
 * `rejected` handle, or fails the node with `approval_rejected` when no edge leaves that handle;
 * a timeout (`timeout_hours`) fails it with `approval_timeout`.
 */
import { z } from "zod";
import { WorkflowError } from "../errors";
import { renderText, type TemplateScope } from "../template";
import { commonDataShape } from "./common";
import { defineNode, type SourceHandle } from "./node-definition";

/** What a person can decide (spec §2 HUMAN_INTERVENTION `decision`). */
export const APPROVAL_DECISIONS = ["approved", "rejected"] as const;
/** One of APPROVAL_DECISIONS. */
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** The `data` of a HUMAN_INTERVENTION node (spec §2), common fields included; `.describe()` texts are the editor's field help. */
export const humanInterventionConfigSchema = z.object({
  ...commonDataShape,
  title: z.string().max(200).optional().describe("What is to be approved (template)."),
  description: z.string().max(20_000).default("").describe("Details shown to the approver (template)."),
  assignee: z.string().default("").describe("User email or role allowed to decide (template); empty = anyone."),
  timeout_hours: z
    .number()
    .positive()
    .max(24 * 365)
    .default(24)
    .describe("Hours before the approval times out (approval_timeout)."),
});

/** Parsed `data` of a HUMAN_INTERVENTION node. */
export type HumanInterventionConfig = z.infer<typeof humanInterventionConfigSchema>;

/** The outputs of a HUMAN_INTERVENTION node (spec §2). */
export const humanInterventionOutputSchema = z.object({
  decision: z.enum(APPROVAL_DECISIONS),
  decided_by: z.string().nullable(),
  note: z.string().nullable(),
  /** ISO-8601 UTC. */
  decided_at: z.string(),
});

/** Outputs of a HUMAN_INTERVENTION node. */
export type HumanInterventionOutputs = z.infer<typeof humanInterventionOutputSchema>;

/** Resolved inputs of a HUMAN_INTERVENTION node: what the approval row stores. */
export interface HumanInterventionInputs {
  title: string;
  description: string;
  assignee: string;
  timeout_hours: number;
}

const handles = (): SourceHandle[] => ["approved", "rejected"];

/** The HUMAN_INTERVENTION node type: schemas, handles, editor metadata, executor. */
export const humanInterventionNode = defineNode({
  type: "HUMAN_INTERVENTION",
  configSchema: humanInterventionConfigSchema,
  outputSchema: humanInterventionOutputSchema,
  meta: {
    label: "Human approval",
    description: "Pauses the run until a person approves or rejects.",
    icon: "UserCheck",
    color: "#ca8a04",
    category: "human",
    defaultData: { title: "Approval", description: "", assignee: "", timeout_hours: 24 },
  },
  templateFields: ["title", "description", "assignee"],
  sourceHandles: handles,
  takenHandles: (outputs: HumanInterventionOutputs) => [outputs.decision],
  continueHandles: () => ["rejected"],
  resolveInputs(config: HumanInterventionConfig, scope: TemplateScope): HumanInterventionInputs {
    return {
      title: renderText(config.title ?? "Approval", scope),
      description: renderText(config.description, scope),
      assignee: renderText(config.assignee, scope).trim(),
      timeout_hours: config.timeout_hours,
    };
  },
  async execute(): Promise<never> {
    throw new WorkflowError("invalid_config", "HUMAN_INTERVENTION is not executed; the engine waits for a decision");
  },
});
