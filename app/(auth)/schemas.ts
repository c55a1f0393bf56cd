import { z } from "zod";

export const signInSchema = z.object({
  email: z.string().trim().toLowerCase().email("Enter a valid email address, like ada@example.com."),
  password: z.string().min(1, "Enter your password."),
  callbackUrl: z.string().optional(),
});

export const registerSchema = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters."),
  email: z.string().trim().toLowerCase().email("Enter a valid email address, like ada@example.com."),
  password: z.string().min(8, "Use at least 8 characters.").max(200, "Use at most 200 characters."),
});

export type SignInInput = z.infer<typeof signInSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;

/** Only same-site relative paths are followed after sign-in (no open redirect). */
export function safeCallbackUrl(value: string | undefined | null): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/workflows";
  return value;
}
