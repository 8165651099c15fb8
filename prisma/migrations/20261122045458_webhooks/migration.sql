-- CreateEnum
CREATE TYPE "WebhookTaskStatus" AS ENUM ('pending', 'paused', 'delivered', 'failed');

-- CreateEnum
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('success', 'failed');

-- CreateTable
CREATE TABLE "Webhook" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "secretCiphertext" TEXT NOT NULL,
    "previousSecretCiphertext" TEXT,
    "previousSecretExpiresAt" TIMESTAMPTZ(3),
    "consecutiveFailures" INTEGER NOT NULL DEFAULT 0,
    "failingSince" TIMESTAMPTZ(3),
    "lastSuccessAt" TIMESTAMPTZ(3),
    "lastFailureAt" TIMESTAMPTZ(3),
    "disabledAt" TIMESTAMPTZ(3),
    "disabledReason" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Webhook_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookTask" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "webhookId" UUID NOT NULL,
    "eventId" UUID NOT NULL,
    "status" "WebhookTaskStatus" NOT NULL DEFAULT 'pending',
    "attemptCount" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookTask_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "webhookId" UUID NOT NULL,
    "taskId" UUID,
    "eventId" UUID NOT NULL,
    "eventType" TEXT NOT NULL,
    "payload" JSONB,
    "trigger" TEXT NOT NULL,
    "status" "WebhookDeliveryStatus" NOT NULL,
    "requestHeaders" JSONB NOT NULL,
    "responseStatus" INTEGER,
    "responseHeaders" JSONB NOT NULL,
    "responseBody" TEXT NOT NULL,
    "responseTimeMs" INTEGER NOT NULL,
    "error" TEXT,
    "attemptCount" INTEGER NOT NULL,
    "attemptedAt" TIMESTAMPTZ(3) NOT NULL,
    "deliveredAt" TIMESTAMPTZ(3),
    "nextRetryAt" TIMESTAMPTZ(3),

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Webhook_workspaceId_createdAt_idx" ON "Webhook"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookTask_eventId_idx" ON "WebhookTask"("eventId");

-- CreateIndex
CREATE INDEX "WebhookTask_status_nextAttemptAt_idx" ON "WebhookTask"("status", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookTask_webhookId_eventId_key" ON "WebhookTask"("webhookId", "eventId");

-- CreateIndex
CREATE INDEX "WebhookDelivery_webhookId_attemptedAt_idx" ON "WebhookDelivery"("webhookId", "attemptedAt" DESC);

-- CreateIndex
CREATE INDEX "WebhookDelivery_taskId_idx" ON "WebhookDelivery"("taskId");

-- AddForeignKey
ALTER TABLE "Webhook" ADD CONSTRAINT "Webhook_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookTask" ADD CONSTRAINT "WebhookTask_webhookId_fkey" FOREIGN KEY ("webhookId") REFERENCES "Webhook"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookTask" ADD CONSTRAINT "WebhookTask_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_webhookId_fkey" FOREIGN KEY ("webhookId") REFERENCES "Webhook"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "WebhookTask"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- Fan-out: every Event owes one task to each active webhook of its workspace subscribed to its type, written in the
-- event's own transaction, so no event is missed or fanned out twice whatever the workers do. A webhook Sendwell
-- disabled because it kept failing (disabledAt set) gets its tasks too, paused, so nothing is lost while its owner
-- fixes the endpoint; one its owner switched off gets none.
CREATE FUNCTION webhook_fan_out() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "WebhookTask" (id, "workspaceId", "webhookId", "eventId", status, "nextAttemptAt", "createdAt")
  SELECT gen_random_uuid(), e."workspaceId", w.id, e.id,
         CASE WHEN w."isActive" THEN 'pending' ELSE 'paused' END::"WebhookTaskStatus",
         clock_timestamp(), clock_timestamp()
    FROM new_events e
    JOIN "Webhook" w ON w."workspaceId" = e."workspaceId" AND (w."isActive" OR w."disabledAt" IS NOT NULL)
                    AND e.type = ANY(w.events)
  ON CONFLICT DO NOTHING;
  -- Wakes idle dispatchers at commit (they LISTEN; without it they still poll). One per statement, not per row.
  IF FOUND THEN
    PERFORM pg_notify('webhook_tasks', '');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "Event_webhook_fan_out" AFTER INSERT ON "Event"
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION webhook_fan_out();

-- Pause and resume: an inactive webhook's pending tasks leave the dispatchers' queue, and come back due at once when
-- it is enabled again, whoever flips isActive (the API, the dashboard, or the auto-disable rule).
CREATE FUNCTION webhook_pause_resume() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."isActive" AND NOT OLD."isActive" THEN
    UPDATE "WebhookTask" SET status = 'pending', "nextAttemptAt" = clock_timestamp()
     WHERE "webhookId" = NEW.id AND status = 'paused';
    IF FOUND THEN
      PERFORM pg_notify('webhook_tasks', '');
    END IF;
  ELSIF OLD."isActive" AND NOT NEW."isActive" THEN
    UPDATE "WebhookTask" SET status = 'paused' WHERE "webhookId" = NEW.id AND status = 'pending';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "Webhook_pause_resume" AFTER UPDATE OF "isActive" ON "Webhook"
  FOR EACH ROW EXECUTE FUNCTION webhook_pause_resume();
