// Jobs "automation-segment-sweep" (every 10 minutes) and "automation-anniversary-sweep" (every 5 minutes): the
// automation intake's periodic entries (server/automations/sweeps.ts). pg-boss runs one of each per tick across
// all workers; both are idempotent (entry keys), so a retry enters nobody twice.
import { z } from "zod";
import { automationNow } from "@/server/automations/clock";
import { sweepAnniversaries, sweepSegmentEntries } from "@/server/automations/sweeps";
import type { JobDefinition } from "./job-definition";

export const automationSegmentSweepJob: JobDefinition<z.ZodObject> = {
  name: "automation-segment-sweep",
  payload: z.object({}),
  schedule: "*/10 * * * *",
  retryLimit: 1,
  expireInSeconds: 600,
  handle: async () => {
    const entered = await sweepSegmentEntries({ now: await automationNow() });
    if (entered) console.log(JSON.stringify({ source: "automations", message: "segment sweep", entered }));
  },
};

export const automationAnniversarySweepJob: JobDefinition<z.ZodObject> = {
  name: "automation-anniversary-sweep",
  payload: z.object({}),
  schedule: "*/5 * * * *",
  retryLimit: 1,
  expireInSeconds: 300,
  handle: async () => {
    const entered = await sweepAnniversaries({ now: await automationNow() });
    if (entered) console.log(JSON.stringify({ source: "automations", message: "anniversary sweep", entered }));
  },
};
