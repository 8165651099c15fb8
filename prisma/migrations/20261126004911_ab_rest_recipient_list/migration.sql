-- AlterTable
ALTER TABLE "BroadcastRecipient" ADD COLUMN     "abRest" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "BroadcastRecipient_broadcastId_email_id_idx" ON "BroadcastRecipient"("broadcastId", "email", "id");

-- Recipients of A/B tests sent before this column: the rest of the audience is what is still held (no variant yet)
-- and, once a winner was chosen, the winner's recipients sent after the choice (the test had gone out before it).
UPDATE "BroadcastRecipient" r
   SET "abRest" = true
  FROM "Broadcast" b
 WHERE b.id = r."broadcastId" AND jsonb_typeof(b.variants) = 'array' AND jsonb_array_length(b.variants) > 0
   AND coalesce(b."abTestPercent", 100) < 100
   AND (r."variantId" IS NULL
        OR (r."variantId" = b."abWinner" AND (r."sentAt" IS NULL OR r."sentAt" >= b."abWinnerAt")));
