// Job "prune-idempotency-keys", daily: Idempotency-Key records past their 24 hours go (server/http/idempotency.ts).
// Expired rows are already ignored when a key is used again; this only keeps the table small.
import { z } from "zod";
import { pruneIdempotencyKeys } from "@/server/http/idempotency";
import type { JobDefinition } from "./job-definition";

export const pruneIdempotencyKeysJob: JobDefinition<z.ZodObject> = {
  name: "prune-idempotency-keys",
  payload: z.object({}),
  schedule: "29 3 * * *",
  retryLimit: 2,
  handle: async () => {
    const deleted = await pruneIdempotencyKeys();
    console.log(JSON.stringify({ source: "api", message: "pruned idempotency keys", deleted }));
  },
};
