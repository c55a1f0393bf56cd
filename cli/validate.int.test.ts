/** `validate` of every fixture and the usage errors, through the real CLI (spec §8 exit statuses). */
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempDatabase, ROOT, runCli, type TempDatabase } from "./cli-harness";

const FIXTURES = path.join(ROOT, "fixtures/workflows");
const valid = readdirSync(FIXTURES)
  .filter((name) => name.endsWith(".json"))
  .sort();

describe("workflow CLI: validate and usage", () => {
  let db: TempDatabase;
  beforeAll(async () => {
    db = await createTempDatabase();
  });
  afterAll(() => db?.cleanup());

  it("finds the example fixtures", () => {
    expect(valid).toEqual(["approval.json", "branch.json", "connector-branch.json", "hello-llm.json"]);
  });

  it.each(valid)(
    "validate %s exits 0",
    async (name) => {
      const result = await runCli(["validate", path.join("fixtures/workflows", name)], db.env);
      expect(result).toMatchObject({ code: 0, stdout: `fixtures/workflows/${name}: valid\n` });
    },
    120_000,
  );

  it("validate of a cycle exits 1 with the issue, --json", async () => {
    const result = await runCli(["validate", "fixtures/workflows/invalid/cycle.json", "--json"], db.env);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      valid: false,
      issues: [{ code: "cycle", node_ids: ["a", "b"], message: "Nodes a, b form a cycle" }],
    });
  }, 120_000);

  it("validate of a document without END and with an unknown reference exits 1 with both codes", async () => {
    const result = await runCli(["validate", "fixtures/workflows/invalid/missing-end-unknown-reference.json", "--json"], db.env);
    expect(result.code).toBe(1);
    const issues = (JSON.parse(result.stdout) as { issues: Array<{ code: string; node_ids: string[]; field?: string }> }).issues;
    expect(issues.map((issue) => [issue.code, issue.node_ids, issue.field ?? null])).toEqual([
      ["missing_end", [], null],
      ["unknown_reference", ["gate"], "title"],
    ]);
  }, 120_000);

  it("exits 2 for usage errors and files that are not workflow documents, with the reason on stderr", async () => {
    const notDocument = path.join(db.dir, "package.json");
    writeFileSync(notDocument, JSON.stringify({ name: "x", version: "1.0.0" }));
    const notJson = path.join(db.dir, "notes.txt");
    writeFileSync(notJson, "hello");
    const cases: Array<[string[], string]> = [
      [[], "workflow: no command given"],
      [["frobnicate"], 'workflow: unknown command "frobnicate"'],
      [["validate"], "workflow: validate takes 1 argument, got 0"],
      [["decide", "run1", "gate"], "workflow: decide needs exactly one of --approve or --reject"],
      [["decide", "run1", "gate", "--approve", "--reject"], "workflow: decide needs exactly one of --approve or --reject"],
      [["show", "run1", "--publish"], "workflow: show does not take --publish"],
      [["validate", notDocument], `workflow: ${notDocument} is not a workflow document: "format" must be "switchyard.workflow"`],
      [["validate", notJson], `workflow: ${notJson} is not a workflow document: not JSON`],
      [["validate", path.join(db.dir, "missing.json")], `workflow: cannot read ${path.join(db.dir, "missing.json")}: ENOENT`],
      [["run", "fixtures/workflows/branch.json", "--inputs", "{oops"], "workflow: --inputs is not JSON"],
      [
        ["runs", "--status", "done"],
        "workflow: --status must be one of queued, running, waiting, succeeded, partial_succeeded, failed, cancelled",
      ],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(args, db.env);
      expect({ args, code: result.code, first: result.stderr.split("\n")[0].startsWith(message), stdout: result.stdout }).toEqual({
        args,
        code: 2,
        first: true,
        stdout: "",
      });
    }
  }, 600_000);
});
