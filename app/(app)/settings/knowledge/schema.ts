import { z } from "zod";
import type { FieldErrors } from "@/lib/errors";
import { describeFieldErrors } from "@/lib/field-errors";

export const knowledgeBaseSchema = z
  .object({
    name: z.string().trim().min(1, "Give the knowledge base a name.").max(120),
    key: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, "Use letters, digits, _ or - (a letter first), e.g. policies."),
    description: z.string().max(2000),
    chunkSize: z.number().int().min(50, "At least 50 tokens.").max(4000, "At most 4000 tokens."),
    chunkOverlap: z.number().int().min(0, "Zero or more tokens.").max(1000, "At most 1000 tokens."),
    visibility: z.enum(["private", "shared"]),
    embeddingModel: z
      .string()
      .trim()
      .max(200, "At most 200 characters.")
      .regex(/^[^\s]*$/, "A model name has no spaces, e.g. text-embedding-3-small."),
  })
  .refine((value) => value.chunkOverlap < value.chunkSize, {
    path: ["chunkOverlap"],
    message: "The overlap must be smaller than the chunk size.",
  });

export type KnowledgeBaseFormValues = z.infer<typeof knowledgeBaseSchema>;

/** The longest "test retrieval" query, in characters (after trimming). */
export const MAX_QUERY_CHARACTERS = 2000;

const count = (value: number) => value.toLocaleString("en-US");

export const retrievalSchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, "Type a question or some keywords.")
    .max(MAX_QUERY_CHARACTERS, {
      error: (issue) => `At most ${count(MAX_QUERY_CHARACTERS)} characters (you have ${count(String(issue.input).length)}).`,
    }),
  topK: z.number({ error: "Enter a number." }).int("Use a whole number.").min(1, "At least 1.").max(50, "At most 50."),
});

export type RetrievalFormValues = z.infer<typeof retrievalSchema>;

const RETRIEVAL_LABELS: Record<keyof RetrievalFormValues, string> = { query: "Query", topK: "Top k" };

/** The retrieval form's problems: one message per field and a sentence naming the first (lib/field-errors.ts). */
export function retrievalProblem(error: z.ZodError): { message: string; fields: FieldErrors } {
  return describeFieldErrors(error, RETRIEVAL_LABELS, "query");
}

/** Files a knowledge base accepts (lib/knowledge/extract-text.ts). */
export const ACCEPTED_DOCUMENTS = ".txt,.md,.markdown,.html,.htm,.pdf,.docx,text/plain,text/markdown,text/html,application/pdf";
export const MAX_DOCUMENT_BYTES = 15 * 1024 * 1024;
