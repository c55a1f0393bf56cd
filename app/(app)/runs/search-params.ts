import { z } from "zod";
import { RUN_STATUS_VALUES, type RunListFilters, TRIGGER_KIND_VALUES } from "@/lib/db/queries/runs";

const optionalText = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (Array.isArray(v) ? v[0] : v) || undefined);
const day = optionalText.transform((v) =>
  v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? v : undefined,
);

/** The runs list's query string. Unknown or malformed values are dropped, never an error page. */
export const runsSearchSchema = z.object({
  workflow: optionalText,
  status: optionalText.transform((v) => (v && (RUN_STATUS_VALUES as readonly string[]).includes(v) ? v : undefined)),
  trigger: optionalText.transform((v) => (v && (TRIGGER_KIND_VALUES as readonly string[]).includes(v) ? v : undefined)),
  from: day,
  to: day,
  cursor: optionalText,
  dir: optionalText.transform((v) => (v === "newer" ? "newer" : "older") as "older" | "newer"),
});

export type RunsSearch = z.infer<typeof runsSearchSchema>;

/** Query-string values → list filters; the `to` day is inclusive (runs before the next UTC midnight). */
export function toRunListFilters(params: RunsSearch): RunListFilters {
  return {
    workflowId: params.workflow,
    status: params.status,
    triggerKind: params.trigger,
    from: params.from ? new Date(`${params.from}T00:00:00Z`) : undefined,
    to: params.to ? new Date(Date.parse(`${params.to}T00:00:00Z`) + 86_400_000) : undefined,
  };
}
