/**
 * `export WORKFLOW_ID` and `import FILE [--publish] [--json]` (spec §8, §1): a workflow as a document with
 * its resources (secrets blank), and a document stored as a new workflow with its resources (created when
 * missing, reused when they match, refused when an id exists with other content).
 */
import { AppError } from "@/lib/errors";
import { exportWorkflowDocument, importWorkflowDocument } from "@/lib/db/queries/workflow-documents";
import { printJson, withCliContext } from "../context";
import { readDocumentFile } from "../document-file";
import { CommandFailed, EXIT_OK } from "../errors";

function commandFailure(error: unknown): never {
  if (error instanceof AppError) throw new CommandFailed(`${error.code}: ${error.message}`, error.code);
  throw error;
}

export async function exportCommand(workflowId: string): Promise<number> {
  return withCliContext(async ({ runtime }) => {
    const document = await exportWorkflowDocument(runtime.db, workflowId).catch(commandFailure);
    printJson(document);
    return EXIT_OK;
  });
}

export async function importCommand(file: string, options: { publish: boolean; json: boolean }): Promise<number> {
  const raw = readDocumentFile(file);
  return withCliContext(async ({ runtime, user }) => {
    const imported = await importWorkflowDocument(runtime.db, raw, { ownerId: user.id, publish: options.publish }).catch(commandFailure);
    if (options.json) printJson({ id: imported.workflowId, version: imported.version, resources: imported.resources });
    else process.stdout.write(`${imported.workflowId}\n`);
    return EXIT_OK;
  });
}
