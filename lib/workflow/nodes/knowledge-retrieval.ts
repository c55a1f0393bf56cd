/**
 * KNOWLEDGE_RETRIEVAL (spec §2): searches knowledge bases through `services.knowledge`.
 * Outputs `results` (`[{document, chunk, score, text}]`) and `output` (their texts joined by a blank line).
 */
import { z } from "zod";
import { renderText, type TemplateScope } from "../template";
import { commonDataShape, missingService, unnamedHandle, withoutUndefined } from "./common";
import { defineNode } from "./node-definition";

/** The `data` of a KNOWLEDGE_RETRIEVAL node (spec §2), common fields included; `.describe()` texts are the editor's field help. */
export const knowledgeRetrievalConfigSchema = z.object({
  ...commonDataShape,
  kb_ids: z.array(z.string().min(1)).min(1).describe("Knowledge bases to search."),
  query_template: z
    .string()
    .min(1, "Required: write the search query; insert values with the variable picker, e.g. {{input.question}}.")
    .describe("Search query (template)."),
  top_k: z.number().int().min(1).max(100).default(5).describe("How many chunks to return."),
  min_score: z.number().optional().describe("Drop chunks scoring below this."),
});

/** Parsed `data` of a KNOWLEDGE_RETRIEVAL node. */
export type KnowledgeRetrievalConfig = z.infer<typeof knowledgeRetrievalConfigSchema>;

/** One retrieved chunk: document name, chunk position, score, text. */
export const retrievedChunkSchema = z.object({ document: z.string(), chunk: z.number(), score: z.number(), text: z.string() });

/** The outputs of a KNOWLEDGE_RETRIEVAL node (spec §2). */
export const knowledgeRetrievalOutputSchema = z.object({ results: z.array(retrievedChunkSchema), output: z.string() });

/** Outputs of a KNOWLEDGE_RETRIEVAL node. */
export type KnowledgeRetrievalOutputs = z.infer<typeof knowledgeRetrievalOutputSchema>;

/** Resolved inputs of a KNOWLEDGE_RETRIEVAL node. */
export interface KnowledgeRetrievalInputs {
  kb_ids: string[];
  query: string;
  top_k: number;
  min_score?: number;
}

/** The KNOWLEDGE_RETRIEVAL node type: schemas, handles, editor metadata, executor. */
export const knowledgeRetrievalNode = defineNode({
  type: "KNOWLEDGE_RETRIEVAL",
  configSchema: knowledgeRetrievalConfigSchema,
  outputSchema: knowledgeRetrievalOutputSchema,
  meta: {
    label: "Knowledge retrieval",
    description: "Finds the passages of knowledge bases that match a query.",
    icon: "BookOpen",
    color: "#0891b2",
    category: "knowledge",
    defaultData: { title: "Knowledge retrieval", kb_ids: [], query_template: "", top_k: 5 },
  },
  templateFields: ["query_template"],
  sourceHandles: unnamedHandle,
  takenHandles: unnamedHandle,
  continueHandles: unnamedHandle,
  resolveInputs(config: KnowledgeRetrievalConfig, scope: TemplateScope): KnowledgeRetrievalInputs {
    return withoutUndefined({
      kb_ids: config.kb_ids,
      query: renderText(config.query_template, scope),
      top_k: config.top_k,
      min_score: config.min_score,
    });
  },
  async execute(context) {
    const knowledge = context.services.knowledge ?? missingService("KNOWLEDGE_RETRIEVAL", "knowledge");
    const { inputs } = context;
    const results = await knowledge.retrieve(
      withoutUndefined({ kbIds: inputs.kb_ids, query: inputs.query, topK: inputs.top_k, minScore: inputs.min_score }),
    );
    const outputs: KnowledgeRetrievalOutputs = {
      results: results.map((chunk) => ({ document: chunk.document, chunk: chunk.chunk, score: chunk.score, text: chunk.text })),
      output: results.map((chunk) => chunk.text).join("\n\n"),
    };
    return { outputs };
  },
});
