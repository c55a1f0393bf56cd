"use server";

import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { appendAuditLog } from "@/lib/audit";
import { requireUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import {
  getWorkflow,
  getWorkflowVersionGraph,
  listWorkflowVersions,
  publishWorkflow,
  restoreWorkflowVersion,
  type SaveDraftResult,
  type StoredGraph,
  saveWorkflowDraft,
  type WorkflowVersionItem,
} from "@/lib/db/queries/workflows";
import { type ActionResult, AppError, actionResult } from "@/lib/errors";
import { getRuntime, startWorkflowRun } from "@/lib/runtime";
import { type GraphIssue, validateGraph } from "@/lib/workflow/validate";
import { buildNodeTestGraph } from "@/components/workflow-editor/run/node-test";
import { publishSchema, saveDraftSchema, startRunSchema, testNodeSchema, versionSchema, workflowIdSchema } from "../schema";

function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_input", parsed.error.issues[0]?.message);
  return parsed.data;
}

/**
 * Saves the editor's draft graph if nobody saved since `baseRevision` (optimistic concurrency); otherwise
 * answers with the stored revision and graph so the editor can ask the person what to do. `force`
 * overwrites (the person chose to, having seen the conflict). Drafts may be invalid (spec §4 runs at publish).
 */
export async function saveDraftAction(input: unknown): Promise<ActionResult<SaveDraftResult>> {
  return actionResult(async () => {
    const user = await requireUser();
    const data = parseInput(saveDraftSchema, input);
    return saveWorkflowDraft(getDb(), user, {
      id: data.id,
      baseRevision: data.baseRevision,
      graph: data.graph as StoredGraph,
      force: data.force,
    });
  });
}

/** The stored draft (for "load theirs" after a conflict). */
export async function loadDraftAction(input: unknown): Promise<ActionResult<{ revision: number; graph: StoredGraph }>> {
  return actionResult(async () => {
    const user = await requireUser();
    const { id } = parseInput(workflowIdSchema, input);
    const workflow = await getWorkflow(getDb(), user, id);
    return { revision: workflow.draftRevision, graph: workflow.draftGraph };
  });
}

export type PublishResult = { published: true; version: number } | { published: false; issues: GraphIssue[] };

/**
 * Publishes the saved draft as a new active version with an optional note. The draft must validate
 * (spec §4); otherwise nothing is published and the issues come back. `draftRevision` must be the
 * stored one (the editor saves first), so what is published is what the person sees.
 */
export async function publishWorkflowAction(input: unknown): Promise<ActionResult<PublishResult>> {
  return actionResult(async () => {
    const user = await requireUser();
    const data = parseInput(publishSchema, input);
    const db = getDb();
    const workflow = await getWorkflow(db, user, data.id);
    const issues = validateGraph(workflow.draftGraph);
    if (issues.length > 0) return { published: false as const, issues };
    const { version } = await publishWorkflow(db, user, { id: data.id, draftRevision: data.draftRevision, note: data.note });
    await appendAuditLog(db, {
      action: "workflow.publish",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "workflow",
      targetId: data.id,
      data: { version, note: data.note },
    });
    revalidatePath("/workflows");
    return { published: true as const, version };
  });
}

/** The workflow's versions, newest first. */
export async function listVersionsAction(input: unknown): Promise<ActionResult<WorkflowVersionItem[]>> {
  return actionResult(async () => {
    const user = await requireUser();
    const { id } = parseInput(workflowIdSchema, input);
    return listWorkflowVersions(getDb(), user, id);
  });
}

/** One version's graph (to show its diff). */
export async function getVersionGraphAction(input: unknown): Promise<ActionResult<StoredGraph>> {
  return actionResult(async () => {
    const user = await requireUser();
    const { id, versionId } = parseInput(versionSchema, input);
    return getWorkflowVersionGraph(getDb(), user, id, versionId);
  });
}

