// Job "prune-sign-in-records", daily: long-ended sessions and stale sign-in throttle counters go.
import { z } from "zod";
import { pruneSignInRecords } from "@/server/services/sessions/prune-sign-in-records";
import type { JobDefinition } from "./job-definition";

export const pruneSignInRecordsJob: JobDefinition<z.ZodObject> = {
  name: "prune-sign-in-records",
  payload: z.object({}),
  schedule: "43 3 * * *",
  retryLimit: 2,
  handle: async () => {
    const pruned = await pruneSignInRecords();
    console.log(JSON.stringify({ source: "auth", message: "pruned sign-in records", ...pruned }));
  },
};
