-- DropIndex
DROP INDEX "FormConfirmation_workspaceId_emailKey_sentAt_idx";

-- AlterTable
ALTER TABLE "FormConfirmation" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "failedAt" TIMESTAMPTZ(3),
ADD COLUMN     "lastError" TEXT,
ADD COLUMN     "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ALTER COLUMN "sentAt" DROP NOT NULL,
ALTER COLUMN "sentAt" DROP DEFAULT;

-- CreateIndex
CREATE INDEX "FormConfirmation_workspaceId_emailKey_createdAt_idx" ON "FormConfirmation"("workspaceId", "emailKey", "createdAt");

-- CreateIndex
CREATE INDEX "FormConfirmation_sentAt_failedAt_nextAttemptAt_idx" ON "FormConfirmation"("sentAt", "failedAt", "nextAttemptAt");
