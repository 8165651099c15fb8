// Job "send-test-email": one test send of a broadcast (POST /api/v1/broadcasts/{id}/test), rendered and sent by the
// worker: the web process never sends email itself. Keyed by the job's id, so a retry sends nothing twice.
import { z } from "zod";
import type { JobDefinition } from "./job-definition";
import { deliverTestEmail } from "@/server/services/broadcasts/deliver-test-email";

const ZSendTestEmailPayload = z.object({
  workspaceId: z.uuid(),
  broadcastId: z.uuid(),
  emails: z.array(z.string()).min(1).max(5),
  contactId: z.uuid().nullable(),
  variantId: z.string().nullable(),
});

export const sendTestEmailJob: JobDefinition<typeof ZSendTestEmailPayload> = {
  name: "send-test-email",
  payload: ZSendTestEmailPayload,
  batchSize: 1,
  retryLimit: 5,
  expireInSeconds: 5 * 60,
  handle: async (payloads, jobs) => {
    for (const [i, payload] of payloads.entries()) {
      await deliverTestEmail(payload, `test-email-${jobs[i]?.id ?? payload.broadcastId}`);
    }
  },
};
