import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { STATUS_LABELS, TRIGGER_LABELS } from "./format";

export interface RunsFilterValues {
  workflow?: string;
  status?: string;
  trigger?: string;
  /** YYYY-MM-DD (UTC), inclusive */
  from?: string;
  /** YYYY-MM-DD (UTC), inclusive */
  to?: string;
}

const labelClass = "mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-400";

/** The runs list's filters: a plain GET form, so filtered pages are links that can be shared. */
export function RunsFilters({
  values,
  workflows,
  statuses,
  triggers,
}: {
  values: RunsFilterValues;
  workflows: { id: string; name: string }[];
  statuses: readonly string[];
  triggers: readonly string[];
}) {
  const active = Object.values(values).some(Boolean);
  return (
    <form method="get" action="/runs" aria-label="Filter runs" className="mb-4 flex flex-wrap items-end gap-3">
      <div className="w-56">
        <label htmlFor="filter-workflow" className={labelClass}>
          Workflow
        </label>
        <select id="filter-workflow" name="workflow" defaultValue={values.workflow ?? ""} className={inputClass}>
          <option value="">All workflows</option>
          {workflows.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
      </div>
      <div className="w-40">
        <label htmlFor="filter-status" className={labelClass}>
          Status
        </label>
        <select id="filter-status" name="status" defaultValue={values.status ?? ""} className={inputClass}>
          <option value="">Any status</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s] ?? s}
            </option>
          ))}
        </select>
      </div>
      <div className="w-36">
        <label htmlFor="filter-trigger" className={labelClass}>
          Trigger
        </label>
        <select id="filter-trigger" name="trigger" defaultValue={values.trigger ?? ""} className={inputClass}>
          <option value="">Any trigger</option>
          {triggers.map((t) => (
            <option key={t} value={t}>
              {TRIGGER_LABELS[t] ?? t}
            </option>
          ))}
        </select>
      </div>
      <div className="w-40">
        <label htmlFor="filter-from" className={labelClass}>
          From (UTC)
        </label>
        <input id="filter-from" name="from" type="date" defaultValue={values.from ?? ""} className={inputClass} />
      </div>
      <div className="w-40">
        <label htmlFor="filter-to" className={labelClass}>
          To (UTC)
        </label>
        <input id="filter-to" name="to" type="date" defaultValue={values.to ?? ""} className={inputClass} />
      </div>
      <div className="flex gap-2">
        <button type="submit" className={buttonClass("primary")}>
          Apply
        </button>
        {active ? (
          <Link href="/runs" className={buttonClass("ghost")}>
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}
