import { Badge } from "@/components/ui/page";
import { STATUS_LABELS } from "./format";

type Tone = "neutral" | "blue" | "green" | "amber" | "red";

/** Colour of a run, node or approval status. */
export const STATUS_TONES: Record<string, Tone> = {
  queued: "neutral",
  pending: "neutral",
  running: "blue",
  waiting: "amber",
  succeeded: "green",
  approved: "green",
  partial_succeeded: "amber",
  failed: "red",
  rejected: "red",
  timed_out: "red",
  cancelled: "neutral",
  skipped: "neutral",
  not_reached: "neutral",
};

/** A run, node or approval status as a coloured badge with its readable label. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span data-testid="status" data-status={status}>
      <Badge tone={STATUS_TONES[status] ?? "neutral"}>{STATUS_LABELS[status] ?? status}</Badge>
    </span>
  );
}
