import type { Metadata } from "next";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { graphFromSnapshot } from "@/components/runs/graph-snapshot";
import { JsonValue } from "@/components/runs/json-value";
import { NodeRunList } from "@/components/runs/node-run-list";
import { RelatedRuns } from "@/components/runs/related-runs";
import { RunActions } from "@/components/runs/run-actions";
import { RunApprovals } from "@/components/runs/run-approvals";
import { RunEventLog } from "@/components/runs/run-event-log";
import { RunGraph } from "@/components/runs/run-graph";
import { RunHeader } from "@/components/runs/run-header";
import { RunLive } from "@/components/runs/run-live";
import { RunTimeline } from "@/components/runs/run-timeline";
import { Card } from "@/components/ui/page";
import { requirePageUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { CANCELLABLE_RUN_STATUSES, getRunDetail } from "@/lib/db/queries/runs";

export const metadata: Metadata = { title: "Run" };

/** Nodes whose details start open: every one in a small run. */
const OPEN_ALL_UP_TO = 30;

function Section({ title, children, id, aside }: { title: string; children: React.ReactNode; id: string; aside?: React.ReactNode }) {
  return (
    <Card className="mb-6">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </Card>
  );
}

/** The run's audit trail (spec §6). A run the user may not see is a 404, exactly like a missing one. */
export default async function RunPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requirePageUser(`/runs/${id}`);
  const run = await getRunDetail(getDb(), user, id);
  if (!run) notFound();
  const now = Date.now();
  const active = run.endedAt === null && run.status !== "cancelled";
  const graph = graphFromSnapshot(run.graph, run.nodeRuns);
  const theme = (await cookies()).get("theme")?.value === "dark" ? "dark" : "light";
  const ran = new Set(run.nodeRuns.map((n) => n.nodeId));
  const notReached = graph.nodes.filter((n) => !ran.has(n.id)).map((n) => ({ id: n.id, type: n.type }));
  // titles as the editor shows them; the id stays beside each (events, errors and templates name ids)
  const titles = Object.fromEntries(graph.nodes.filter((n) => n.title !== n.id).map((n) => [n.id, n.title]));
  return (
    <div className="mx-auto max-w-6xl px-8 py-8" data-testid="run-page" data-run-status={run.status}>
      <RunHeader
        run={run}
        now={now}
        actions={
          <>
            <RunLive runId={run.id} lastSeq={run.lastSeq} active={active} />
            <RunActions runId={run.id} cancellable={CANCELLABLE_RUN_STATUSES.includes(run.status)} />
          </>
        }
      />
      {run.parent || run.children.length ? (
        <Section title="Related runs" id="related-runs">
          <RelatedRuns parent={run.parent} childRuns={run.children} />
        </Section>
      ) : null}
      <Section title="Timeline" id="timeline">
        <RunTimeline
          nodeRuns={run.nodeRuns}
          events={run.events}
          runStartedAt={run.startedAt}
          runEndedAt={run.endedAt}
          now={now}
          titles={titles}
        />
      </Section>
      <Section title="Graph" id="graph" aside={<span className="text-xs text-zinc-500">as it ran · click a node for its details</span>}>
        <RunGraph nodes={graph.nodes} edges={graph.edges} theme={theme} />
      </Section>
      <Section title="Inputs and outputs" id="run-io">
        <div className="grid gap-4 lg:grid-cols-2">
          <JsonValue value={run.inputs} label="Run inputs" />
          <JsonValue value={run.outputs} label="Run outputs" />
        </div>
      </Section>
      {run.approvals.length ? (
        <Section title={`Approvals (${run.approvals.length})`} id="approvals">
          <RunApprovals approvals={run.approvals} />
        </Section>
      ) : null}
      <Section title={`Nodes (${run.nodeRuns.length})`} id="nodes">
        <NodeRunList nodeRuns={run.nodeRuns} notReached={notReached} openAll={run.nodeRuns.length <= OPEN_ALL_UP_TO} titles={titles} />
      </Section>
      <Section
        title={`Event log (${run.events.length})`}
        id="events"
        aside={<span className="text-xs text-zinc-500">times in UTC · click an event for its data</span>}
      >
        <RunEventLog events={run.events} />
      </Section>
    </div>
  );
}
