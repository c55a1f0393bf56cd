import { z } from "zod";

export const modelProviderSchema = z.object({
  name: z.string().trim().min(1, "Give the provider a name.").max(80),
  baseUrl: z
    .string()
    .trim()
    .url("Enter a full URL, like http://127.0.0.1:11434/v1")
    .refine((v) => /^https?:\/\//.test(v), "Use an http:// or https:// URL."),
  apiKey: z.string().max(500),
  clearApiKey: z.boolean(),
  smartModel: z.string().trim().min(1, "Name the model for demanding work, e.g. gpt-4o."),
  fastModel: z.string().trim().min(1, "Name the model for quick work, e.g. gpt-4o-mini."),
});

export type ModelProviderInput = z.infer<typeof modelProviderSchema>;
