import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../test-databases";
import {
  createOrRotateWebhook,
  deleteWebhooks,
  findWebhookByToken,
  getActiveWorkflow,
  listPublishedWorkflows,
  setWebhookMode,
} from "./triggers";
import { importWorkflowDocument } from "./workflow-documents";

const fixture = (name: string) => JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../fixtures/workflows", name), "utf8"));

describe.each(testDatabaseKinds())("webhooks and startable workflows (%s)", (kind) => {
  let database: TestDatabase;
  let owner: { id: string; role: string };
  let other: { id: string; role: string };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    owner = await database.db.user.create({ data: { email: "owner@example.com", name: "Owner", passwordHash: "!" } });
    other = await database.db.user.create({ data: { email: "other@example.com", name: "Other", passwordHash: "!" } });
  });
  afterAll(() => database?.cleanup());

  it("opens a webhook by its token until it is rotated or deleted", async () => {
    const { workflowId } = await importWorkflowDocument(database.db, fixture("branch.json"), { ownerId: owner.id, publish: true });
    const first = await createOrRotateWebhook(database.db, workflowId);
    expect(first.view).toMatchObject({ mode: "sync", rotatedAt: null });
    const target = await findWebhookByToken(database.db, first.token);
    expect(target).toMatchObject({
      webhookId: first.view.id,
      mode: "sync",
      owner: { id: owner.id, email: "owner@example.com", name: "Owner", role: "member" },
      workflow: { id: workflowId, version: 1, hasHumanIntervention: false, variables: [{ name: "amount" }, { name: "customer" }] },
    });
    const second = await createOrRotateWebhook(database.db, workflowId);
    expect(second.view.id).toBe(first.view.id);
    expect(await findWebhookByToken(database.db, first.token)).toBeNull();
    expect((await findWebhookByToken(database.db, second.token))?.webhookId).toBe(first.view.id);
    expect((await setWebhookMode(database.db, workflowId, "async")).mode).toBe("async");
    await deleteWebhooks(database.db, workflowId);
    expect(await findWebhookByToken(database.db, second.token)).toBeNull();
  });

  it("gives an unpublished workflow's webhook no version, and refuses to start it", async () => {
    const draft = await database.db.workflow.create({
      data: { ownerId: owner.id, name: "Draft", draftGraph: JSON.stringify(fixture("branch.json").graph) },
    });
    const { token } = await createOrRotateWebhook(database.db, draft.id);
    expect((await findWebhookByToken(database.db, token))?.workflow).toBeNull();
    await expect(getActiveWorkflow(database.db, owner, draft.id)).rejects.toMatchObject({ code: "conflict" });
    await expect(getActiveWorkflow(database.db, other, draft.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("lists the published workflows a user owns or that are shared with them, gated ones flagged", async () => {
    const gated = await importWorkflowDocument(database.db, fixture("approval.json"), { ownerId: owner.id, publish: true });
    await database.db.workflowShare.create({ data: { workflowId: gated.workflowId, userId: other.id } });
    const mine = await listPublishedWorkflows(database.db, owner.id);
    expect(mine.map((workflow) => [workflow.name, workflow.hasHumanIntervention])).toEqual([
      ["Refund approval", true],
      ["Refund size branch", false],
    ]);
    expect((await listPublishedWorkflows(database.db, other.id)).map((workflow) => workflow.id)).toEqual([gated.workflowId]);
  });
});
