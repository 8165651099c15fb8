import { ZIdParams } from "@/lib/schemas/common";
import { ZListDeliveriesQuery } from "@/lib/schemas/webhooks";
import { ok, type Operation } from "../shared";
import { tag, ZDeliveriesPage } from "./schemas";

export const listWebhookDeliveries: Operation = {
  method: "get",
  path: "/api/v1/webhooks/{id}/deliveries",
  operationId: "listWebhookDeliveries",
  scope: "read",
  summary: "List a webhook's deliveries",
  description:
    "Every delivery attempt (automatic, retried, redelivered or test), most recent first. The page is nested: " +
    "`{ data: { data: [...], total, page, limit, totalPages } }`. Filter by `status`, `eventType` and `since` " +
    "(attempts made at or after that time).",
  tag,
  params: ZIdParams,
  query: ZListDeliveriesQuery,
  success: ok("A page of delivery records", ZDeliveriesPage),
};
