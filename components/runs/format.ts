/**
 * Display formats shared by the runs list, the run detail and the approvals inbox. Times are shown in UTC
 * with the zone named, so what a reviewer reads matches the exported trail exactly.
 */

/** `2026-01-31 14:05:09 UTC`; "—" for null. */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return "—";
  const date = typeof value === "string" ? new Date(value) : value;
  return `${date.toISOString().replace("T", " ").slice(0, 19)} UTC`;
}

/** A duration in ms as `850 ms`, `12.4 s`, `3 min 05 s` or `2 h 04 min`; "—" for null. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min ${String(Math.floor((ms % 60_000) / 1000)).padStart(2, "0")} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

/** A whole number with thousands separators. */
export function formatCount(value: number): string {
  return value.toLocaleString("en-US");
}

/** A cost in US dollars with enough digits for fractions of a cent; "—" for null. */
export function formatCost(value: number | null | undefined): string {
  if (value === null || value === undefined) return "—";
  return `$${value < 0.01 ? value.toFixed(6) : value.toFixed(4)}`;
}

/** Trigger kinds as people say them. */
export const TRIGGER_LABELS: Record<string, string> = {
  editor: "Editor",
  api: "API",
  webhook: "Webhook",
  schedule: "Schedule",
  mcp: "MCP",
  agent: "Agent",
  parent_run: "Parent run",
  cli: "CLI",
};

/** Run and node statuses as people say them. */
export const STATUS_LABELS: Record<string, string> = {
  queued: "Queued",
  pending: "Pending",
  running: "Running",
  waiting: "Waiting",
  succeeded: "Succeeded",
  partial_succeeded: "Partly succeeded",
  failed: "Failed",
  cancelled: "Cancelled",
  skipped: "Skipped",
  not_reached: "Not reached",
  approved: "Approved",
  rejected: "Rejected",
  timed_out: "Timed out",
};
