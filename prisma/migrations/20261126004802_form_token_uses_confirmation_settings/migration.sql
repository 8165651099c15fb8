-- AlterTable
ALTER TABLE "Form" ADD COLUMN     "confirmationRedirectUrl" TEXT,
ADD COLUMN     "confirmationSubject" TEXT,
ADD COLUMN     "confirmationText" TEXT;

-- CreateTable
CREATE TABLE "FormTokenUse" (
    "nonce" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FormTokenUse_pkey" PRIMARY KEY ("nonce")
);

-- CreateIndex
CREATE INDEX "FormTokenUse_createdAt_idx" ON "FormTokenUse"("createdAt");
