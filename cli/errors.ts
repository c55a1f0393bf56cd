/**
 * Exit statuses of the workflow CLI (spec §8): 0 when the command did what it was asked (a run that ends
 * `failed` is still reported with 0); 1 when it could not (validation issues, an approval already decided,
 * an unknown run, a resource conflict, a database error); 2 for usage errors and files that are not
 * workflow documents. The reason goes to stderr.
 */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** A usage error or a file that is not a workflow document: exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** A command that ran but could not do what was asked: exit 1 with `message` on stderr. */
export class CommandFailed extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = "CommandFailed";
  }
}
