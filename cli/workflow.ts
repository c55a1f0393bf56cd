/**
 * The workflow command line (spec §8): the same runtime as the app, headless, against the same database
 * (DATABASE_URL) and model settings (overridable by OPENAI_BASE_URL, OPENAI_API_KEY, SWITCHYARD_MODEL);
 * SWITCHYARD_ALLOWED_HOSTS extends the outbound allow-list. The CLI acts as the first administrator, or as
 * `cli@switchyard.local` when the database has none (lib/db/queries/users.ts).
 *
 *   validate FILE [--json]                              exit 0 when valid, 1 with the issues
 *   run FILE [--inputs JSON] [--json]                   runs until final or waiting; prints the run
 *   decide RUN_ID NODE_ID --approve|--reject [--note TEXT] [--json]
 *   show RUN_ID [--json]
 *   export WORKFLOW_ID > FILE
 *   import FILE [--publish] [--json]                    prints the workflow id
 *   runs [--status S] [--workflow ID] [--limit N] [--json]   newest first
 *
 * Exit status (cli/errors.ts): 0 done (a run that ended `failed` included), 1 could not, 2 usage error or
 * not a workflow document. For machine-readable stdout use `npm run -s workflow -- …` or
 * `npx tsx cli/workflow.ts …` (plain `npm run` prints its banner to stdout first).
 */
import "dotenv/config";
import { parseArgs } from "node:util";
import { AppError } from "@/lib/errors";
import { isWorkflowError } from "@/lib/workflow/errors";
import { CommandFailed, EXIT_FAILED, EXIT_USAGE, UsageError } from "./errors";

const USAGE = `usage: npm run workflow -- <command>
  validate FILE [--json]
  run FILE [--inputs JSON] [--json]
  decide RUN_ID NODE_ID --approve|--reject [--note TEXT] [--json]
  show RUN_ID [--json]
  export WORKFLOW_ID > FILE
  import FILE [--publish] [--json]
  runs [--status S] [--workflow ID] [--limit N] [--json]`;

const OPTIONS = {
  json: { type: "boolean", default: false },
  inputs: { type: "string" },
  approve: { type: "boolean", default: false },
  reject: { type: "boolean", default: false },
  note: { type: "string" },
  publish: { type: "boolean", default: false },
  status: { type: "string" },
  workflow: { type: "string" },
  limit: { type: "string" },
  help: { type: "boolean", short: "h", default: false },
} as const;

/** The options each command accepts (others are usage errors). */
const ALLOWED: Record<string, { positionals: number; options: ReadonlyArray<keyof typeof OPTIONS> }> = {
  validate: { positionals: 1, options: ["json"] },
  run: { positionals: 1, options: ["inputs", "json"] },
  decide: { positionals: 2, options: ["approve", "reject", "note", "json"] },
  show: { positionals: 1, options: ["json"] },
  export: { positionals: 1, options: [] },
  import: { positionals: 1, options: ["publish", "json"] },
  runs: { positionals: 0, options: ["status", "workflow", "limit", "json"] },
};

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; args: string[] }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...args] = positionals;
  if (values.help && !command) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const allowed = command ? ALLOWED[command] : undefined;
  if (!command || !allowed) throw new UsageError(command ? `unknown command "${command}"` : "no command given");
  if (args.length !== allowed.positionals)
    throw new UsageError(`${command} takes ${allowed.positionals} argument${allowed.positionals === 1 ? "" : "s"}, got ${args.length}`);
  const given = (Object.keys(values) as Array<keyof typeof OPTIONS>).filter(
    (name) => name !== "help" && values[name] !== undefined && values[name] !== false,
  );
  const stray = given.filter((name) => !allowed.options.includes(name));
  if (stray.length > 0) throw new UsageError(`${command} does not take --${stray.join(", --")}`);
  // Commands are imported when chosen: `validate` needs no database client.
  switch (command) {
    case "validate":
      return (await import("./commands/validate")).validateCommand(args[0], { json: values.json });
    case "run":
      return (await import("./commands/run")).runCommand(args[0], { inputs: values.inputs, json: values.json });
    case "decide": {
      if (values.approve === values.reject) throw new UsageError("decide needs exactly one of --approve or --reject");
      const { decideCommand } = await import("./commands/decide");
      return decideCommand(args[0], args[1], { decision: values.approve ? "approved" : "rejected", note: values.note, json: values.json });
    }
    case "show":
      return (await import("./commands/show")).showCommand(args[0], { json: values.json });
    case "export":
      return (await import("./commands/documents")).exportCommand(args[0]);
    case "import":
      return (await import("./commands/documents")).importCommand(args[0], { publish: values.publish, json: values.json });
    default:
      return (await import("./commands/runs")).runsCommand({
        status: values.status,
        workflow: values.workflow,
        limit: values.limit,
        json: values.json,
      });
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`workflow: ${error.message}\n${USAGE}\n`);
      process.exitCode = EXIT_USAGE;
    } else if (error instanceof CommandFailed) {
      process.stderr.write(`workflow: ${error.message}\n`);
      process.exitCode = EXIT_FAILED;
    } else if (isWorkflowError(error) || error instanceof AppError) {
      // Runtime refusals with a stable code (invalid_input, conflict, …): the code and message, no stack.
      process.stderr.write(`workflow: ${error.code}: ${error.message}\n`);
      process.exitCode = EXIT_FAILED;
    } else {
      process.stderr.write(`workflow: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = EXIT_FAILED;
    }
  },
);
