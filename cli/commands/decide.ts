/**
 * `decide RUN_ID NODE_ID --approve|--reject [--note TEXT] [--json]` (spec §8, §5): decides the approval of a
 * waiting HUMAN_INTERVENTION node once and resumes the run in this process, from its stored state, without
 * re-running finished nodes; prints the run. A second decision exits 1 with `already_decided`, who and when.
 */
import { AppError } from "@/lib/errors";
import { decideApproval } from "@/lib/runtime";
import { isWorkflowError } from "@/lib/workflow/errors";
import { withCliContext } from "../context";
import { CommandFailed, EXIT_OK } from "../errors";
import { printRun } from "./show";

export async function decideCommand(
  runId: string,
  nodeId: string,
  options: { decision: "approved" | "rejected"; note?: string; json: boolean },
): Promise<number> {
  return withCliContext(async ({ runtime, user }) => {
    try {
      await decideApproval(runtime, { runId, nodeId, decision: options.decision, note: options.note ?? null, user });
    } catch (error) {
      if (isWorkflowError(error) && (error.code === "already_decided" || error.code === "forbidden" || error.code === "not_found")) {
        throw new CommandFailed(`${error.code}: ${error.message}`, error.code);
      }
      if (error instanceof AppError && error.code === "not_found") throw new CommandFailed(`not_found: ${error.message}`, error.code);
      throw error;
    }
    await printRun(runtime, runId, options.json);
    return EXIT_OK;
  });
}
