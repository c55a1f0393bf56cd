import { describe } from "vitest";
import { describeRunStoreConformance } from "@/lib/workflow/run-store.conformance";
import { PrismaRunStore } from "./prisma-run-store";
import { createTestDatabase, testDatabaseKinds } from "./test-databases";

describe.each(testDatabaseKinds())("PrismaRunStore on %s", (kind) => {
  describeRunStoreConformance(`PrismaRunStore (${kind})`, async () => {
    const t = await createTestDatabase(kind);
    const user = await t.db.user.create({ data: { email: "owner@example.com", name: "Owner", passwordHash: "x" } });
    const workflow = await t.db.workflow.create({ data: { ownerId: user.id, name: "Conformance", draftGraph: '{"nodes":[],"edges":[]}' } });
    return { store: new PrismaRunStore(t.db, { kind }), workflowId: workflow.id, cleanup: () => t.cleanup() };
  });
});