/** Replaces the draft with a version's graph; returns the new draft revision and graph. */
export async function restoreVersionAction(input: unknown): Promise<ActionResult<{ revision: number; graph: StoredGraph }>> {
  return actionResult(async () => {
    const user = await requireUser();
    const { id, versionId } = parseInput(versionSchema, input);
    const db = getDb();
    const restored = await restoreWorkflowVersion(db, user, id, versionId);
    await appendAuditLog(db, {
      action: "workflow.restore_version",
      actorId: user.id,
      actorEmail: user.email,
      targetType: "workflow",
      targetId: id,
      data: { versionId },
    });
    return restored;
  });
}

/** What starting a run answers: the run id, or the problems that kept it from starting (nothing ran). */
export type StartRunResult = { started: true; runId: string } | { started: false; code: string; message: string; issues: GraphIssue[] };

/** A coded engine error (invalid inputs, an invalid graph) as the problems that kept a run from starting; null for others. */
function startProblem(error: unknown): StartRunResult | null {
  const coded = error as { code?: unknown; message?: string; issues?: GraphIssue[] };
  if (error instanceof Error && typeof coded.code === "string" && coded.code !== "not_found" && !(error instanceof AppError)) {
    return { started: false as const, code: coded.code, message: error.message, issues: coded.issues ?? [] };
  }
  return null;
}

/** What a single-node test answers: a started run (and the nodes it paints), or why it could not start. */
export type TestNodeResult = (StartRunResult & { started: false }) | { started: true; runId: string; nodeIds: string[] };

/**
 * Tests one node of the saved draft with sample values (components/workflow-editor/run/node-test.ts): a
 * draft run of START → the upstream nodes it reads, pinned to the samples → the node → END, through the
 * same engine as every run, triggered as `editor` with `test_node` in the trigger details. Answers once the
 * run is stored; the editor follows its events like any run.
 */
export async function testNodeAction(input: unknown): Promise<ActionResult<TestNodeResult>> {
  return actionResult(async () => {
    const user = await requireUser();
    const { id, nodeId, sample } = parseInput(testNodeSchema, input);
    const workflow = await getWorkflow(getDb(), user, id);
    const plan = buildNodeTestGraph(workflow.draftGraph, nodeId, sample);
    if (!plan.ok) return { started: false as const, code: "invalid_input", message: plan.message, issues: [] };
    const runtime = getRuntime();
    await runtime.refreshWorkspaceEnv();
    let created: (runId: string) => void = () => {};
    const stored = new Promise<string>((resolve) => {
      created = resolve;
    });
    const finished = runtime.engine.startRun({
      workflowId: workflow.id,
      version: null,
      graph: plan.graph,
      inputs: plan.inputs,
      trigger: { kind: "editor", userId: user.id, details: { user: user.email, test_node: nodeId } },
      onRunCreated: (run) => created(run.id),
    });
    try {
      // validation errors reject before anything is stored; after that the run reports its own failures
      const runId = await Promise.race([stored, finished.then((run) => run.id)]);
      return { started: true as const, runId, nodeIds: plan.nodeIds };
    } catch (error) {
      const problem = startProblem(error);
      if (problem && !problem.started) return problem;
      throw error;
    }
  });
}

/**
 * Runs the saved draft from the editor (spec §5) with the given inputs, as the user; answers as soon as
 * the run is stored, and the editor follows its events over SSE (/api/runs/:id/events). Invalid inputs
 * (`invalid_input`, naming the variable) or an invalid graph (spec §4) start nothing and come back as
 * problems.
 */
export async function startDraftRunAction(input: unknown): Promise<ActionResult<StartRunResult>> {
  return actionResult(async () => {
    const user = await requireUser();
    const { id, inputs } = parseInput(startRunSchema, input);
    try {
      const run = await startWorkflowRun(getRuntime(), {
        workflowId: id,
        draft: true,
        inputs,
        user,
        trigger: { kind: "editor" },
        background: true,
      });
      return { started: true as const, runId: run.id };
    } catch (error) {
      const problem = startProblem(error);
      if (problem) return problem;
      throw error;
    }
  });
}
