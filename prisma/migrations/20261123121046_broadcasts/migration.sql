-- CreateEnum
CREATE TYPE "BroadcastStatus" AS ENUM ('draft', 'scheduled', 'sending', 'sent');

-- CreateEnum
CREATE TYPE "BroadcastAudienceType" AS ENUM ('all', 'segments', 'tags');

-- CreateEnum
CREATE TYPE "BroadcastBatchStatus" AS ENUM ('pending', 'held', 'sent', 'failed');

-- CreateEnum
CREATE TYPE "RecipientStatus" AS ENUM ('queued', 'sent', 'failed');

-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "defaultFromEmail" TEXT,
ADD COLUMN     "defaultFromName" TEXT,
ADD COLUMN     "defaultTimezone" TEXT NOT NULL DEFAULT 'UTC',
ADD COLUMN     "postalAddress" TEXT,
ADD COLUMN     "sendRatePerSecond" INTEGER,
ADD COLUMN     "sendReservedUntil" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "Broadcast" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "status" "BroadcastStatus" NOT NULL DEFAULT 'draft',
    "subject" TEXT,
    "previewText" TEXT,
    "fromName" TEXT,
    "fromEmail" TEXT,
    "replyTo" TEXT,
    "audienceType" "BroadcastAudienceType" NOT NULL DEFAULT 'all',
    "audienceFilter" JSONB NOT NULL DEFAULT '{}',
    "blocks" JSONB NOT NULL DEFAULT '[]',
    "theme" TEXT NOT NULL DEFAULT 'default',
    "footerStyles" JSONB NOT NULL DEFAULT '{}',
    "variants" JSONB NOT NULL DEFAULT '[]',
    "abTestPercent" INTEGER,
    "abWinnerMetric" TEXT,
    "abWinnerAfterMinutes" INTEGER,
    "abWinner" TEXT,
    "abWinnerAt" TIMESTAMPTZ(3),
    "timezoneMode" TEXT,
    "scheduledAt" TIMESTAMPTZ(3),
    "localDate" TEXT,
    "localTime" TEXT,
    "resendOfId" UUID,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "pausedAt" TIMESTAMPTZ(3),
    "sendStartedAt" TIMESTAMPTZ(3),
    "fanoutCursor" JSONB,
    "fanoutDoneAt" TIMESTAMPTZ(3),
    "recipientCount" INTEGER NOT NULL DEFAULT 0,
    "sentCount" INTEGER NOT NULL DEFAULT 0,
    "failedCount" INTEGER NOT NULL DEFAULT 0,
    "sentAt" TIMESTAMPTZ(3),
    "archivedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Broadcast_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BroadcastBatch" (
    "broadcastId" UUID NOT NULL,
    "batchNo" INTEGER NOT NULL,
    "workspaceId" UUID NOT NULL,
    "status" "BroadcastBatchStatus" NOT NULL DEFAULT 'pending',
    "dueAt" TIMESTAMPTZ(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "size" INTEGER NOT NULL,
    "sentAt" TIMESTAMPTZ(3),

    CONSTRAINT "BroadcastBatch_pkey" PRIMARY KEY ("broadcastId","batchNo")
);

-- CreateTable
CREATE TABLE "BroadcastRecipient" (
    "id" BIGSERIAL NOT NULL,
    "broadcastId" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "contactId" UUID,
    "email" TEXT NOT NULL,
    "variantId" TEXT,
    "batchNo" INTEGER NOT NULL,
    "status" "RecipientStatus" NOT NULL DEFAULT 'queued',
    "providerMessageId" TEXT,
    "error" TEXT,
    "sentAt" TIMESTAMPTZ(3),
    "deliveredAt" TIMESTAMPTZ(3),
    "openedAt" TIMESTAMPTZ(3),
    "openCount" INTEGER NOT NULL DEFAULT 0,
    "machineOpenCount" INTEGER NOT NULL DEFAULT 0,
    "mppOpenCount" INTEGER NOT NULL DEFAULT 0,
    "clickedAt" TIMESTAMPTZ(3),
    "clickCount" INTEGER NOT NULL DEFAULT 0,
    "bouncedAt" TIMESTAMPTZ(3),
    "bounceType" TEXT,
    "complainedAt" TIMESTAMPTZ(3),
    "unsubscribedAt" TIMESTAMPTZ(3),

    CONSTRAINT "BroadcastRecipient_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BroadcastLink" (
    "id" BIGSERIAL NOT NULL,
    "broadcastId" UUID NOT NULL,
    "variantId" TEXT NOT NULL DEFAULT '',
    "position" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "totalClicks" INTEGER NOT NULL DEFAULT 0,
    "uniqueClicks" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "BroadcastLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EmailEvent" (
    "seq" BIGSERIAL NOT NULL,
    "workspaceId" UUID NOT NULL,
    "broadcastId" UUID NOT NULL,
    "recipientId" BIGINT NOT NULL,
    "type" TEXT NOT NULL,
    "linkId" BIGINT,
    "class" TEXT,
    "device" TEXT,
    "bounceType" TEXT,
    "detail" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailEvent_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "EmailEventCursor" (
    "id" INTEGER NOT NULL,
    "lastSeq" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "EmailEventCursor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BroadcastStats" (
    "broadcastId" UUID NOT NULL,
    "delivered" INTEGER NOT NULL DEFAULT 0,
    "uniqueOpens" INTEGER NOT NULL DEFAULT 0,
    "totalOpens" INTEGER NOT NULL DEFAULT 0,
    "machineOpens" INTEGER NOT NULL DEFAULT 0,
    "mppAffected" INTEGER NOT NULL DEFAULT 0,
    "clicked" INTEGER NOT NULL DEFAULT 0,
    "totalClicks" INTEGER NOT NULL DEFAULT 0,
    "bounced" INTEGER NOT NULL DEFAULT 0,
    "hardBounces" INTEGER NOT NULL DEFAULT 0,
    "softBounces" INTEGER NOT NULL DEFAULT 0,
    "complained" INTEGER NOT NULL DEFAULT 0,
    "unsubscribed" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "BroadcastStats_pkey" PRIMARY KEY ("broadcastId")
);

-- CreateTable
CREATE TABLE "BroadcastHourlyStats" (
    "broadcastId" UUID NOT NULL,
    "hoursAfterSend" INTEGER NOT NULL,
    "opens" INTEGER NOT NULL DEFAULT 0,
    "clicks" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "BroadcastHourlyStats_pkey" PRIMARY KEY ("broadcastId","hoursAfterSend")
);

-- CreateTable
CREATE TABLE "BroadcastDeviceStats" (
    "broadcastId" UUID NOT NULL,
    "device" TEXT NOT NULL,
    "clicks" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "BroadcastDeviceStats_pkey" PRIMARY KEY ("broadcastId","device")
);

-- CreateTable
CREATE TABLE "OutboxMessage" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "broadcastId" UUID,
    "recipientId" BIGINT,
    "kind" TEXT NOT NULL,
    "fromAddress" TEXT NOT NULL,
    "toAddress" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "headers" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OutboxMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdempotencyKey" (
    "workspaceId" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "responseStatus" INTEGER,
    "responseBody" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "IdempotencyKey_pkey" PRIMARY KEY ("workspaceId","key")
);

-- CreateIndex
CREATE INDEX "Broadcast_workspaceId_createdAt_id_idx" ON "Broadcast"("workspaceId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Broadcast_workspaceId_status_idx" ON "Broadcast"("workspaceId", "status");

-- CreateIndex
CREATE INDEX "Broadcast_status_scheduledAt_idx" ON "Broadcast"("status", "scheduledAt");

-- CreateIndex
CREATE INDEX "BroadcastBatch_status_dueAt_idx" ON "BroadcastBatch"("status", "dueAt");

-- CreateIndex
CREATE INDEX "BroadcastRecipient_broadcastId_batchNo_idx" ON "BroadcastRecipient"("broadcastId", "batchNo");

-- CreateIndex
CREATE INDEX "BroadcastRecipient_providerMessageId_idx" ON "BroadcastRecipient"("providerMessageId");

-- CreateIndex
CREATE INDEX "BroadcastRecipient_contactId_idx" ON "BroadcastRecipient"("contactId");

-- CreateIndex
CREATE UNIQUE INDEX "BroadcastRecipient_broadcastId_contactId_key" ON "BroadcastRecipient"("broadcastId", "contactId");

-- CreateIndex
CREATE UNIQUE INDEX "BroadcastLink_broadcastId_variantId_position_key" ON "BroadcastLink"("broadcastId", "variantId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "OutboxMessage_recipientId_key" ON "OutboxMessage"("recipientId");

-- CreateIndex
CREATE INDEX "OutboxMessage_workspaceId_createdAt_id_idx" ON "OutboxMessage"("workspaceId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "IdempotencyKey_expiresAt_idx" ON "IdempotencyKey"("expiresAt");

-- AddForeignKey
ALTER TABLE "Broadcast" ADD CONSTRAINT "Broadcast_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BroadcastBatch" ADD CONSTRAINT "BroadcastBatch_broadcastId_fkey" FOREIGN KEY ("broadcastId") REFERENCES "Broadcast"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BroadcastRecipient" ADD CONSTRAINT "BroadcastRecipient_broadcastId_fkey" FOREIGN KEY ("broadcastId") REFERENCES "Broadcast"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BroadcastRecipient" ADD CONSTRAINT "BroadcastRecipient_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BroadcastLink" ADD CONSTRAINT "BroadcastLink_broadcastId_fkey" FOREIGN KEY ("broadcastId") REFERENCES "Broadcast"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BroadcastStats" ADD CONSTRAINT "BroadcastStats_broadcastId_fkey" FOREIGN KEY ("broadcastId") REFERENCES "Broadcast"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutboxMessage" ADD CONSTRAINT "OutboxMessage_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
