import { JsonValue } from "@/components/runs/json-value";

/**
 * The upstream outputs an approval is about (Approval.context: `input` = the run's inputs, then one entry per
 * upstream node that ran), each shown exactly with expand and copy.
 */
export function ApprovalContext({ context }: { context: Record<string, unknown> }) {
  const entries = Object.entries(context);
  if (entries.length === 0) return <p className="text-sm text-zinc-500">No upstream outputs.</p>;
  return (
    <div className="grid gap-3 md:grid-cols-2" data-testid="approval-context">
      {entries.map(([key, value]) => (
        <JsonValue
          key={key}
          value={value}
          label={key === "input" ? "Run inputs" : `Outputs of ${key}`}
          name={key === "input" ? "run inputs" : `outputs of ${key}`}
        />
      ))}
    </div>
  );
}
