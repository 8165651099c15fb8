// Job "bulk-contacts": runs one ContactBulkAction ("tag all 318 matching"). The payload is only the id; the action,
// its filter, snapshot and cursor are read from the row, so a retry after a crash resumes where the last committed
// chunk left off and a duplicate delivery changes nothing twice.
import { z } from "zod";
import type { JobDefinition } from "./job-definition";
import { runBulkAction } from "@/server/services/contacts/run-bulk-action";

const ZBulkContactsPayload = z.object({ bulkActionId: z.uuid() });

export const bulkContactsJob: JobDefinition<typeof ZBulkContactsPayload> = {
  name: "bulk-contacts",
  payload: ZBulkContactsPayload,
  batchSize: 1,
  retryLimit: 3,
  // 100,000 contacts take seconds; an hour leaves room for millions before pg-boss calls a run lost.
  expireInSeconds: 60 * 60,
  handle: async (payloads) => {
    for (const { bulkActionId } of payloads) await runBulkAction(bulkActionId);
  },
};
