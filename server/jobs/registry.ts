// Every background job of Sendwell: name, zod payload, handler. The worker registers them all; the web process only
// enqueues (ideally in the same transaction as the write that causes the job).
import type { JobDefinition } from "./job-definition";
import { importContactsJob } from "./import-contacts";
import { pruneWebhookHistoryJob } from "./prune-webhook-history";
import { maintainEmbeddedDatabaseJob } from "./maintain-embedded-database";
import { pruneSignInRecordsJob } from "./prune-sign-in-records";
import { sendTestEmailJob } from "./send-test-email";
import { pruneIdempotencyKeysJob } from "./prune-idempotency-keys";
import { fanOutBroadcastJob } from "./fan-out-broadcast";
import { pruneEmailEventsJob } from "./prune-email-events";
import { maintainEmailEventPartitionsJob } from "./maintain-email-event-partitions";
import { pruneFormRecordsJob } from "./prune-form-records";
import { bulkContactsJob } from "./bulk-contacts";
import { pruneRateLimitWindowsJob } from "./prune-rate-limit-windows";
import { automationAnniversarySweepJob, automationSegmentSweepJob } from "./automation-sweeps";
import { pruneDeliveryEventKeysJob } from "./prune-delivery-event-keys";
import { recheckSendingDomainsJob } from "./recheck-sending-domains";

export const jobs: JobDefinition[] = [
  importContactsJob,
  pruneWebhookHistoryJob,
  maintainEmbeddedDatabaseJob,
  pruneSignInRecordsJob,
  fanOutBroadcastJob,
  pruneEmailEventsJob,
  maintainEmailEventPartitionsJob,
  sendTestEmailJob,
  pruneIdempotencyKeysJob,
  pruneFormRecordsJob,
  bulkContactsJob,
  pruneRateLimitWindowsJob,
  automationSegmentSweepJob,
  automationAnniversarySweepJob,
  pruneDeliveryEventKeysJob,
  recheckSendingDomainsJob,
];
