// Job "recheck-sending-domains", hourly: the sending domains not checked for a day get their DNS records checked
// again (recheckDueDomains), so each domain is re-checked daily, spread over the day rather than all at 03:00.
import { z } from "zod";
import { recheckDueDomains } from "@/server/services/deliverability/recheck-sending-domains";
import type { JobDefinition } from "./job-definition";

export const recheckSendingDomainsJob: JobDefinition<z.ZodObject> = {
  name: "recheck-sending-domains",
  payload: z.object({}),
  schedule: "41 * * * *",
  retryLimit: 1,
  expireInSeconds: 30 * 60,
  handle: async () => {
    const { checked } = await recheckDueDomains();
    if (checked) console.log(JSON.stringify({ source: "sending-domains", message: "re-checked domains", checked }));
  },
};
