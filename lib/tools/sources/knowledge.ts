/**
 * Knowledge bases as a tool: `kb_retrieve(query, top_k)` over the agent's bound knowledge bases only (the
 * ids are a preset: the model cannot widen the scope).
 */
import { z } from "zod";
import type { RetrievedChunk } from "@/lib/workflow/services";
import { defineTool } from "../define-tool";
import type { Tool } from "../types";

export interface KnowledgeBaseSummary {
  id: string;
  name: string;
  description?: string;
}

export type RetrieveChunks = (request: { kbIds: string[]; query: string; topK: number; minScore?: number }) => Promise<RetrievedChunk[]>;

/** The tool, or null when no knowledge base is bound. */
export function createKnowledgeTool(options: { knowledgeBases: KnowledgeBaseSummary[]; retrieve: RetrieveChunks }): Tool | null {
  if (options.knowledgeBases.length === 0) return null;
  const list = options.knowledgeBases.map((kb) => `- ${kb.name}${kb.description ? `: ${kb.description}` : ""}`).join("\n");
  return defineTool({
    name: "kb_retrieve",
    description: `Search the knowledge bases bound to you and return the most relevant passages with their document names. Cite the documents you use. Knowledge bases:\n${list}`,
    category: "knowledge",
    provider: "knowledge",
    input: z.object({
      query: z.string().min(1).describe("What to look for, in your own words"),
      top_k: z.number().int().min(1).max(20).default(5),
      kb_ids: z.array(z.string()),
    }),
    presets: { kb_ids: options.knowledgeBases.map((kb) => kb.id) },
    async run({ query, top_k, kb_ids }) {
      const chunks = await options.retrieve({ kbIds: kb_ids, query, topK: top_k });
      return {
        results: chunks.map((chunk) => ({
          document: chunk.document,
          chunk: chunk.chunk,
          score: Math.round(chunk.score * 1000) / 1000,
          text: chunk.text,
        })),
      };
    },
  });
}
