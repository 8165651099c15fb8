-- AlterTable
ALTER TABLE "ContactImport" ADD COLUMN     "duplicateCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "encoding" TEXT NOT NULL DEFAULT 'utf-8';

-- AlterTable
ALTER TABLE "ContactImportError" ADD COLUMN     "duplicateOf" INTEGER;

-- CreateTable
CREATE TABLE "ContactImportEmail" (
    "importId" UUID NOT NULL,
    "emailKey" TEXT NOT NULL,
    "line" INTEGER NOT NULL,

    CONSTRAINT "ContactImportEmail_pkey" PRIMARY KEY ("importId","emailKey")
);

-- AddForeignKey
ALTER TABLE "ContactImportEmail" ADD CONSTRAINT "ContactImportEmail_importId_fkey" FOREIGN KEY ("importId") REFERENCES "ContactImport"("id") ON DELETE CASCADE ON UPDATE CASCADE;
