import { ZBroadcastAnalytics } from "@/lib/schemas/broadcast-analytics";
import { ZIdParams } from "@/lib/schemas/common";
import { ok, type Operation } from "../shared";
import { COUNTING, tag } from "./schemas";

export const getBroadcastAnalytics: Operation = {
  method: "get",
  path: "/api/v1/broadcasts/{id}/analytics",
  operationId: "getBroadcastAnalytics",
  scope: "read",
  summary: "Get a broadcast's analytics",
  description: `Counts and rates, engagement by hour after the send, the delivery funnel, clicks by device and the top 10 links. ${COUNTING}`,
  tag,
  params: ZIdParams,
  success: ok("The broadcast's analytics", ZBroadcastAnalytics),
};
