import { Badge } from "@/components/ui/page";

const tones: Record<string, "neutral" | "blue" | "green" | "amber" | "red"> = {
  queued: "neutral",
  running: "blue",
  waiting: "amber",
  succeeded: "green",
  partial_succeeded: "amber",
  failed: "red",
  cancelled: "neutral",
};

/** A run status (spec §5) as a coloured badge with readable text. */
export function RunStatusBadge({ status }: { status: string }) {
  return <Badge tone={tones[status] ?? "neutral"}>{status.replace("_", " ")}</Badge>;
}
