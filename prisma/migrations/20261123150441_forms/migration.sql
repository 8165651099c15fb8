-- CreateEnum
CREATE TYPE "FormType" AS ENUM ('inline', 'popup', 'landing_page', 'sticky_bar', 'slide_in');

-- CreateEnum
CREATE TYPE "FormStatus" AS ENUM ('draft', 'published', 'archived');

-- CreateTable
CREATE TABLE "Form" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "type" "FormType" NOT NULL,
    "status" "FormStatus" NOT NULL DEFAULT 'draft',
    "segmentId" UUID,
    "tagIds" UUID[] DEFAULT ARRAY[]::UUID[],
    "heading" TEXT,
    "description" TEXT,
    "fields" JSONB NOT NULL DEFAULT '[]',
    "styles" JSONB NOT NULL DEFAULT '{}',
    "display" JSONB NOT NULL DEFAULT '{}',
    "successMessage" TEXT NOT NULL,
    "redirectUrl" TEXT,
    "doubleOptIn" BOOLEAN NOT NULL DEFAULT true,
    "consentStatement" TEXT,
    "privacyPolicyUrl" TEXT,
    "captureTimezone" BOOLEAN NOT NULL DEFAULT true,
    "landingPageMeta" JSONB,
    "slug" TEXT,
    "viewsCount" INTEGER NOT NULL DEFAULT 0,
    "submissionsCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "publishedAt" TIMESTAMPTZ(3),
    "archivedAt" TIMESTAMPTZ(3),
    "deletedAt" TIMESTAMPTZ(3),

    CONSTRAINT "Form_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FormSubmission" (
    "id" UUID NOT NULL,
    "formId" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "contactId" UUID NOT NULL,
    "data" JSONB NOT NULL,
    "ipAddress" TEXT,
    "userAgent" TEXT,
    "timezone" TEXT,
    "referrer" TEXT,
    "utmSource" TEXT,
    "source" TEXT NOT NULL,
    "device" TEXT NOT NULL,
    "audienceStatus" TEXT NOT NULL,
    "contactEmail" TEXT NOT NULL,
    "submittedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FormSubmission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FormView" (
    "id" UUID NOT NULL,
    "formId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FormView_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FormDailyStats" (
    "formId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "submissions" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "FormDailyStats_pkey" PRIMARY KEY ("formId","day")
);

-- CreateTable
CREATE TABLE "FormConfirmation" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "formId" UUID NOT NULL,
    "contactId" UUID NOT NULL,
    "emailKey" TEXT NOT NULL,
    "sentAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "confirmedAt" TIMESTAMPTZ(3),

    CONSTRAINT "FormConfirmation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Form_slug_key" ON "Form"("slug");

-- CreateIndex
CREATE INDEX "Form_workspaceId_createdAt_id_idx" ON "Form"("workspaceId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "FormSubmission_formId_submittedAt_id_idx" ON "FormSubmission"("formId", "submittedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "FormSubmission_contactId_idx" ON "FormSubmission"("contactId");

-- CreateIndex
CREATE INDEX "FormView_createdAt_idx" ON "FormView"("createdAt");

-- CreateIndex
CREATE INDEX "FormConfirmation_workspaceId_emailKey_sentAt_idx" ON "FormConfirmation"("workspaceId", "emailKey", "sentAt");

-- CreateIndex
CREATE INDEX "FormConfirmation_contactId_idx" ON "FormConfirmation"("contactId");

-- AddForeignKey
ALTER TABLE "Form" ADD CONSTRAINT "Form_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Form" ADD CONSTRAINT "Form_segmentId_fkey" FOREIGN KEY ("segmentId") REFERENCES "Segment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormSubmission" ADD CONSTRAINT "FormSubmission_formId_fkey" FOREIGN KEY ("formId") REFERENCES "Form"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormSubmission" ADD CONSTRAINT "FormSubmission_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormDailyStats" ADD CONSTRAINT "FormDailyStats_formId_fkey" FOREIGN KEY ("formId") REFERENCES "Form"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormConfirmation" ADD CONSTRAINT "FormConfirmation_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE CASCADE ON UPDATE CASCADE;
