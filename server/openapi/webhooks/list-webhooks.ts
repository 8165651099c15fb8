import { offsetPage } from "@/lib/schemas/common";
import { ZListWebhooksQuery, ZWebhook } from "@/lib/schemas/webhooks";
import { ok, type Operation } from "../shared";
import { tag } from "./schemas";

export const listWebhooks: Operation = {
  method: "get",
  path: "/api/v1/webhooks",
  operationId: "listWebhooks",
  scope: "read",
  summary: "List webhooks",
  description: "Newest first, offset pagination. Secrets are never included.",
  tag,
  query: ZListWebhooksQuery,
  success: ok("A page of webhooks", offsetPage(ZWebhook)),
};
