import { z } from "zod";
import { cronProblem } from "@/lib/triggers/cron";

export const webhookModeSchema = z.enum(["sync", "async"]);

/** The schedule form: `inputs` is JSON text in the form and an object after parsing. */
export const scheduleFormSchema = z
  .object({
    cron: z.string().trim().min(1, "Enter a cron expression, e.g. 0 9 * * 1-5 (09:00 on weekdays)."),
    timezone: z.string().trim().min(1, "Pick a time zone."),
    inputs: z.string().trim(),
    enabled: z.boolean(),
  })
  .superRefine((value, ctx) => {
    const problem = cronProblem(value.cron, value.timezone);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.includes("time zone") ? "timezone" : "cron"], message: problem });
    if (value.inputs !== "") {
      try {
        const parsed = JSON.parse(value.inputs);
        if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
      } catch {
        ctx.addIssue({ code: "custom", path: ["inputs"], message: 'Inputs must be a JSON object, e.g. {"amount": 10}.' });
      }
    }
  });

export type ScheduleFormInput = z.infer<typeof scheduleFormSchema>;
