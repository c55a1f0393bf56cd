/**
 * `show RUN_ID [--json]` (spec §8): the run with every node, its outputs or error, and the pending approvals.
 */
import type { Runtime } from "@/lib/runtime";
import { printJson, withCliContext } from "../context";
import { CommandFailed, EXIT_OK } from "../errors";
import { formatRunReport, runReport } from "../report";

/** Prints a stored run (report.ts shape with `--json`). @throws CommandFailed `not_found`. */
export async function printRun(runtime: Runtime, runId: string, json: boolean): Promise<void> {
  const snapshot = await runtime.store.loadRun(runId);
  if (!snapshot) throw new CommandFailed(`no run ${runId}`, "not_found");
  const report = runReport(snapshot);
  if (json) printJson(report);
  else process.stdout.write(`${formatRunReport(report, snapshot)}\n`);
}

export async function showCommand(runId: string, options: { json: boolean }): Promise<number> {
  return withCliContext(async ({ runtime }) => {
    await printRun(runtime, runId, options.json);
    return EXIT_OK;
  });
}
