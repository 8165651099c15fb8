// Job "prune-delivery-event-keys", daily: applied provider-event keys older than a month go
// (server/deliverability/prune-delivery-event-keys.ts says why that is safe).
import { z } from "zod";
import { pruneDeliveryEventKeys } from "@/server/deliverability/prune-delivery-event-keys";
import type { JobDefinition } from "./job-definition";

export const pruneDeliveryEventKeysJob: JobDefinition<z.ZodObject> = {
  name: "prune-delivery-event-keys",
  payload: z.object({}),
  schedule: "41 3 * * *",
  retryLimit: 2,
  handle: async () => {
    const deleted = await pruneDeliveryEventKeys();
    console.log(JSON.stringify({ source: "deliverability", message: "pruned delivery event keys", deleted }));
  },
};
