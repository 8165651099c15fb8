// Job "maintain-email-event-partitions", daily: EmailEvent's monthly partitions exist for the current month and the
// three after it, and any rows that landed in the DEFAULT partition (a month nobody had created, e.g. after the
// worker was stopped for months) move into their month's partition, so retention can drop them with it
// (server/tracking/email-event-partitions.ts). Safe in any number of workers at once: they take turns on an advisory
// lock and the later ones find nothing to do.
import { z } from "zod";
import { ensureEmailEventPartitions } from "@/server/tracking/email-event-partitions";
import type { JobDefinition } from "./job-definition";

export const maintainEmailEventPartitionsJob: JobDefinition<z.ZodObject> = {
  name: "maintain-email-event-partitions",
  payload: z.object({}),
  schedule: "7 3 * * *",
  // A lock wait that timed out (a long query on EmailEvent) is simply tried again.
  retryLimit: 5,
  handle: async () => {
    const result = await ensureEmailEventPartitions();
    if (result.created.length > 0) {
      console.log(JSON.stringify({ source: "tracking", message: "created email event partitions", ...result }));
    }
  },
};
