/**
 * `run FILE [--inputs JSON] [--json]` (spec §8): stores the document as a workflow (reused when the same
 * document is run again), writes `run RUN_ID started` to stderr as soon as the run is stored, runs it until
 * it is final or waiting, and prints it. A run that ends `failed` still exits 0.
 */
import { ensureDocumentWorkflow } from "@/lib/db/queries/workflow-documents";
import { startWorkflowRun } from "@/lib/runtime";
import { validateDocument } from "@/lib/workflow/validate";
import { withCliContext } from "../context";
import { readDocumentFile } from "../document-file";
import { CommandFailed, EXIT_OK, UsageError } from "../errors";
import { printRun } from "./show";

function parseInputs(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--inputs is not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new UsageError("--inputs must be a JSON object");
  return value as Record<string, unknown>;
}

export async function runCommand(file: string, options: { inputs?: string; json: boolean }): Promise<number> {
  const raw = readDocumentFile(file);
  const inputs = parseInputs(options.inputs);
  const checked = validateDocument(raw);
  if (!checked.ok) {
    const lines = checked.issues.map((issue) => `  ${issue.code}: ${issue.message}`).join("\n");
    throw new CommandFailed(`${file} is not valid:\n${lines}`, checked.issues[0]?.code);
  }
  return withCliContext(async ({ runtime, user }) => {
    const workflow = await ensureDocumentWorkflow(runtime.db, raw, { ownerId: user.id });
    const run = await startWorkflowRun(runtime, {
      workflowId: workflow.workflowId,
      draft: true,
      inputs,
      trigger: { kind: "cli", details: { file } },
      user,
      onRunCreated: (created) => process.stderr.write(`run ${created.id} started\n`),
    });
    await printRun(runtime, run.id, options.json);
    return EXIT_OK;
  });
}
