/**
 * GET /api/runs/:id/export — the run's whole audit trail (spec §6) as one JSON file: the run with its graph
 * snapshot, inputs, outputs, error and trigger; every node run; every approval with who decided, when and the
 * note; every event in order (the spec §9 wire shape); parent and child run ids. Values are exact.
 * Same access rule as the run page: a run the user may not see is 404.
 */
import { requireUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { getRunDetail } from "@/lib/db/queries/runs";
import { AppError, toErrorResponse } from "@/lib/errors";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    const { id } = await params;
    const user = await requireUser();
    const run = await getRunDetail(getDb(), user, id);
    if (!run) throw new AppError("not_found", `No run "${id}"`);
    const { nodeRuns, approvals, events, parent, children, ...rest } = run;
    const trail = {
      format: "switchyard.run-trail",
      version: 1,
      exported_at: new Date().toISOString(),
      exported_by: user.email,
      run: { ...rest, parentRunId: parent?.id ?? null, childRunIds: children.map((c) => c.id) },
      nodeRuns,
      approvals,
      events: events.map((e) => ({ type: e.type, run_id: run.id, seq: e.seq, at: e.at.toISOString(), ...e.data })),
    };
    return new Response(`${JSON.stringify(trail, null, 2)}\n`, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="run-${id.replace(/[^A-Za-z0-9_-]/g, "_")}.json"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    const { status, body } = toErrorResponse(error);
    if (status >= 500) console.error("[runs/export]", error);
    return Response.json(body, { status });
  }
}
