-- CreateEnum
CREATE TYPE "ContactStatus" AS ENUM ('subscribed', 'unsubscribed', 'pending', 'bounced', 'complained');

-- CreateEnum
CREATE TYPE "CustomFieldType" AS ENUM ('text', 'number', 'date', 'boolean', 'select');

-- CreateEnum
CREATE TYPE "ContactImportStatus" AS ENUM ('uploaded', 'queued', 'running', 'completed', 'failed');

-- CreateTable
CREATE TABLE "Contact" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "emailKey" TEXT NOT NULL,
    "firstName" TEXT,
    "lastName" TEXT,
    "status" "ContactStatus" NOT NULL DEFAULT 'subscribed',
    "timezone" TEXT,
    "source" TEXT NOT NULL,
    "fields" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "subscribedAt" TIMESTAMPTZ(3),
    "unsubscribedAt" TIMESTAMPTZ(3),

    CONSTRAINT "Contact_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContactTag" (
    "contactId" UUID NOT NULL,
    "tagId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContactTag_pkey" PRIMARY KEY ("contactId","tagId")
);

-- CreateTable
CREATE TABLE "CustomField" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "type" "CustomFieldType" NOT NULL,
    "options" JSONB NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CustomField_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Segment" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "rules" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Segment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContactActivity" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "workspaceId" UUID NOT NULL,
    "contactId" UUID,
    "type" TEXT NOT NULL,
    "broadcastId" UUID,
    "formId" UUID,
    "data" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContactActivity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContactImport" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "status" "ContactImportStatus" NOT NULL DEFAULT 'uploaded',
    "filename" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "mapping" JSONB,
    "tagIds" JSONB NOT NULL DEFAULT '[]',
    "updateExisting" BOOLEAN NOT NULL DEFAULT true,
    "totalRows" INTEGER,
    "processedRows" INTEGER NOT NULL DEFAULT 0,
    "createdCount" INTEGER NOT NULL DEFAULT 0,
    "updatedCount" INTEGER NOT NULL DEFAULT 0,
    "skippedCount" INTEGER NOT NULL DEFAULT 0,
    "invalidCount" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "createdById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),

    CONSTRAINT "ContactImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContactImportChunk" (
    "importId" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "ContactImportChunk_pkey" PRIMARY KEY ("importId","index")
);

-- CreateTable
CREATE TABLE "ContactImportError" (
    "importId" UUID NOT NULL,
    "line" INTEGER NOT NULL,
    "email" TEXT,
    "message" TEXT NOT NULL,

    CONSTRAINT "ContactImportError_pkey" PRIMARY KEY ("importId","line")
);

-- CreateIndex
CREATE INDEX "Contact_workspaceId_createdAt_id_idx" ON "Contact"("workspaceId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Contact_workspaceId_status_idx" ON "Contact"("workspaceId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Contact_workspaceId_emailKey_key" ON "Contact"("workspaceId", "emailKey");

-- CreateIndex
CREATE INDEX "ContactTag_tagId_contactId_idx" ON "ContactTag"("tagId", "contactId");

-- CreateIndex
CREATE INDEX "CustomField_workspaceId_createdAt_id_idx" ON "CustomField"("workspaceId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "CustomField_workspaceId_key_key" ON "CustomField"("workspaceId", "key");

-- CreateIndex
CREATE INDEX "Segment_workspaceId_createdAt_id_idx" ON "Segment"("workspaceId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ContactActivity_seq_key" ON "ContactActivity"("seq");

-- CreateIndex
CREATE INDEX "ContactActivity_contactId_seq_idx" ON "ContactActivity"("contactId", "seq" DESC);

-- CreateIndex
CREATE INDEX "ContactActivity_workspaceId_type_broadcastId_idx" ON "ContactActivity"("workspaceId", "type", "broadcastId");

-- CreateIndex
CREATE INDEX "ContactActivity_workspaceId_type_createdAt_idx" ON "ContactActivity"("workspaceId", "type", "createdAt");

-- CreateIndex
CREATE INDEX "ContactActivity_workspaceId_formId_idx" ON "ContactActivity"("workspaceId", "formId");

-- CreateIndex
CREATE INDEX "ContactImport_workspaceId_createdAt_idx" ON "ContactImport"("workspaceId", "createdAt");

-- AddForeignKey
ALTER TABLE "Contact" ADD CONSTRAINT "Contact_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactTag" ADD CONSTRAINT "ContactTag_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactTag" ADD CONSTRAINT "ContactTag_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomField" ADD CONSTRAINT "CustomField_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Segment" ADD CONSTRAINT "Segment_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactActivity" ADD CONSTRAINT "ContactActivity_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactActivity" ADD CONSTRAINT "ContactActivity_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactImport" ADD CONSTRAINT "ContactImport_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactImportChunk" ADD CONSTRAINT "ContactImportChunk_importId_fkey" FOREIGN KEY ("importId") REFERENCES "ContactImport"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactImportError" ADD CONSTRAINT "ContactImportError_importId_fkey" FOREIGN KEY ("importId") REFERENCES "ContactImport"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Tag.contactCount stays exact whatever writes ContactTag (API, imports, bulk actions, cascading deletes):
-- statement-level triggers add up each statement's rows per tag, so a 100,000-row import updates each tag once.
CREATE FUNCTION "sendwell_tag_count_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Tag" t SET "contactCount" = t."contactCount" + n.c
  FROM (SELECT "tagId", count(*)::int AS c FROM new_rows GROUP BY "tagId") n
  WHERE t."id" = n."tagId";
  RETURN NULL;
END $$;

CREATE FUNCTION "sendwell_tag_count_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Tag" t SET "contactCount" = GREATEST(0, t."contactCount" - o.c)
  FROM (SELECT "tagId", count(*)::int AS c FROM old_rows GROUP BY "tagId") o
  WHERE t."id" = o."tagId";
  RETURN NULL;
END $$;

CREATE TRIGGER "ContactTag_count_added" AFTER INSERT ON "ContactTag"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sendwell_tag_count_added"();

CREATE TRIGGER "ContactTag_count_removed" AFTER DELETE ON "ContactTag"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sendwell_tag_count_removed"();
