import type { RunEventView } from "@/lib/db/queries/runs";
import { JsonValue } from "./json-value";

function summary(event: RunEventView): string {
  const d = event.data;
  const parts: string[] = [];
  if (typeof d.node_id === "string") parts.push(d.node_id);
  if (typeof d.status === "string") parts.push(d.status);
  if (typeof d.decision === "string") parts.push(`${d.decision}${typeof d.decided_by === "string" ? ` by ${d.decided_by}` : ""}`);
  if (typeof d.attempt === "number") parts.push(`attempt ${d.attempt}`);
  if (d.error && typeof d.error === "object" && typeof (d.error as { code?: unknown }).code === "string")
    parts.push((d.error as { code: string }).code);
  return parts.join(" · ");
}

/** The run's ordered event log (spec §9): seq, time, type, a one-line summary, and the exact data on demand. */
export function RunEventLog({ events }: { events: RunEventView[] }) {
  return (
    <ol className="divide-y divide-zinc-100 text-xs dark:divide-zinc-800" data-testid="event-log">
      {events.map((event) => (
        <li key={event.seq} data-testid="event" data-seq={event.seq} data-type={event.type}>
          <details>
            <summary className="flex cursor-pointer list-none items-center gap-3 px-2 py-1.5 hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
              <span className="w-8 text-right tabular-nums text-zinc-400">{event.seq}</span>
              <span className="font-mono text-zinc-500">{event.at.toISOString().slice(11, 23)}</span>
              <span className="w-32 font-mono font-medium">{event.type}</span>
              <span className="truncate text-zinc-600 dark:text-zinc-400">{summary(event)}</span>
            </summary>
            <div className="px-2 pb-2 pl-14">
              <JsonValue value={event.data} label="Data" name={`data of event ${event.seq}`} />
            </div>
          </details>
        </li>
      ))}
    </ol>
  );
}
