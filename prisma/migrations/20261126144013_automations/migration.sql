-- CreateEnum
CREATE TYPE "AutomationStatus" AS ENUM ('draft', 'active', 'paused', 'archived');

-- CreateEnum
CREATE TYPE "AutomationRunStatus" AS ENUM ('active', 'completed', 'exited');

-- DropIndex
DROP INDEX "BroadcastRecipient_broadcastId_contactId_key";

-- AlterTable
ALTER TABLE "Broadcast" ADD COLUMN     "automationId" UUID,
ADD COLUMN     "automationStepId" TEXT;

-- AlterTable
ALTER TABLE "BroadcastRecipient" ADD COLUMN     "runId" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
-- Existing rows get 0 (a constant default rewrites nothing); new rows their transaction's id.
ALTER TABLE "ContactActivity" ADD COLUMN     "xid" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "ContactActivity" ALTER COLUMN "xid" SET DEFAULT ((pg_current_xact_id())::text)::bigint;

-- CreateTable
CREATE TABLE "Automation" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "status" "AutomationStatus" NOT NULL DEFAULT 'draft',
    "trigger" JSONB NOT NULL,
    "entryFilter" JSONB,
    "reentry" JSONB NOT NULL DEFAULT '{"mode":"once"}',
    "startStepId" TEXT,
    "steps" JSONB NOT NULL DEFAULT '[]',
    "fromName" TEXT,
    "fromEmail" TEXT,
    "replyTo" TEXT,
    "publishedVersion" INTEGER NOT NULL DEFAULT 0,
    "activatedAt" TIMESTAMPTZ(3),
    "pausedAt" TIMESTAMPTZ(3),
    "archivedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Automation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AutomationVersion" (
    "automationId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "trigger" JSONB NOT NULL,
    "entryFilter" JSONB,
    "reentry" JSONB NOT NULL,
    "startStepId" TEXT,
    "steps" JSONB NOT NULL,
    "fromName" TEXT,
    "fromEmail" TEXT,
    "replyTo" TEXT,
    "emailBroadcasts" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AutomationVersion_pkey" PRIMARY KEY ("automationId","version")
);

-- CreateTable
CREATE TABLE "AutomationRun" (
    "id" BIGSERIAL NOT NULL,
    "workspaceId" UUID NOT NULL,
    "automationId" UUID NOT NULL,
    "contactId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "entryKey" TEXT NOT NULL,
    "status" "AutomationRunStatus" NOT NULL DEFAULT 'active',
    "stepId" TEXT,
    "dueAt" TIMESTAMPTZ(3),
    "waitingFor" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "converted" BOOLEAN NOT NULL DEFAULT false,
    "convertedAt" TIMESTAMPTZ(3),
    "exitReason" TEXT,
    "enteredAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "stepEnteredAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMPTZ(3),

    CONSTRAINT "AutomationRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AutomationRunStep" (
    "id" BIGSERIAL NOT NULL,
    "runId" BIGINT NOT NULL,
    "workspaceId" UUID NOT NULL,
    "automationId" UUID NOT NULL,
    "stepId" TEXT NOT NULL,
    "stepType" TEXT NOT NULL,
    "enteredAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leftAt" TIMESTAMPTZ(3),
    "outcome" TEXT,

    CONSTRAINT "AutomationRunStep_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AutomationIntakeCursor" (
    "id" INTEGER NOT NULL,
    "lastXid" BIGINT NOT NULL DEFAULT 0,
    "lastSeq" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "AutomationIntakeCursor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AutomationTestClock" (
    "id" INTEGER NOT NULL,
    "offsetMs" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "AutomationTestClock_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Automation_workspaceId_createdAt_id_idx" ON "Automation"("workspaceId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Automation_workspaceId_status_idx" ON "Automation"("workspaceId", "status");


-- CreateIndex
CREATE INDEX "AutomationRun_automationId_status_stepId_idx" ON "AutomationRun"("automationId", "status", "stepId");

-- CreateIndex
CREATE INDEX "AutomationRun_automationId_enteredAt_idx" ON "AutomationRun"("automationId", "enteredAt");

-- CreateIndex
CREATE INDEX "AutomationRun_contactId_enteredAt_idx" ON "AutomationRun"("contactId", "enteredAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "AutomationRun_automationId_contactId_entryKey_key" ON "AutomationRun"("automationId", "contactId", "entryKey");

-- CreateIndex
CREATE INDEX "AutomationRunStep_runId_id_idx" ON "AutomationRunStep"("runId", "id");

-- CreateIndex
CREATE INDEX "AutomationRunStep_automationId_stepId_enteredAt_idx" ON "AutomationRunStep"("automationId", "stepId", "enteredAt");

-- CreateIndex
CREATE INDEX "Broadcast_automationId_automationStepId_idx" ON "Broadcast"("automationId", "automationStepId");



-- CreateIndex
CREATE UNIQUE INDEX "BroadcastRecipient_broadcastId_contactId_runId_key" ON "BroadcastRecipient"("broadcastId", "contactId", "runId");

-- AddForeignKey
ALTER TABLE "Automation" ADD CONSTRAINT "Automation_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutomationVersion" ADD CONSTRAINT "AutomationVersion_automationId_fkey" FOREIGN KEY ("automationId") REFERENCES "Automation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutomationRun" ADD CONSTRAINT "AutomationRun_automationId_fkey" FOREIGN KEY ("automationId") REFERENCES "Automation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutomationRun" ADD CONSTRAINT "AutomationRun_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutomationRunStep" ADD CONSTRAINT "AutomationRunStep_runId_fkey" FOREIGN KEY ("runId") REFERENCES "AutomationRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Not expressible in Prisma's schema: partial indexes.
-- At most one active run per automation and contact (entries racing for the same contact: one wins).
CREATE UNIQUE INDEX "AutomationRun_one_active_key" ON "AutomationRun"("automationId", "contactId") WHERE "status" = 'active';
-- The engine's claim: active runs by due time.
CREATE INDEX "AutomationRun_due_idx" ON "AutomationRun"("dueAt") WHERE "status" = 'active';
-- An automation email's recipient rows by run (broadcast recipients have runId 0 and are not indexed).
CREATE INDEX "BroadcastRecipient_runId_idx" ON "BroadcastRecipient"("runId") WHERE "runId" <> 0;
-- The intake reads only the kinds of activity automations react to, in (xid, seq) order.
CREATE INDEX "ContactActivity_intake_idx" ON "ContactActivity"("xid", "seq")
  WHERE type IN ('subscribed', 'unsubscribed', 'tag.added', 'tag.removed', 'field.changed', 'form.submitted',
                 'email.opened', 'email.clicked', 'email.bounced', 'email.complained', 'contact.updated');
-- The intake starts after what is there now.
INSERT INTO "AutomationIntakeCursor" (id, "lastXid", "lastSeq")
SELECT 1, 0, coalesce(max(seq), 0) FROM "ContactActivity";
INSERT INTO "AutomationTestClock" (id, "offsetMs") VALUES (1, 0);
