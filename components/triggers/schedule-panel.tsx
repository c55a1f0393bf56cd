"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { useForm, useWatch } from "react-hook-form";
import { createScheduleAction, deleteScheduleAction, updateScheduleAction } from "@/app/(app)/workflows/[id]/triggers/actions";
import { type ScheduleFormInput, scheduleFormSchema } from "@/app/(app)/workflows/[id]/triggers/schema";
import { Button } from "@/components/ui/button";
import { Field, Input, Textarea } from "@/components/ui/field";
import { Badge, Card } from "@/components/ui/page";
import type { ScheduleView } from "@/lib/db/queries/triggers";
import { cronProblem, nextCronRuns } from "@/lib/triggers/cron";

/** A schedule with what the page computed on the server: its next runs and last tick, in its own zone. */
export interface ScheduleItem extends ScheduleView {
  nextRuns: string[];
  /** The latest run the schedule started, its time formatted in the schedule's zone. */
  lastRun: { id: string; status: string; at: string } | null;
}

function formatInZone(date: Date, timezone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: timezone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
}

function NextRunsPreview({ cron, timezone }: { cron: string; timezone: string }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted || cron.trim() === "" || cronProblem(cron, timezone)) return null;
  return (
    <p data-testid="schedule-preview" className="text-xs text-zinc-600 dark:text-zinc-400">
      Next:{" "}
      {nextCronRuns(cron, timezone, 3)
        .map((date) => formatInZone(date, timezone))
        .join(" · ")}{" "}
      ({timezone})
    </p>
  );
}

function ScheduleForm({ workflowId, onDone }: { workflowId: string; onDone: () => void }) {
  const [pending, start] = useTransition();
  const [failure, setFailure] = useState<string | null>(null);
  const [zones, setZones] = useState<string[]>([]);
  useEffect(() => setZones(Intl.supportedValuesOf("timeZone")), []);
  const { register, handleSubmit, setError, control, formState } = useForm<ScheduleFormInput>({
    resolver: zodResolver(scheduleFormSchema),
    defaultValues: { cron: "0 9 * * 1-5", timezone: "UTC", inputs: "{}", enabled: true },
  });
  const [cron, timezone] = useWatch({ control, name: ["cron", "timezone"] });
  const errors = formState.errors;
  const onSubmit = handleSubmit((values) =>
    start(async () => {
      setFailure(null);
      const result = await createScheduleAction(workflowId, values);
      if (result.ok) {
        onDone();
        return;
      }
      for (const [name, message] of Object.entries(result.error.fields ?? {})) setError(name as keyof ScheduleFormInput, { message });
      if (!result.error.fields) setFailure(result.error.message);
    }),
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="New schedule"
      className="space-y-4 rounded-md border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="schedule-cron"
          label="Cron expression"
          help="minute hour day month weekday — e.g. */15 * * * * or 0 9 * * 1-5"
          error={errors.cron?.message}
        >
          <Input id="schedule-cron" className="font-mono" invalid={Boolean(errors.cron)} {...register("cron")} />
        </Field>
        <Field id="schedule-timezone" label="Time zone" help="An IANA zone; daylight saving is followed." error={errors.timezone?.message}>
          <Input id="schedule-timezone" list="schedule-timezones" invalid={Boolean(errors.timezone)} {...register("timezone")} />
        </Field>
        <datalist id="schedule-timezones">
          {zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      </div>
      <NextRunsPreview cron={cron} timezone={timezone} />
      <Field
        id="schedule-inputs"
        label="Inputs (JSON)"
        help="The same inputs every run, for START's variables."
        error={errors.inputs?.message}
      >
        <Textarea id="schedule-inputs" className="font-mono" rows={3} invalid={Boolean(errors.inputs)} {...register("inputs")} />
      </Field>
      <label className="inline-flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...register("enabled")} /> Enabled
      </label>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Add schedule"}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        {failure ? (
          <span role="alert" className="text-sm text-red-600">
            {failure}
          </span>
        ) : null}
      </div>
    </form>
  );
}

function ScheduleRow({ workflowId, schedule }: { workflowId: string; schedule: ScheduleItem }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [failure, setFailure] = useState<string | null>(null);
  const act = (action: () => ReturnType<typeof deleteScheduleAction>) =>
    start(async () => {
      setFailure(null);
      const result = await action();
      if (result.ok) router.refresh();
      else setFailure(result.error.message);
    });
  const toggle = () =>
    act(() =>
      updateScheduleAction(workflowId, schedule.id, {
        cron: schedule.cron,
        timezone: schedule.timezone,
        inputs: JSON.stringify(schedule.inputs),
        enabled: !schedule.enabled,
      }),
    );
  const remove = () => {
    if (window.confirm(`Delete the schedule “${schedule.cron}”?`)) act(() => deleteScheduleAction(workflowId, schedule.id));
  };
  return (
    <li data-testid="schedule" className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <code className="font-mono text-sm font-semibold">{schedule.cron}</code>
          <Badge>{schedule.timezone}</Badge>
          {schedule.enabled ? <Badge tone="green">enabled</Badge> : <Badge tone="amber">paused</Badge>}
        </div>
        <p className="font-mono text-xs text-zinc-600 dark:text-zinc-400">inputs {JSON.stringify(schedule.inputs)}</p>
        {schedule.nextRuns.length ? (
          <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="schedule-next-runs">
            Next runs: {schedule.nextRuns.join(" · ")}
          </p>
        ) : null}
        {schedule.lastRun ? (
          <p className="text-xs text-zinc-500">
            Last run:{" "}
            <Link className="underline" href={`/runs/${schedule.lastRun.id}`}>
              {schedule.lastRun.at}
            </Link>{" "}
            ({schedule.lastRun.status})
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className="text-xs text-red-600">
            {failure}
          </p>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={toggle} disabled={pending}>
          {schedule.enabled ? "Pause" : "Resume"}
        </Button>
        <Button variant="ghost" size="sm" onClick={remove} disabled={pending} className="text-red-700 dark:text-red-400">
          Delete
        </Button>
      </div>
    </li>
  );
}

/** The schedules of a workflow: list with next runs, pause/resume, delete, and a form to add one. */
export function SchedulePanel({ workflowId, schedules }: { workflowId: string; schedules: ScheduleItem[] }) {
  const router = useRouter();
  const [adding, setAdding] = useState(false);
  return (
    <Card>
      <section aria-label="Schedules" className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-base font-semibold">Schedules</h2>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              Runs on a cron schedule with fixed inputs. Each tick starts one run, however many app processes run.
            </p>
          </div>
          {adding ? null : (
            <Button size="sm" onClick={() => setAdding(true)}>
              Add schedule
            </Button>
          )}
        </div>
        {adding ? (
          <ScheduleForm
            workflowId={workflowId}
            onDone={() => {
              setAdding(false);
              router.refresh();
            }}
          />
        ) : null}
        {schedules.length ? (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {schedules.map((schedule) => (
              <ScheduleRow key={schedule.id} workflowId={workflowId} schedule={schedule} />
            ))}
          </ul>
        ) : adding ? null : (
          <p className="text-sm text-zinc-500">No schedules yet.</p>
        )}
      </section>
    </Card>
  );
}
