/**
 * `run_workflow(name, inputs)` (spec §7): the description lists the runnable workflows — active
 * (published) and without a HUMAN_INTERVENTION node — with their input fields. Inputs are checked strictly
 * against START's variables (types, required, no unknown names); the child runs as the workflow's owner with
 * its parent run and depth; END's outputs come back with their types. `max_depth_exceeded` (default cap 5,
 * one per level), `reentrant_call` and `contains_human_intervention` are tool errors the model sees.
 */
import { z } from "zod";
import { checkRunInputs } from "@/lib/workflow/inputs";
import type { StartVariable } from "@/lib/workflow/nodes/start";
import { defineTool } from "../define-tool";
import { ToolError } from "../tool-error";
import type { Tool } from "../types";

export const DEFAULT_MAX_WORKFLOW_DEPTH = 5;

/** A workflow the user may run, as the tool needs it. */
export interface WorkflowSummary {
  id: string;
  name: string;
  description: string;
  ownerId: string;
  /** Published (status active) with an active version. */
  active: boolean;
  /** START's variables of the active version. */
  variables: StartVariable[];
  /** The active version has a HUMAN_INTERVENTION node. */
  hasHumanIntervention: boolean;
}

export interface ChildRunRequest {
  workflow: WorkflowSummary;
  /** Checked inputs: every declared variable (given, default, or null). */
  inputs: Record<string, unknown>;
  parentRunId: string | null;
  /** The child's depth: parent depth + 1, or 0 from chat. */
  depth: number;
  /** Workflow ids of the enclosing runs, outermost first (the child's own id is appended by the engine). */
  callStack: string[];
  /** The user the child runs as: the workflow's owner. */
  runAs: string;
  /** The user who asked (trigger details). */
  requestedBy: string | null;
  signal?: AbortSignal;
}

export interface ChildRunOutcome {
  runId: string;
  status: string;
  outputs: Record<string, unknown> | null;
  error: { code: string; message: string } | null;
}

function describeVariable(variable: StartVariable): string {
  return `${variable.name}: ${variable.type}${variable.required ? " (required)" : ""}${variable.description ? ` — ${variable.description}` : ""}`;
}

/** The tool, or null when no workflow is runnable. */
export function createRunWorkflowTool(options: {
  workflows: WorkflowSummary[];
  runWorkflow: (request: ChildRunRequest) => Promise<ChildRunOutcome>;
  maxDepth?: number;
}): Tool | null {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_WORKFLOW_DEPTH;
  const runnable = options.workflows.filter((workflow) => workflow.active && !workflow.hasHumanIntervention);
  if (runnable.length === 0) return null;
  const catalogue = runnable
    .map(
      (workflow) =>
        `- "${workflow.name}"${workflow.description ? `: ${workflow.description}` : ""}\n  inputs: ${workflow.variables.map(describeVariable).join("; ") || "none"}`,
    )
    .join("\n");
  return defineTool({
    name: "run_workflow",
    description: `Run a published workflow and get its outputs. Give its name and the inputs exactly as listed (types are checked strictly). Workflows:\n${catalogue}`,
    category: "workflow",
    provider: "workflow",
    input: z.object({
      name: z.string().min(1).describe("The workflow's name as listed"),
      inputs: z.record(z.string(), z.unknown()).default({}).describe("Input values by variable name"),
    }),
    async run({ name, inputs }, context) {
      const workflow =
        options.workflows.find((candidate) => candidate.name === name) ?? options.workflows.find((candidate) => candidate.id === name);
      if (!workflow?.active) {
        throw new ToolError(
          "not_found",
          `There is no runnable workflow "${name}". Runnable: ${runnable.map((candidate) => `"${candidate.name}"`).join(", ")}`,
        );
      }
      if (workflow.hasHumanIntervention) {
        throw new ToolError("contains_human_intervention", `"${workflow.name}" waits for a human approval, so an agent cannot run it`);
      }
      const callStack = context.run?.callStack ?? [];
      if (callStack.includes(workflow.id)) {
        throw new ToolError(
          "reentrant_call",
          `"${workflow.name}" is already running in this call chain (${callStack.join(" → ")}); it cannot call itself`,
        );
      }
      const depth = context.run ? context.run.depth + 1 : 0;
      if (depth > maxDepth) {
        throw new ToolError(
          "max_depth_exceeded",
          `Running "${workflow.name}" would nest runs ${depth} levels deep; the limit is ${maxDepth}`,
        );
      }
      const unknown = Object.keys(inputs).filter((key) => !workflow.variables.some((variable) => variable.name === key));
      const checked = checkRunInputs({ variables: workflow.variables } as Parameters<typeof checkRunInputs>[0], inputs);
      const problems = [
        ...unknown.map((key) => `"${key}" is not an input of this workflow`),
        ...(checked.ok ? [] : checked.issues.map((issue) => issue.message)),
      ];
      if (problems.length > 0 || !checked.ok)
        throw new ToolError("invalid_input", `Invalid inputs for "${workflow.name}": ${problems.join("; ")}`);
      const outcome = await options.runWorkflow({
        workflow,
        inputs: checked.value,
        parentRunId: context.run?.runId ?? null,
        depth,
        callStack,
        runAs: workflow.ownerId,
        requestedBy: context.userId,
        signal: context.signal,
      });
      if (outcome.error && outcome.status !== "succeeded" && outcome.status !== "partial_succeeded") {
        throw new ToolError(
          outcome.error.code,
          `Run ${outcome.runId} of "${workflow.name}" ended ${outcome.status}: ${outcome.error.message}`,
          { details: { run_id: outcome.runId } },
        );
      }
      return { run_id: outcome.runId, status: outcome.status, outputs: outcome.outputs ?? {} };
    },
  });
}

/** The part of the workflow engine the runner needs (lib/workflow/engine WorkflowEngine.startRun). */
export interface ChildRunStarter {
  startRun(params: {
    workflowId: string;
    version: number | null;
    graph: unknown;
    inputs?: unknown;
    trigger: { kind: "agent" | "parent_run"; userId?: string | null; details?: Record<string, unknown> };
    parentRunId?: string | null;
    depth?: number;
    callStack?: string[];
  }): Promise<{ id: string; status: string; outputs: Record<string, unknown> | null; error: { code: string; message: string } | null }>;
}

/**
 * `runWorkflow` for {@link createRunWorkflowTool} over the engine: loads the active version's graph and
 * starts the child run (trigger `parent_run` inside a run, `agent` from chat), waiting until it is final.
 */
export function createEngineWorkflowRunner(
  engine: ChildRunStarter,
  loadActiveGraph: (workflowId: string) => Promise<{ version: number; graph: unknown } | null>,
): (request: ChildRunRequest) => Promise<ChildRunOutcome> {
  return async (request) => {
    const active = await loadActiveGraph(request.workflow.id);
    if (!active) throw new ToolError("not_found", `"${request.workflow.name}" has no published version`);
    const run = await engine.startRun({
      workflowId: request.workflow.id,
      version: active.version,
      graph: active.graph,
      inputs: request.inputs,
      trigger: {
        kind: request.parentRunId ? "parent_run" : "agent",
        userId: request.runAs,
        details: { requested_by: request.requestedBy, ...(request.parentRunId ? { parent_run_id: request.parentRunId } : {}) },
      },
      parentRunId: request.parentRunId,
      depth: request.depth,
      callStack: request.callStack,
    });
    return {
      runId: run.id,
      status: run.status,
      outputs: run.outputs,
      error: run.error ? { code: run.error.code, message: run.error.message } : null,
    };
  };
}
