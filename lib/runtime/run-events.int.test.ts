/** The SSE producer of app/api/runs/[id]/events (spec §9): ids = seq, event = type, JSON data, resume after Last-Event-ID. */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDocumentWorkflow } from "@/lib/db/queries/workflow-documents";
import { getCliUser } from "@/lib/db/queries/users";
import { createTestDatabase, type TestDatabase } from "@/lib/db/test-databases";
import { createRuntime, decideApproval, type Runtime, startWorkflowRun } from "@/lib/runtime";
import { resumeSeq, type SseSend, streamRunEvents } from "./run-events";

process.env.SWITCHYARD_ENCRYPTION_KEY ??= randomBytes(32).toString("hex");
const approvalDocument = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../fixtures/workflows/approval.json"), "utf8"));

describe("run event stream", () => {
  let t: TestDatabase;
  let runtime: Runtime;
  beforeAll(async () => {
    t = await createTestDatabase("sqlite");
    runtime = createRuntime({ db: t.db, url: t.url });
  });
  afterAll(() => t?.cleanup());

  it("sends every stored event once with id = seq, ends at run.waiting, resumes after Last-Event-ID, then streams the decision live", async () => {
    const user = await getCliUser(t.db);
    const workflow = await ensureDocumentWorkflow(t.db, approvalDocument, { ownerId: user.id });
    const run = await startWorkflowRun(runtime, { workflowId: workflow.workflowId, draft: true, inputs: { amount: 7 }, user });
    expect(run.status).toBe("waiting");

    const sent: Array<{ id?: number | string; event?: string; data: unknown }> = [];
    const send: SseSend = (event) => sent.push(event);
    expect(await streamRunEvents(runtime, run.id, 0, send, new AbortController().signal)).toBe(6);
    expect(sent.map((e) => [e.id, e.event])).toEqual([
      [1, "run.started"],
      [2, "node.started"],
      [3, "node.ended"],
      [4, "node.started"],
      [5, "node.waiting"],
      [6, "run.waiting"],
    ]);
    expect(sent[4].data).toMatchObject({
      type: "node.waiting",
      run_id: run.id,
      seq: 5,
      node_id: "gate",
      title: "Refund 7?",
      description: "Customer asks for 7 back.",
      assignee: "",
    });
    expect((sent[0].data as { at: string }).at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    sent.length = 0;
    await streamRunEvents(runtime, run.id, 3, send, new AbortController().signal);
    expect(sent.map((e) => e.id)).toEqual([4, 5, 6]);

    sent.length = 0;
    const live = streamRunEvents(runtime, run.id, 6, send, new AbortController().signal);
    await decideApproval(runtime, { runId: run.id, nodeId: "gate", decision: "rejected", note: "no", user });
    expect(await live).toBe(12);
    expect(sent.map((e) => [e.id, e.event])).toEqual([
      [7, "approval.decided"],
      [8, "node.ended"],
      [9, "node.skipped"],
      [10, "node.started"],
      [11, "node.ended"],
      [12, "run.ended"],
    ]);
    expect(sent[5].data).toMatchObject({ status: "succeeded", outputs: { result: "refused", note: "no" } });
  }, 120_000);

  it("reads the resume point from Last-Event-ID, else ?after=, else 0", () => {
    expect(resumeSeq(new Request("http://x/api/runs/r/events", { headers: { "Last-Event-ID": "42" } }))).toBe(42);
    expect(resumeSeq(new Request("http://x/api/runs/r/events?after=7"))).toBe(7);
    expect(resumeSeq(new Request("http://x/api/runs/r/events", { headers: { "Last-Event-ID": "abc" } }))).toBe(0);
    expect(resumeSeq(new Request("http://x/api/runs/r/events"))).toBe(0);
  });
});
