/**
 * Inputs of the workflow server actions. Graphs are checked as envelopes here (shape of nodes and edges);
 * node configs are checked by validateGraph (spec §4), since a draft may be incomplete.
 */
import { z } from "zod";
import { graphEnvelopeSchema } from "@/lib/workflow/schema";

export const workflowNameSchema = z.string().trim().min(1, "Give the workflow a name.").max(200, "Keep the name under 200 characters.");

export const createWorkflowSchema = z.object({
  name: workflowNameSchema,
  description: z.string().trim().max(2000).default(""),
});

export const renameWorkflowSchema = z.object({
  id: z.string().min(1),
  name: workflowNameSchema,
  description: z.string().trim().max(2000).optional(),
});

export const workflowIdSchema = z.object({ id: z.string().min(1) });

/** An uploaded workflow file, as text (spec §1 JSON). 20 MB matches the server-action body limit. */
export const importWorkflowSchema = z.object({ text: z.string().min(1, "The file is empty.").max(20_000_000) });

/** The draft graph the editor saves; `baseRevision` is the draftRevision it edited. */
export const saveDraftSchema = z.object({
  id: z.string().min(1),
  baseRevision: z.number().int().min(0),
  graph: graphEnvelopeSchema,
  force: z.boolean().default(false),
});

export const publishSchema = z.object({
  id: z.string().min(1),
  draftRevision: z.number().int().min(0),
  note: z.string().trim().max(2000).default(""),
});

/** Inputs of a run started from the editor: values for START's variables (checked by the runtime). */
export const startRunSchema = z.object({ id: z.string().min(1), inputs: z.record(z.string(), z.unknown()).default({}) });

/** A single-node test: the node and sample values by template root (`input`, upstream node ids). */
export const testNodeSchema = z.object({
  id: z.string().min(1),
  nodeId: z.string().min(1),
  sample: z.record(z.string(), z.unknown()).default({}),
});

export const versionSchema = z.object({ id: z.string().min(1), versionId: z.string().min(1) });

export type CreateWorkflowInput = z.input<typeof createWorkflowSchema>;
export type CreateWorkflowOutput = z.output<typeof createWorkflowSchema>;
