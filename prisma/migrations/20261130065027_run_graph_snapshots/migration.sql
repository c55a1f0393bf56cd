-- CreateTable
CREATE TABLE "RunGraph" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "workflowId" TEXT NOT NULL,
    "graph" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "RunGraph_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Existing runs keep their snapshot, one RunGraph row each (new runs share one per workflow and content)
INSERT INTO "RunGraph" ("id", "workflowId", "graph", "createdAt") SELECT 'run:' || "id", "workflowId", "graph", "createdAt" FROM "Run";

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Run" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "workflowId" TEXT NOT NULL,
    "version" INTEGER,
    "graphId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "inputs" TEXT NOT NULL DEFAULT '{}',
    "outputs" TEXT,
    "error" TEXT,
    "errorCode" TEXT,
    "triggerKind" TEXT NOT NULL,
    "trigger" TEXT NOT NULL DEFAULT '{}',
    "triggeredById" TEXT,
    "parentRunId" TEXT,
    "depth" INTEGER NOT NULL DEFAULT 0,
    "state" TEXT NOT NULL DEFAULT '{}',
    "lastSeq" INTEGER NOT NULL DEFAULT 0,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "workerId" TEXT,
    "idempotencyKey" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "endedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Run_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Run_graphId_fkey" FOREIGN KEY ("graphId") REFERENCES "RunGraph" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Run_triggeredById_fkey" FOREIGN KEY ("triggeredById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Run_parentRunId_fkey" FOREIGN KEY ("parentRunId") REFERENCES "Run" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Run" ("graphId", "completionTokens", "createdAt", "depth", "endedAt", "error", "errorCode", "id", "idempotencyKey", "inputs", "lastSeq", "outputs", "parentRunId", "promptTokens", "startedAt", "state", "status", "trigger", "triggerKind", "triggeredById", "updatedAt", "version", "workerId", "workflowId") SELECT 'run:' || "id", "completionTokens", "createdAt", "depth", "endedAt", "error", "errorCode", "id", "idempotencyKey", "inputs", "lastSeq", "outputs", "parentRunId", "promptTokens", "startedAt", "state", "status", "trigger", "triggerKind", "triggeredById", "updatedAt", "version", "workerId", "workflowId" FROM "Run";
DROP TABLE "Run";
ALTER TABLE "new_Run" RENAME TO "Run";
CREATE INDEX "Run_graphId_idx" ON "Run"("graphId");
CREATE INDEX "Run_workflowId_createdAt_idx" ON "Run"("workflowId", "createdAt");
CREATE INDEX "Run_status_createdAt_idx" ON "Run"("status", "createdAt");
CREATE INDEX "Run_triggeredById_createdAt_idx" ON "Run"("triggeredById", "createdAt");
CREATE INDEX "Run_triggerKind_createdAt_idx" ON "Run"("triggerKind", "createdAt");
CREATE INDEX "Run_createdAt_idx" ON "Run"("createdAt");
CREATE INDEX "Run_parentRunId_idx" ON "Run"("parentRunId");
CREATE UNIQUE INDEX "Run_triggeredById_idempotencyKey_key" ON "Run"("triggeredById", "idempotencyKey");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "RunGraph_workflowId_idx" ON "RunGraph"("workflowId");
