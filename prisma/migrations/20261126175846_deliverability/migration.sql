-- AlterTable
ALTER TABLE "Automation" ADD COLUMN     "sendingIdentityId" UUID;

-- AlterTable
ALTER TABLE "Broadcast" ADD COLUMN     "sendingIdentityId" UUID;

-- AlterTable
ALTER TABLE "BroadcastRecipient" ADD COLUMN     "suppressedBy" TEXT;

-- AlterTable
ALTER TABLE "EmailEvent" ADD COLUMN     "rule" TEXT;

-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "softBounceLimit" INTEGER NOT NULL DEFAULT 3,
ADD COLUMN     "softBounceWindowDays" INTEGER NOT NULL DEFAULT 15;

-- CreateTable
CREATE TABLE "SendingDomain" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "domain" TEXT NOT NULL,
    "dkimSelector" TEXT NOT NULL,
    "dkimPublicKey" TEXT NOT NULL,
    "dkimPrivateKey" TEXT NOT NULL,
    "checks" JSONB NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "lastCheckedAt" TIMESTAMPTZ(3),
    "verifiedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SendingDomain_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SendingIdentity" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'none',
    "config" TEXT NOT NULL,
    "webhookSecret" TEXT,
    "ratePerSecond" INTEGER,
    "reservedUntil" TIMESTAMPTZ(3),
    "backoffUntil" TIMESTAMPTZ(3),
    "backoffMs" INTEGER NOT NULL DEFAULT 0,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SendingIdentity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContactBounce" (
    "id" BIGSERIAL NOT NULL,
    "workspaceId" UUID NOT NULL,
    "contactId" UUID NOT NULL,
    "broadcastId" UUID,
    "recipientId" BIGINT,
    "kind" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "detail" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContactBounce_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DeliveryEventKey" (
    "key" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeliveryEventKey_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "SendingDomain_lastCheckedAt_idx" ON "SendingDomain"("lastCheckedAt");

-- CreateIndex
CREATE UNIQUE INDEX "SendingDomain_workspaceId_domain_key" ON "SendingDomain"("workspaceId", "domain");

-- CreateIndex
CREATE INDEX "SendingIdentity_workspaceId_isDefault_idx" ON "SendingIdentity"("workspaceId", "isDefault");

-- CreateIndex
CREATE UNIQUE INDEX "SendingIdentity_workspaceId_name_key" ON "SendingIdentity"("workspaceId", "name");

-- CreateIndex
CREATE INDEX "ContactBounce_contactId_createdAt_idx" ON "ContactBounce"("contactId", "createdAt");

-- CreateIndex
CREATE INDEX "ContactBounce_createdAt_idx" ON "ContactBounce"("createdAt");

-- CreateIndex
CREATE INDEX "DeliveryEventKey_createdAt_idx" ON "DeliveryEventKey"("createdAt");

-- AddForeignKey
ALTER TABLE "Automation" ADD CONSTRAINT "Automation_sendingIdentityId_fkey" FOREIGN KEY ("sendingIdentityId") REFERENCES "SendingIdentity"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Broadcast" ADD CONSTRAINT "Broadcast_sendingIdentityId_fkey" FOREIGN KEY ("sendingIdentityId") REFERENCES "SendingIdentity"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SendingDomain" ADD CONSTRAINT "SendingDomain_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SendingIdentity" ADD CONSTRAINT "SendingIdentity_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactBounce" ADD CONSTRAINT "ContactBounce_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE CASCADE ON UPDATE CASCADE;
