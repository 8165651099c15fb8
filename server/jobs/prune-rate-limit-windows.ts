// Job "prune-rate-limit-windows", every 10 minutes: rate-limit windows that ended go (server/http/rate-limit.ts). A
// take starts an ended window over by itself; this only keeps the table small (one row per client address that
// posted to a form lately), at no cost to the requests.
import { z } from "zod";
import { pruneRateLimitWindows } from "@/server/http/rate-limit";
import type { JobDefinition } from "./job-definition";

export const pruneRateLimitWindowsJob: JobDefinition<z.ZodObject> = {
  name: "prune-rate-limit-windows",
  payload: z.object({}),
  schedule: "*/10 * * * *",
  retryLimit: 0,
  handle: async () => {
    const deleted = await pruneRateLimitWindows();
    if (deleted > 0) console.log(JSON.stringify({ source: "api", message: "pruned rate-limit windows", deleted }));
  },
};
