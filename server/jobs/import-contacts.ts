// Job "import-contacts": runs one CSV import. The payload is only the id; everything else (file, mapping,
// checkpoint) is read from the import's rows, so a lost worker or a duplicate delivery loses or repeats nothing.
import { z } from "zod";
import type { JobDefinition } from "./job-definition";
import { runImport } from "@/server/services/imports/run-import";

const ZImportContactsPayload = z.object({ importId: z.uuid() });

export const importContactsJob: JobDefinition<typeof ZImportContactsPayload> = {
  name: "import-contacts",
  payload: ZImportContactsPayload,
  batchSize: 1,
  retryLimit: 3,
  // A whole 100 MB file takes minutes, not the 15 of pg-boss's default expiry; a stuck run expires after an hour.
  expireInSeconds: 60 * 60,
  handle: async (payloads) => {
    for (const { importId } of payloads) await runImport(importId);
  },
};
