import { ZBroadcastStatsBody } from "@/lib/schemas/broadcast-analytics";
import { ZIdParams } from "@/lib/schemas/common";
import { ok, type Operation } from "../shared";
import { COUNTING, tag } from "./schemas";

export const getBroadcastStats: Operation = {
  method: "get",
  path: "/api/v1/broadcasts/{id}/stats",
  operationId: "getBroadcastStats",
  scope: "read",
  summary: "Get a broadcast's delivery and engagement counts",
  description: `Sending progress (recipientCount, sent, failed, pending) and engagement counts; for an A/B test, \`abTest\` has each variant's results among the test group and the winner's send to the rest of the audience apart (this part reads the recipients, so it costs more on a large A/B broadcast). ${COUNTING}`,
  tag,
  params: ZIdParams,
  success: ok("The broadcast's counts", ZBroadcastStatsBody),
};
