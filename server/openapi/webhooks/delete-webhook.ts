import { ZIdParams } from "@/lib/schemas/common";
import { noContent, type Operation } from "../shared";
import { tag } from "./schemas";

export const deleteWebhook: Operation = {
  method: "delete",
  path: "/api/v1/webhooks/{id}",
  operationId: "deleteWebhook",
  scope: "write",
  summary: "Delete a webhook",
  description: "Pending deliveries stop and its delivery records are deleted with it.",
  tag,
  params: ZIdParams,
  success: noContent(),
};
