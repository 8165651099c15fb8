// Job "prune-form-records", daily: old view ids, confirmation rows and spent render tokens go
// (server/forms/prune-form-records.ts).
import { z } from "zod";
import { pruneFormRecords } from "@/server/forms/prune-form-records";
import type { JobDefinition } from "./job-definition";

export const pruneFormRecordsJob: JobDefinition<z.ZodObject> = {
  name: "prune-form-records",
  payload: z.object({}),
  schedule: "41 3 * * *",
  retryLimit: 2,
  handle: async () => {
    const deleted = await pruneFormRecords();
    console.log(JSON.stringify({ source: "forms", message: "pruned form records", ...deleted }));
  },
};
