// Job "fan-out-broadcast": writes a sending broadcast's recipient rows and batches (server/sending/fan-out.ts).
// The payload is only the id; progress is a cursor on the broadcast row, so a retry resumes where the last run
// stopped and a duplicate run finds nothing left to do.
import { z } from "zod";
import type { JobDefinition } from "./job-definition";
import { fanOut } from "@/server/sending/fan-out";

const ZFanOutPayload = z.object({ broadcastId: z.uuid() });

export const fanOutBroadcastJob: JobDefinition<typeof ZFanOutPayload> = {
  name: "fan-out-broadcast",
  payload: ZFanOutPayload,
  batchSize: 1,
  retryLimit: 10,
  // 1,000,000 recipients take about a minute on PostgreSQL 15; a run that dies is retried after this.
  expireInSeconds: 30 * 60,
  handle: async (payloads) => {
    for (const { broadcastId } of payloads) await fanOut(broadcastId);
  },
};
