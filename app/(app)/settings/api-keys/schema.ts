import { z } from "zod";

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, "Name the key after what uses it, e.g. “billing-service”.").max(80, "Keep the name under 80 characters."),
});

export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;
