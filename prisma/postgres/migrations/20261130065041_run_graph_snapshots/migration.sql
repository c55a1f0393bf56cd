-- CreateTable
CREATE TABLE "RunGraph" (
    "id" TEXT NOT NULL,
    "workflowId" TEXT NOT NULL,
    "graph" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RunGraph_pkey" PRIMARY KEY ("id")
);

-- Existing runs keep their snapshot, one RunGraph row each (new runs share one per workflow and content)
INSERT INTO "RunGraph" ("id", "workflowId", "graph", "createdAt") SELECT 'run:' || "id", "workflowId", "graph", "createdAt" FROM "Run";

-- AlterTable
ALTER TABLE "Run" ADD COLUMN "graphId" TEXT;
UPDATE "Run" SET "graphId" = 'run:' || "id";
ALTER TABLE "Run" ALTER COLUMN "graphId" SET NOT NULL;
ALTER TABLE "Run" DROP COLUMN "graph";

-- CreateIndex
CREATE INDEX "RunGraph_workflowId_idx" ON "RunGraph"("workflowId");

-- CreateIndex
CREATE INDEX "Run_graphId_idx" ON "Run"("graphId");

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_graphId_fkey" FOREIGN KEY ("graphId") REFERENCES "RunGraph"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunGraph" ADD CONSTRAINT "RunGraph_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow"("id") ON DELETE CASCADE ON UPDATE CASCADE;
